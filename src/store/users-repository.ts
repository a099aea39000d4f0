/**
 * User accounts of the served service. The owner (id 1) is made by migration 9
 * and cannot be removed; a removed user's records pass to the owner, and their
 * keys, grants, tokens and pending authorizations go with them (ON DELETE
 * CASCADE). Passwords are stored as the service's slow hash (passwords.ts), never
 * as typed; NULL: the user cannot sign in.
 */
import { OWNER_ID } from "./credentials.js";
import type { Db } from "./database.js";
import { Statements } from "./statements.js";

export interface UserRow {
  readonly id: number;
  readonly username: string;
  readonly email: string | null;
  readonly image_url: string | null;
  readonly created_at: string;
}

export interface UserListRow extends UserRow {
  /** API keys acting for the user. */
  readonly keys: number;
  readonly has_password: number;
}

export interface NewUser {
  readonly username: string;
  readonly email: string | null;
  readonly imageUrl: string | null;
  readonly passwordHash: string | null;
}

const COLUMNS = "id, username, email, image_url, created_at";
/** Tables whose rows have an owner account. */
const OWNED = ["tournaments", "races", "communities"] as const;

export class UserRepository {
  private readonly statements: Statements;

  constructor(private readonly db: Db) {
    this.statements = new Statements(db);
  }

  findById(id: number): UserRow | undefined {
    return this.statements.get(`SELECT ${COLUMNS} FROM users WHERE id = ?`).get(id) as
      | UserRow
      | undefined;
  }

  findByUsername(username: string): UserRow | undefined {
    return this.statements.get(`SELECT ${COLUMNS} FROM users WHERE username = ?`).get(username) as
      | UserRow
      | undefined;
  }

  /** The stored password hash of `username` (null: none set), or undefined for no such user. */
  passwordOf(username: string): { id: number; password_hash: string | null } | undefined {
    return this.statements
      .get("SELECT id, password_hash FROM users WHERE username = ?")
      .get(username) as { id: number; password_hash: string | null } | undefined;
  }

  list(): UserListRow[] {
    return this.statements
      .get(
        `SELECT u.id, u.username, u.email, u.image_url, u.created_at,
           (SELECT COUNT(*) FROM api_keys k WHERE k.user_id = u.id) AS keys,
           u.password_hash IS NOT NULL AS has_password
         FROM users u ORDER BY u.id`,
      )
      .all() as UserListRow[];
  }

  insert(user: NewUser, now: string): number {
    const result = this.statements
      .get(
        "INSERT INTO users (username, email, image_url, password_hash, created_at) VALUES (?, ?, ?, ?, ?)",
      )
      .run(user.username, user.email, user.imageUrl, user.passwordHash, now);
    return Number(result.lastInsertRowid);
  }

  setPassword(id: number, passwordHash: string | null): boolean {
    return (
      this.statements.get("UPDATE users SET password_hash = ? WHERE id = ?").run(passwordHash, id)
        .changes > 0
    );
  }

  /**
   * Removes a user other than the owner, in one transaction: their tournaments,
   * races and communities pass to the owner; keys, grants and tokens go.
   * Returns how many records changed hands, or undefined for no such user.
   */
  remove(id: number): number | undefined {
    if (id === OWNER_ID) throw new Error("the owner account cannot be removed");
    return this.db.transaction(() => {
      if (this.findById(id) === undefined) return undefined;
      let moved = 0;
      for (const table of OWNED) {
        moved += this.statements
          .get(`UPDATE ${table} SET owner_id = ${OWNER_ID} WHERE owner_id = ?`)
          .run(id).changes;
      }
      this.statements.get("DELETE FROM users WHERE id = ?").run(id);
      return moved;
    })();
  }
}
