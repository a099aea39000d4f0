/**
 * Share links of the bracket viewer (issue 18, migration 10): each a read-only
 * token opening one tournament's page, data and event stream on `serve`. Only a
 * SHA-256 hash of the token is stored (credentials.ts hashSecret), with its last
 * four characters to tell links apart in a list. A revoked link keeps its row,
 * with the time it was revoked; a deleted tournament takes its links with it.
 * Plain (every read a query): a link is looked up when a page, its data or its
 * stream is opened, not on the API's hot path.
 */
import { hashSecret } from "./credentials.js";
import type { Db } from "./database.js";

export interface ShareLinkRow {
  readonly id: number;
  readonly tournament_id: number;
  /** The token's last four characters. */
  readonly token_end: string;
  readonly created_at: string;
  readonly revoked_at: string | null;
}

const COLUMNS = "id, tournament_id, token_end, created_at, revoked_at";

export class ShareLinkRepository {
  constructor(private readonly db: Db) {}

  /** Stores `token` (hashed) for the tournament; its id. */
  insert(tournamentId: number, token: string, now: string): number {
    const result = this.db
      .prepare(
        "INSERT INTO share_links (tournament_id, token_hash, token_end, created_at) VALUES (?, ?, ?, ?)",
      )
      .run(tournamentId, hashSecret(token), token.slice(-4), now);
    return Number(result.lastInsertRowid);
  }

  /** The link `token` is, revoked or not; undefined for a token never issued here. */
  findByToken(token: string): ShareLinkRow | undefined {
    return this.db
      .prepare(`SELECT ${COLUMNS} FROM share_links WHERE token_hash = ?`)
      .get(hashSecret(token)) as ShareLinkRow | undefined;
  }

  find(tournamentId: number, id: number): ShareLinkRow | undefined {
    return this.db
      .prepare(`SELECT ${COLUMNS} FROM share_links WHERE tournament_id = ? AND id = ?`)
      .get(tournamentId, id) as ShareLinkRow | undefined;
  }

  /** The tournament's links, oldest first, revoked ones included. */
  list(tournamentId: number): ShareLinkRow[] {
    return this.db
      .prepare(`SELECT ${COLUMNS} FROM share_links WHERE tournament_id = ? ORDER BY id`)
      .all(tournamentId) as ShareLinkRow[];
  }

  /** Marks the link revoked (once: a second revocation keeps the first time). */
  revoke(id: number, now: string): void {
    this.db
      .prepare("UPDATE share_links SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL")
      .run(now, id);
  }
}
