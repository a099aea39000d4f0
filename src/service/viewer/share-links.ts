/**
 * Share links of the bracket viewer (issue 18): a token that opens one private
 * tournament's page, data and event stream on `serve` (`?share=TOKEN`), and
 * nothing else: never a /v2.1 route, never another tournament. Made, listed and
 * revoked by the tournament's owner through an extension of v2.1 (as standings
 * are), so `tourney bracket --share` works on either backend:
 *
 *     POST   /v2.1/tournaments/{t}/share_links        201, the token (shown once)
 *     GET    /v2.1/tournaments/{t}/share_links        the links, without tokens
 *     DELETE /v2.1/tournaments/{t}/share_links/{id}   revokes (the id, or the token itself)
 *
 * Only the token's SHA-256 is stored (store/share-links-repository.ts).
 */
import type { ResourceObject } from "../../model/resource.js";
import { OWNER_ID } from "../../store/credentials.js";
import { ShareLinkRepository, type ShareLinkRow } from "../../store/share-links-repository.js";
import type { TournamentRow } from "../../store/tournaments-repository.js";
import { communityOf } from "../community.js";
import type { ServiceContext } from "../context.js";
import { listDocument, readPage } from "../envelope.js";
import { notFound, ServiceError } from "../errors.js";
import { findTournament } from "../lookup.js";
import type { Router, ServiceRequest } from "../router.js";

/** How every share token starts (API keys start `tk_`): tells the two apart at a glance. */
export const SHARE_TOKEN_PREFIX = "tv_";
const TOKEN_SHAPE = /^tv_[A-Za-z0-9_-]{32}$/;

const repositories = new WeakMap<ServiceContext, ShareLinkRepository>();

/** The share links of the service's database. */
export function shareLinks(service: ServiceContext): ShareLinkRepository {
  let repo = repositories.get(service);
  if (repo === undefined) {
    repo = new ShareLinkRepository(service.db);
    repositories.set(service, repo);
  }
  return repo;
}

/** Whether `text` has the shape of a share token (before any lookup). */
export function isShareToken(text: string): boolean {
  return TOKEN_SHAPE.test(text);
}

function newShareToken(): string {
  const { randomBytes } = process.getBuiltinModule("node:crypto");
  return `${SHARE_TOKEN_PREFIX}${randomBytes(24).toString("base64url")}`;
}

/** The page's path on serve, from the root of its address. */
export function bracketPath(row: TournamentRow): string {
  return `/tournaments/${encodeURIComponent(row.url)}/bracket`;
}

function linkResource(row: ShareLinkRow, t: TournamentRow, token?: string): ResourceObject {
  const path = bracketPath(t);
  return {
    id: String(row.id),
    type: "share_link",
    attributes: {
      tournament_id: row.tournament_id,
      token_end: row.token_end,
      created_at: row.created_at,
      revoked_at: row.revoked_at,
      ...(token === undefined
        ? {}
        : { token, page_path: `${path}?share=${encodeURIComponent(token)}` }),
    },
  };
}

/** Share links are the owner's business: another account reading a public tournament gets 403. */
function ownedTournament(service: ServiceContext, r: ServiceRequest): TournamentRow {
  const t = findTournament(service, r.params.tournament!, communityOf(r));
  const caller = service.caller;
  if (caller.local !== true && (t.owner_id ?? OWNER_ID) !== caller.user_id)
    throw ServiceError.of(
      403,
      "only the tournament's owner makes, lists and revokes its share links",
    );
  return t;
}

function findLink(service: ServiceContext, t: TournamentRow, ref: string): ShareLinkRow {
  const repo = shareLinks(service);
  const row = /^\d+$/.test(ref)
    ? repo.find(t.id, Number(ref))
    : isShareToken(ref)
      ? repo.findByToken(ref)
      : undefined;
  if (row === undefined || row.tournament_id !== t.id)
    throw notFound(
      `share link ${/^\d+$/.test(ref) ? ref : "given"} not found in tournament ${t.url}`,
    );
  return row;
}

export function registerShareLinkRoutes(
  router: Router,
  service: ServiceContext,
  prefix: string,
): void {
  const path = `${prefix}/tournaments/:tournament/share_links`;
  router.get(path, (r) => {
    const t = ownedTournament(service, r);
    const page = readPage((n) => r.query.get(n) ?? undefined);
    const rows = shareLinks(service).list(t.id);
    const shown = rows.slice((page.page - 1) * page.perPage, page.page * page.perPage);
    const data = shown.map((row) => linkResource(row, t));
    return { status: 200, body: listDocument(data, rows.length, page, r) };
  });
  router.post(path, (r) => {
    const t = ownedTournament(service, r);
    const token = newShareToken();
    const row = service.write(() => {
      const repo = shareLinks(service);
      return repo.find(t.id, repo.insert(t.id, token, service.now()))!;
    });
    return { status: 201, body: { data: linkResource(row, t, token) } };
  });
  router.delete(`${path}/:link`, (r) => {
    const t = ownedTournament(service, r);
    const row = service.write(() => {
      const link = findLink(service, t, r.params.link!);
      shareLinks(service).revoke(link.id, service.now());
      return shareLinks(service).find(t.id, link.id)!;
    });
    return { status: 200, body: { data: linkResource(row, t) } };
  });
}
