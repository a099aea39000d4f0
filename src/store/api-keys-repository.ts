/**
 * API keys of the served service. Only a SHA-256 hash of each key is stored.
 * Each key acts for one user account and may carry scopes (NULL: every scope).
 * The plain repository: every read a query (cache/cached-api-keys.ts holds them).
 */
import type { Statement } from "better-sqlite3";
import { type Credential, hashSecret, OWNER_ID, parseScopes } from "./credentials.js";
import type { Db } from "./database.js";

/** A key as `verify` finds it: a credential (credentials.ts), held as it is by the cache. */
export interface ApiKeyRow extends Credential {
  readonly id: number;
  readonly label: string;
  readonly created_at: string;
  readonly last_used_at: string | null;
}

/** A key as listed: its account's name and its scopes as stored (space-separated). */
export interface ApiKeyListRow {
  readonly id: number;
  readonly label: string;
  readonly username: string;
  /** Space-separated; null: every scope. */
  readonly scopes: string | null;
  readonly created_at: string;
  readonly last_used_at: string | null;
}

/** Whom a new key acts for, and its scopes (undefined or null: every scope). */
export interface KeyGrant {
  readonly userId?: number;
  readonly scopes?: readonly string[] | null;
}

type RawRow = Omit<ApiKeyRow, "scopes"> & { scopes: string | null };

/** A key's use is written at most this often: reads must not write on every request. */
export const LAST_USED_RESOLUTION_MS = 60_000;

export class ApiKeyRepository {
  readonly #byHash: Statement<[string], RawRow>;
  readonly #touch: Statement<[string, number]>;
  /**
   * When each key's use is next written (ISO 8601, as `now` is given), so that it is
   * written once a minute at most. A use before it costs a comparison of two strings
   * of the same form (which order as the times do): Date.parse of `now` at every
   * request was 0.34 us of the ~4 us a served GET spends in the service.
   */
  readonly #due = new Map<number, string>();

  constructor(private readonly db: Db) {
    this.#byHash = db.prepare(
      `SELECT k.id, k.label, k.created_at, k.last_used_at, k.user_id, u.username, k.scopes
       FROM api_keys k JOIN users u ON u.id = k.user_id WHERE k.key_hash = ?`,
    );
    this.#touch = db.prepare("UPDATE api_keys SET last_used_at = ? WHERE id = ?");
  }

  count(): number {
    return (this.db.prepare("SELECT COUNT(*) AS n FROM api_keys").get() as { n: number }).n;
  }

  /** A new key for `grant.userId` (default: the owner) with `grant.scopes` (default: every scope). */
  insert(label: string, key: string, now: string, grant: KeyGrant = {}): number {
    const scopes = grant.scopes == null ? null : grant.scopes.join(" ");
    const result = this.db
      .prepare(
        "INSERT INTO api_keys (label, key_hash, created_at, user_id, scopes) VALUES (?, ?, ?, ?, ?)",
      )
      .run(label, hashSecret(key), now, grant.userId ?? OWNER_ID, scopes);
    return Number(result.lastInsertRowid);
  }

  /** The key whose hash is `hash`, if any. */
  findByHash(hash: string): ApiKeyRow | undefined {
    const raw = this.#byHash.get(hash);
    return raw === undefined ? undefined : { ...raw, scopes: parseScopes(raw.scopes) };
  }

  /** The row of the key presented (hashed, as stored), if any. */
  findByKey(key: string): ApiKeyRow | undefined {
    return this.findByHash(hashSecret(key));
  }

  /** Returns the key's row when it is known, noting its use (at most once a minute, never failing). */
  verify(key: string, now: string): ApiKeyRow | undefined {
    const row = this.findByKey(key);
    if (row !== undefined) this.#noteUse(row, now);
    return row;
  }

  /** Writes the key's last use; throws when the database is busy or read-only. */
  recordUse(id: number, now: string): void {
    this.#touch.run(now, id);
  }

  /**
   * Writes last_used_at when the last write is a minute old. It never waits for
   * another connection's write lock (busy_timeout 0 for this one statement) and
   * never fails the request: a use it cannot write now is written a minute later.
   */
  #noteUse(row: ApiKeyRow, now: string): void {
    const due = this.#due.get(row.id);
    if (due !== undefined && now < due) return;
    const at = Date.parse(now);
    const last =
      due !== undefined || row.last_used_at === null
        ? Number.NEGATIVE_INFINITY
        : Date.parse(row.last_used_at);
    const early = at - last < LAST_USED_RESOLUTION_MS;
    const next = (early ? last : at) + LAST_USED_RESOLUTION_MS;
    // A time that is no date (never from the service's clock) is looked at each time.
    if (Number.isFinite(next)) this.#due.set(row.id, new Date(next).toISOString());
    if (early) return;
    if (this.db.inTransaction) {
      // Inside serve's group commit (service/commit-group.ts), which holds the write
      // lock: the use lands with the group's commit (under a steady write load every
      // request is in a group, so skipping here would never record it).
      try {
        this.recordUse(row.id, now);
      } catch {
        // Refused (a read-only file): recorded on a later request.
      }
      return;
    }
    const timeout = this.db.pragma("busy_timeout", { simple: true }) as number;
    this.db.pragma("busy_timeout = 0");
    try {
      this.recordUse(row.id, now);
    } catch {
      // Busy or read-only: the use is recorded on a later request.
    } finally {
      this.db.pragma(`busy_timeout = ${timeout}`);
    }
  }

  list(): ApiKeyListRow[] {
    return this.db
      .prepare(
        `SELECT k.id, k.label, u.username, k.scopes, k.created_at, k.last_used_at
         FROM api_keys k JOIN users u ON u.id = k.user_id ORDER BY k.id`,
      )
      .all() as ApiKeyListRow[];
  }

  revoke(id: number): boolean {
    return this.db.prepare("DELETE FROM api_keys WHERE id = ?").run(id).changes > 0;
  }
}
