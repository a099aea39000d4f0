/**
 * Validators per tournament: the part of an entity tag (entity-tag.ts) that stands for the
 * stored data a reply depends on, for replies that depend on one tournament alone (router.ts
 * `Reply.tournament`: its record, participants, matches, standings, stations, queues and
 * attachments). The store's generation moves with every write anywhere, so a client polling
 * tournament A with If-None-Match got a full 200 after every write to an unrelated B. Here
 * the part is
 *
 *     t<id>r<revision>s<schema>
 *
 * - revision: the tournament's own (store/tournament-revisions.ts, the reader the bracket
 *   page's data.json uses): it moves whenever the tournament's row or a row it owns changed,
 *   by this connection or another process on the same file (database triggers, and the
 *   match rows' versions), a check-in opened by a read included (the route wrote it before
 *   the tag is made). The reader's numbers are its own and never go back, so a tournament
 *   deleted and made again under the same url (a new id, AUTOINCREMENT) never shows an old
 *   tag, nor does a tournament the reader forgot and reads again;
 * - schema: `PRAGMA schema_version`, which every migration (another tourney's, on the same
 *   file while serve runs) moves: a migration's change is never taken for no change;
 * - id: the tournament's, for If-Match (checkIfMatch names the tournament a tag is of).
 * Users and communities show in none of these bodies: participants keep their own username,
 * and who may look (access.ts, a community's existence) is checked by the route before any
 * 304. Lists spanning tournaments, races, /me and /communities keep the store's generation.
 *
 * A part costs two looks at other connections' commits and an indexed read (read
 * transactions of their own on a WAL file, ~10 us each: read-batch.ts), so it is kept while
 * the store's generation stays the same: equal generations mean nothing was written by
 * anyone in between (store.ts Store.generation), so the tournament's revision is the same
 * too. A poller of A pays for it once after each write anywhere, not at each request.
 */
import type { Statement } from "better-sqlite3";
import type { Db } from "../store/database.js";
import type { RevisionReader } from "../store/tournament-revisions.js";
import type { ServiceContext } from "./context.js";

/** Parts kept within one generation at most (past it they are all dropped): ~100 bytes each. */
const KEPT_PARTS = 10_000;

/** The tournament id of a tag made from a part of this module (`"<instance>.t<id>r..."`). */
const TAG_OF_TOURNAMENT = /^"[^".]+\.t(\d+)r\d+s-?\d+\.[^".]*"$/;

/** The tournament a tag of this module names, if it is one. */
export function tournamentOfTag(tag: string): number | undefined {
  const found = TAG_OF_TOURNAMENT.exec(tag);
  return found === null ? undefined : Number(found[1]);
}

/** What the tags ask of the store: a look at other connections' commits, and its generation. */
export interface LookingStore {
  /** Looks at other connections' commits now (store.ts ChangeLog.mark). */
  look(): void;
  /** store.ts Store.generation: moves with any write, and with a commit a look saw. */
  generation(): string | undefined;
}

export class TournamentTags {
  /** The store generation the kept parts were read at. */
  #generation: string | undefined;
  readonly #parts = new Map<number, string>();
  /** The store cache's epoch `#schema` was read at (store.ts generationOf: `<epoch>.<changes>`). */
  #schemaEpoch: string | undefined;
  #schema = 0;
  /** Prepared at first use: a CLI process that reads no tournament's reply pays nothing. */
  #schemaVersion: Statement<unknown[]> | undefined;

  constructor(
    private readonly db: Db,
    private readonly revisionOf: RevisionReader,
    private readonly store: LookingStore,
  ) {}

  /**
   * The part for a reply that depends on tournament `id` alone, read after its route ran:
   * `generation` is the store's then. Undefined (the caller uses the store's generation):
   * the tournament has no row, or the part is not kept and a write transaction is open
   * (serve's commit group), whose writes may yet be rolled back: a revision read in it
   * would be taken as changed at the next look outside it (tournament-revisions.ts), a
   * 200 more for every poller. `inWrite`: read it in the transaction all the same (an
   * If-Match check, which must compare with what the write will change).
   */
  part(id: number, generation: string, inWrite = false): string | undefined {
    if (generation !== this.#generation) {
      this.#parts.clear();
      this.#generation = generation;
    }
    const kept = this.#parts.get(id);
    if (kept !== undefined) return kept;
    const writing = this.db.inTransaction;
    if (writing && !inWrite) return undefined;
    const revision = this.revisionOf(id);
    if (revision === undefined) return undefined;
    const part = `t${id}r${revision}s${this.#schemaAt(generation)}`;
    // The reads above see the latest commit; the route read what the request's look saw
    // (the store's cache). Another connection's commit landing between the two would tag
    // the older body with the newer revision, and a later 304 would keep it: a look now,
    // and the part is taken only if no commit came since the request's (same generation).
    this.store.look();
    if (this.store.generation() !== generation) return undefined;
    if (writing) return part;
    if (this.#parts.size >= KEPT_PARTS) this.#parts.clear();
    this.#parts.set(id, part);
    return part;
  }

  /**
   * The part of a reply's tag that stands for the stored data (entity-tag.ts): tournament
   * `id`'s when the reply depends on it alone (router.ts Reply.tournament), else, or when
   * `part` gives none, the store's `generation`.
   */
  dataPart(id: number | undefined, generation: string): string {
    return id === undefined ? generation : (this.part(id, generation) ?? generation);
  }

  /**
   * If-Match's look at a tag of tournament `id` (entity-tag.ts checkIfMatch): its part now,
   * read in the write's transaction if one is open, when the write's `path` names it.
   */
  ofWrite(service: ServiceContext, path: string, id: number): string | undefined {
    const target = tournamentOfPath(path, (url) => service.tournaments.findByUrl(url)?.id);
    const generation = target === id ? service.generation() : undefined;
    return generation === undefined ? undefined : this.part(id, generation, true);
  }

  /**
   * The schema's version, read again when the cache's epoch moved: another connection's
   * commit (a migration among them) or a rollback; this connection changes no schema once
   * open (the migrations ran then).
   */
  #schemaAt(generation: string): number {
    const epoch = generation.slice(0, generation.indexOf("."));
    if (epoch !== this.#schemaEpoch) {
      this.#schemaVersion ??= this.db.prepare("PRAGMA schema_version").pluck();
      this.#schema = this.#schemaVersion.get() as number;
      this.#schemaEpoch = epoch;
    }
    return this.#schema;
  }
}

/** The tags of `context`'s service, reading tournament revisions with `revisions`. */
export function tournamentTags(context: ServiceContext, revisions: RevisionReader): TournamentTags {
  return new TournamentTags(context.db, revisions, {
    look: () => context.changes?.mark(),
    generation: () => context.generation(),
  });
}

const TOURNAMENT_IN_PATH = /\/tournaments\/([^/]+)/;

/**
 * The tournament a request's path names (`.../tournaments/<id or url>/...`), as the route
 * would find it (`byUrl`: a url's tournament id), or undefined: a path of no tournament.
 */
export function tournamentOfPath(
  path: string,
  byUrl: (url: string) => number | undefined,
): number | undefined {
  const found = TOURNAMENT_IN_PATH.exec(path);
  if (found === null) return undefined;
  let ref = found[1]!;
  try {
    if (ref.includes("%")) ref = decodeURIComponent(ref);
  } catch {
    return undefined;
  }
  return /^\d+$/.test(ref) ? Number(ref) : byUrl(ref);
}
