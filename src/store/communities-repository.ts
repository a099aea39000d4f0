/** Communities and who belongs to each (a member is a caller's name: an API key's label). */
import type { Db } from "./database.js";
import { Statements } from "./statements.js";

export interface CommunityRow {
  readonly id: number;
  readonly identifier: string;
  readonly name: string;
  readonly permalink: string;
  readonly subdomain: string;
  readonly description: string;
  readonly created_at: string;
  readonly updated_at: string;
  /** Tournaments scoped to it. */
  readonly tournaments_count: number;
}

export interface NewCommunity {
  readonly identifier: string;
  readonly name: string;
  readonly description: string;
}

const SELECT = `SELECT c.*, (SELECT COUNT(*) FROM tournaments t WHERE t.community_id = c.identifier)
  AS tournaments_count FROM communities c`;

export class CommunityRepository {
  private readonly statements: Statements;

  constructor(db: Db) {
    this.statements = new Statements(db);
  }

  find(identifier: string): CommunityRow | undefined {
    return this.statements.get(`${SELECT} WHERE c.identifier = ?`).get(identifier) as
      | CommunityRow
      | undefined;
  }

  /** Every community, or those `member` belongs to. */
  list(member?: string): CommunityRow[] {
    if (member === undefined)
      return this.statements.get(`${SELECT} ORDER BY c.identifier`).all() as CommunityRow[];
    return this.statements
      .get(
        `${SELECT} WHERE c.id IN (SELECT community_id FROM community_members WHERE member = ?) ORDER BY c.identifier`,
      )
      .all(member) as CommunityRow[];
  }

  members(id: number): string[] {
    return this.statements
      .get("SELECT member FROM community_members WHERE community_id = ? ORDER BY member")
      .pluck()
      .all(id) as string[];
  }

  insert(c: NewCommunity, now: string): number {
    const result = this.statements
      .get(
        `INSERT INTO communities (identifier, name, permalink, subdomain, description, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(c.identifier, c.name, c.identifier, c.identifier, c.description, now, now);
    return Number(result.lastInsertRowid);
  }

  addMember(id: number, member: string): void {
    this.statements
      .get("INSERT OR IGNORE INTO community_members (community_id, member) VALUES (?, ?)")
      .run(id, member);
  }

  delete(id: number): void {
    this.statements.get("DELETE FROM communities WHERE id = ?").run(id);
  }
}
