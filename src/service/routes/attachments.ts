/**
 * Match attachments (issue 15): `/tournaments/{t}/matches/{m}/attachments`
 * under both prefixes, and the contract's community form
 * `/communities/{c}/tournaments/{t}/match_attachments` (the match as
 * `match_id` in the query or the attributes).
 */
import { createAttachment, deleteAttachment, listAttachments } from "../attachments/attachments.js";
import { communityOf } from "../community.js";
import type { ServiceContext } from "../context.js";
import { listDocument, readAttributes, readPage } from "../envelope.js";
import { badParameter } from "../errors.js";
import { findTournament } from "../lookup.js";
import { readJsonBody } from "../request-body.js";
import type { Reply, Router, ServiceRequest } from "../router.js";
import { attachmentResource } from "../serializers/attachment.js";
import { readAttachmentInput } from "../validation/attachment-input.js";
import { type Ignored, ignoredMeta } from "../validation/ignored.js";
import { readMatchId } from "../validation/station-input.js";
import { findMatch } from "./matches.js";

/** The match a request names; undefined: every match of the tournament (list and delete only). */
type MatchRef = (r: ServiceRequest, attributes?: Record<string, unknown>) => string | undefined;

function handlers(service: ServiceContext, matchOf: MatchRef) {
  const tournament = (r: ServiceRequest) =>
    findTournament(service, r.params.tournament!, communityOf(r));
  return {
    list: (r: ServiceRequest): Reply => {
      const t = tournament(r);
      const page = readPage((n) => r.query.get(n) ?? undefined);
      const { rows, total } = listAttachments(
        service,
        t,
        matchOf(r),
        page.perPage,
        (page.page - 1) * page.perPage,
      );
      return {
        status: 200,
        body: listDocument(rows.map(attachmentResource), total, page, r),
        reusable: true,
        tournament: t.id,
      };
    },
    create: (r: ServiceRequest): Reply => {
      const t = tournament(r);
      // The match of the path looked up before the body: 404 whatever the body (docs/serve.md).
      if (r.params.match !== undefined) findMatch(service, t, r.params.match);
      const attributes = readAttributes(readJsonBody(r), "matchAttachment");
      const match = matchOf(r, attributes) ?? required();
      const ignored: Ignored = [];
      const { match_id: _, ...rest } = attributes;
      const input = readAttachmentInput(r.params.match === undefined ? rest : attributes, ignored);
      const row = createAttachment(service, t.id, match, input);
      return { status: 201, body: { data: attachmentResource(row), ...ignoredMeta(ignored) } };
    },
    delete: (r: ServiceRequest): Reply => {
      deleteAttachment(service, tournament(r).id, matchOf(r), r.params.attachment!);
      return { status: 204 };
    },
  };
}

function required(): never {
  throw badParameter("match_id", "match_id (the match's id) is required");
}

/**
 * The contract's community form names the match in the query or the attributes; its
 * path cannot hold the `match_id` it declares, so a list or delete without one reaches
 * every match of the tournament (a create still needs it).
 */
function matchFromQueryOrBody(r: ServiceRequest, attributes?: Record<string, unknown>) {
  const raw = r.query.get("match_id") ?? attributes?.match_id;
  if (raw === undefined || raw === null) return undefined;
  const id = readMatchId(raw);
  if (id === undefined) required();
  return String(id);
}

export function registerAttachmentRoutes(
  router: Router,
  service: ServiceContext,
  prefix: string,
): void {
  const path = `${prefix}/tournaments/:tournament/matches/:match/attachments`;
  const byPath = handlers(service, (r) => r.params.match!);
  router.get(path, byPath.list);
  router.post(path, byPath.create);
  router.delete(`${path}/:attachment`, byPath.delete);
  if (!prefix.includes("/communities/")) return;
  const flat = `${prefix}/tournaments/:tournament/match_attachments`;
  const byQuery = handlers(service, matchFromQueryOrBody);
  router.get(flat, byQuery.list);
  router.post(flat, byQuery.create);
  router.delete(`${flat}/:attachment`, byQuery.delete);
}
