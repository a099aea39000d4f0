/** Match attachments: a link, a description, or a small uploaded file kept in the row. */
import type { Db } from "./database.js";
import { Statements } from "./statements.js";

export interface AttachmentRow {
  readonly id: number;
  readonly match_id: number;
  readonly url: string | null;
  readonly description: string | null;
  readonly file_name: string | null;
  readonly content_type: string | null;
  /** Size of the stored file in bytes; null without one. */
  readonly size: number | null;
  readonly created_at: string;
  readonly updated_at: string;
}

export interface NewAttachment {
  readonly url: string | null;
  readonly description: string | null;
  readonly file: { readonly name: string; readonly type: string; readonly content: Buffer } | null;
}

const SELECT = `SELECT id, match_id, url, description, file_name, content_type,
  length(content) AS size, created_at, updated_at FROM match_attachments`;

const IN_TOURNAMENT = "match_id IN (SELECT id FROM matches WHERE tournament_id = ?)";

export class AttachmentRepository {
  private readonly statements: Statements;

  constructor(db: Db) {
    this.statements = new Statements(db);
  }

  count(matchId: number): number {
    return this.statements
      .get("SELECT COUNT(*) FROM match_attachments WHERE match_id = ?")
      .pluck()
      .get(matchId) as number;
  }

  list(matchId: number, limit = -1, offset = 0): AttachmentRow[] {
    return this.statements
      .get(`${SELECT} WHERE match_id = ? ORDER BY id LIMIT ? OFFSET ?`)
      .all(matchId, limit, offset) as AttachmentRow[];
  }

  find(matchId: number, id: number): AttachmentRow | undefined {
    return this.statements.get(`${SELECT} WHERE match_id = ? AND id = ?`).get(matchId, id) as
      | AttachmentRow
      | undefined;
  }

  /** Attachments of every match of a tournament (the community `match_attachments` list). */
  countInTournament(tournamentId: number): number {
    return this.statements
      .get(`SELECT COUNT(*) FROM match_attachments WHERE ${IN_TOURNAMENT}`)
      .pluck()
      .get(tournamentId) as number;
  }

  /** How many attachments each match of a tournament has (the matches with any), in one query. */
  countsInTournament(tournamentId: number): Map<number, number> {
    const sql = `SELECT match_id, COUNT(*) FROM match_attachments WHERE ${IN_TOURNAMENT} GROUP BY match_id`;
    const rows = this.statements.get(sql).raw(true).all(tournamentId) as [number, number][];
    return new Map(rows);
  }

  listInTournament(tournamentId: number, limit = -1, offset = 0): AttachmentRow[] {
    return this.statements
      .get(`${SELECT} WHERE ${IN_TOURNAMENT} ORDER BY id LIMIT ? OFFSET ?`)
      .all(tournamentId, limit, offset) as AttachmentRow[];
  }

  findInTournament(tournamentId: number, id: number): AttachmentRow | undefined {
    return this.statements
      .get(`${SELECT} WHERE ${IN_TOURNAMENT} AND id = ?`)
      .get(tournamentId, id) as AttachmentRow | undefined;
  }

  /** The stored file's bytes, if the attachment has one. */
  content(id: number): Buffer | undefined {
    const value = this.statements
      .get("SELECT content FROM match_attachments WHERE id = ?")
      .pluck()
      .get(id) as Buffer | null | undefined;
    return value ?? undefined;
  }

  insert(matchId: number, a: NewAttachment, now: string): number {
    const result = this.statements
      .get(
        `INSERT INTO match_attachments
         (match_id, url, description, file_name, content_type, content, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        matchId,
        a.url,
        a.description,
        a.file?.name ?? null,
        a.file?.type ?? null,
        a.file?.content ?? null,
        now,
        now,
      );
    return Number(result.lastInsertRowid);
  }

  /** Sets url and description, and the file when `a.file` is not undefined (null removes it). */
  update(
    id: number,
    a: Omit<NewAttachment, "file"> & Partial<Pick<NewAttachment, "file">>,
    now: string,
  ): void {
    this.statements
      .get("UPDATE match_attachments SET url = ?, description = ?, updated_at = ? WHERE id = ?")
      .run(a.url, a.description, now, id);
    if (a.file === undefined) return;
    this.statements
      .get("UPDATE match_attachments SET file_name = ?, content_type = ?, content = ? WHERE id = ?")
      .run(a.file?.name ?? null, a.file?.type ?? null, a.file?.content ?? null, id);
  }

  delete(id: number): void {
    this.statements.get("DELETE FROM match_attachments WHERE id = ?").run(id);
  }
}
