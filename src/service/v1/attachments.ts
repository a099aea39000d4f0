/**
 * v1 match attachments: index, create, show, update, destroy, over the match
 * attachment store of issue 15 (service/attachments/attachments.ts) and its
 * input rules (validation/attachment-input.ts).
 */

import type { AttachmentRow } from "../../store/attachments-repository.js";
import {
  createAttachment,
  deleteAttachment,
  findAttachment,
  listAttachments,
  updateAttachment,
} from "../attachments/attachments.js";
import type { ServiceContext } from "../context.js";
import type { Router } from "../router.js";
import { findMatch } from "../routes/matches.js";
import { readAttachmentInput } from "../validation/attachment-input.js";
import type { Ignored } from "../validation/ignored.js";
import { v1Time } from "./tournament-record.js";
import { v1Tournament } from "./tournaments.js";
import { V1_PREFIX, type V1Call, v1Error, v1Handler } from "./transport.js";
import { readV1Value, recordParam } from "./values.js";

const TEXT = new Set(["url", "description"]);

/** `match_attachment[url|description]` (and `asset` as {file_name, content_type, data} in JSON). */
function attachmentAttributes(call: V1Call, required: boolean): Record<string, unknown> {
  const input = recordParam(call.params, "match_attachment", required);
  const attributes: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [name, value] of Object.entries(input)) {
    if (name === "asset") attributes.asset = value;
    else if (!TEXT.has(name))
      problems.push(`match_attachment[${name}] is not a v1 attachment field`);
    else {
      const read = readV1Value("string", value);
      if ("problem" in read) problems.push(`match_attachment[${name}] ${read.problem}`);
      else attributes[name] = read.ok === "" ? null : read.ok;
    }
  }
  if (problems.length > 0) throw v1Error(422, ...problems);
  return attributes;
}

export function attachmentRecord(row: AttachmentRow): {
  match_attachment: Record<string, unknown>;
} {
  return {
    match_attachment: {
      id: row.id,
      match_id: row.match_id,
      url: row.url,
      description: row.description,
      original_file_name: row.file_name,
      asset_file_name: row.file_name,
      asset_content_type: row.content_type,
      asset_file_size: row.size,
      asset_url: null,
      created_at: v1Time(row.created_at),
      updated_at: v1Time(row.updated_at),
    },
  };
}

export function registerV1AttachmentRoutes(router: Router, service: ServiceContext): void {
  const path = `${V1_PREFIX}/tournaments/:tournament/matches/:match/attachments`;
  const route = (fn: (call: V1Call) => unknown) =>
    v1Handler(service, fn, (pointer, detail) =>
      pointer.startsWith("/data/attributes/")
        ? `match_attachment[${pointer.slice(17)}]: ${detail}`
        : detail,
    );
  const match = (call: V1Call) => call.request.params.match!;
  const attachment = (call: V1Call) => call.request.params.attachment!;
  router.get(
    path,
    route((call) =>
      listAttachments(service, v1Tournament(service, call), match(call)).rows.map(attachmentRecord),
    ),
  );
  router.post(
    path,
    route((call) => {
      const t = v1Tournament(service, call);
      findMatch(service, t, match(call)); // 404 before the parameters, as v2.1's create
      const input = readAttachmentInput(attachmentAttributes(call, true), [] as Ignored);
      return attachmentRecord(createAttachment(service, t.id, match(call), input));
    }),
  );
  router.get(
    `${path}/:attachment`,
    route((call) =>
      attachmentRecord(
        findAttachment(service, v1Tournament(service, call), match(call), attachment(call)),
      ),
    ),
  );
  router.put(
    `${path}/:attachment`,
    route((call) => {
      const t = v1Tournament(service, call);
      findAttachment(service, t, match(call), attachment(call)); // 404 before the parameters
      const given = attachmentAttributes(call, true);
      const row = updateAttachment(service, t.id, match(call), attachment(call), (current) => {
        const merged = { url: current.url, description: current.description, ...given };
        const { url, description, file } = readAttachmentInput(
          { ...merged, ...(given.asset === undefined ? {} : { asset: given.asset }) },
          [] as Ignored,
        );
        return given.asset === undefined ? { url, description } : { url, description, file };
      });
      return attachmentRecord(row);
    }),
  );
  router.delete(
    `${path}/:attachment`,
    route((call) => {
      const t = v1Tournament(service, call);
      const row = findAttachment(service, t, match(call), attachment(call));
      deleteAttachment(service, t.id, match(call), attachment(call));
      return attachmentRecord(row);
    }),
  );
}
