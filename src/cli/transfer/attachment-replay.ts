/**
 * An export's attachments into the target: each match's attachments created
 * again with their url and description. The export holds a file's metadata
 * (name, type, size), not its bytes, and the v2.1 interface has no way to read
 * them: an attachment's file is not carried (one that is only a file, not at
 * all). The target's attachments with the same url and description count as
 * already there, so a re-run sends nothing twice.
 */
import type { ApiClient } from "../../client/api-client.js";
import type { ApiRecord } from "../../client/envelope.js";
import { resourcePath } from "../../client/resource-path.js";
import type { ExportedAttachment, TournamentExport } from "../../model/tournament-export.js";
import { targetMatches } from "./target-matches.js";

const text = (v: unknown) => (v === null || v === undefined || v === "" ? null : String(v));
const same = (a: Readonly<Record<string, unknown>>) =>
  JSON.stringify([text(a.url), text(a.description)]);

/** Whether the attachment has something the interface can carry: a url or a description. */
export function carried(a: ExportedAttachment): boolean {
  return text(a.attributes.url) !== null || text(a.attributes.description) !== null;
}

async function attachmentsOf(client: ApiClient, url: string, match: ApiRecord) {
  const path = resourcePath("tournaments", url, "matches", match.id, "attachments");
  return client.requester.listAll({ method: "GET", path });
}

/** Creates the attachments the target lacks; returns how many it created. */
export async function replayAttachments(client: ApiClient, doc: TournamentExport): Promise<number> {
  const wanted = doc.attachments.filter(carried);
  if (wanted.length === 0) return 0;
  const url = doc.tournament.url;
  const target = await targetMatches(client, url);
  let sent = 0;
  for (const key of new Set(wanted.map((a) => a.match))) {
    const match = target.get(key);
    if (match === undefined) continue;
    const there = (await attachmentsOf(client, url, match)).map((a) => same(a.attributes));
    for (const a of wanted.filter((w) => w.match === key)) {
      const at = there.indexOf(same(a.attributes));
      if (at >= 0) {
        there.splice(at, 1);
        continue;
      }
      const { url: link, description } = a.attributes;
      await client.attachments.create(url, match.id, {
        ...(text(link) === null ? {} : { url: link }),
        ...(text(description) === null ? {} : { description }),
      });
      sent++;
    }
  }
  return sent;
}
