/**
 * Communities (issue 15): administered with `tourney serve community` (the
 * admin below, without starting the service), read by `GET /communities`,
 * and checked wherever a request names one: `/communities/{c}/...` or
 * `?community_id=` of an unknown community answers 404 naming it.
 */
import { CommunityRepository, type CommunityRow } from "../store/communities-repository.js";
import { OWNER_ID } from "../store/credentials.js";
import type { Db } from "../store/database.js";
import { openDatabase } from "../store/database.js";
import { communityOf } from "./community.js";
import type { ServiceContext } from "./context.js";
import { notFound, ServiceError } from "./errors.js";
import { type Handler, Router, type ServiceRequest } from "./router.js";

const repositories = new WeakMap<Db, CommunityRepository>();

export function communityStore(db: Db): CommunityRepository {
  let repo = repositories.get(db);
  if (repo === undefined) {
    repo = new CommunityRepository(db);
    repositories.set(db, repo);
  }
  return repo;
}

/** Why a community cannot be added or removed, for the CLI to report (exit 2 or 3). */
export class CommunityAdminError extends Error {
  override readonly name = "CommunityAdminError";
  constructor(
    message: string,
    readonly kind: "usage" | "not_found",
  ) {
    super(message);
  }
}

export interface CommunityAdmin {
  add(input: { identifier: string; name?: string; description?: string }): CommunityRow;
  list(): (CommunityRow & { members: string[] })[];
  remove(identifier: string): void;
  /** Makes `member` (an API key's label) belong to the community. */
  addMember(identifier: string, member: string): void;
  close(): void;
}

const IDENTIFIER = /^[a-z0-9][a-z0-9_-]{0,59}$/i;

export function communityAdmin(db: Db, now: () => Date, close: () => void): CommunityAdmin {
  const repo = communityStore(db);
  const find = (identifier: string): CommunityRow => {
    const row = repo.find(identifier);
    if (row === undefined) throw new CommunityAdminError(`no community ${identifier}`, "not_found");
    return row;
  };
  return {
    add(input) {
      if (!IDENTIFIER.test(input.identifier))
        throw new CommunityAdminError(
          `community identifier ${JSON.stringify(input.identifier)}: use 1-60 letters, digits, - and _`,
          "usage",
        );
      if (repo.find(input.identifier) !== undefined)
        throw new CommunityAdminError(`community ${input.identifier} exists already`, "usage");
      const id = repo.insert(
        {
          identifier: input.identifier,
          name: input.name ?? input.identifier,
          description: input.description ?? "",
        },
        now().toISOString(),
      );
      return repo.list().find((c) => c.id === id)!;
    },
    list: () => repo.list().map((c) => ({ ...c, members: repo.members(c.id) })),
    remove(identifier) {
      const row = find(identifier);
      if (row.tournaments_count > 0)
        throw new CommunityAdminError(
          `community ${identifier} holds ${row.tournaments_count} tournament(s); delete them first`,
          "usage",
        );
      repo.delete(row.id);
    },
    addMember(identifier, member) {
      repo.addMember(find(identifier).id, member);
    },
    close,
  };
}

export function createCommunityAdmin(dbPath: string): CommunityAdmin {
  const db = openDatabase(dbPath);
  return communityAdmin(
    db,
    () => new Date(),
    () => db.close(),
  );
}

/**
 * Tournaments are made in a community by its members only (issue 24, item 11:
 * membership filtered GET /communities and nothing else). The server's owner
 * account and the local caller may make them anywhere; anyone else gets 403
 * naming the community. An unknown community is a 404 (v1's subdomain too).
 */
export function checkMayCreateIn(service: ServiceContext, identifier: string): void {
  const repo = communityStore(service.db);
  const row = repo.find(identifier);
  if (row === undefined)
    throw notFound(
      `community ${identifier} not found: see GET /communities (tourney community list)`,
    );
  const { caller } = service;
  if (caller.local === true || caller.user_id === OWNER_ID) return;
  const name = caller.username.toLowerCase();
  if (repo.members(row.id).some((member) => member.toLowerCase() === name)) return;
  throw ServiceError.of(
    403,
    `only members of community ${row.identifier} may create tournaments in it, and ${caller.username} is not one; the server's owner adds members (tourney serve key create --user ${caller.username} --community ${row.identifier})`,
  );
}

/** 404 when the request names a community that does not exist. */
function checkCommunity(service: ServiceContext, r: ServiceRequest): void {
  // Most requests name none: the query is parsed only when it can hold one.
  if (r.params.community_id === undefined && !r.url.includes("community_id")) return;
  const id = communityOf(r);
  if (id !== undefined && communityStore(service.db).find(id) === undefined)
    throw notFound(`community ${id} not found: see GET /communities (tourney community list)`);
}

/** Registers on `target`, each handler checking the community its request names first. */
class CommunityCheckedRouter extends Router {
  constructor(
    private readonly target: Router,
    private readonly service: ServiceContext,
  ) {
    super();
  }

  override add(method: Parameters<Router["add"]>[0], pattern: string, handler: Handler): void {
    this.target.add(method, pattern, (r) => {
      checkCommunity(this.service, r);
      return handler(r);
    });
  }
}

export function communityChecked(router: Router, service: ServiceContext): Router {
  return new CommunityCheckedRouter(router, service);
}
