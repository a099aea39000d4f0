/**
 * Registered OAuth applications (issue 25): added with `tourney serve app add`,
 * each owned by a user. A confidential one keeps a secret, stored as its
 * SHA-256 hash (it is long and random, as tokens are); a public one has none.
 * Redirect URIs are kept as a JSON array, matched exactly; scopes (space-
 * separated) bound what the application may be granted. Plain: every read a
 * query (a token request reads one row by its unique client id).
 */
import type { Db } from "./database.js";
import { Statements } from "./statements.js";

export interface OAuthAppRow {
  readonly id: number;
  readonly client_id: string;
  readonly name: string;
  readonly user_id: number;
  readonly username: string;
  readonly confidential: boolean;
  readonly secret_hash: string | null;
  readonly redirect_uris: readonly string[];
  readonly scopes: string;
  readonly created_at: string;
}

export interface NewOAuthApp {
  readonly clientId: string;
  readonly name: string;
  readonly userId: number;
  /** Null for a public application. */
  readonly secretHash: string | null;
  readonly redirectUris: readonly string[];
  readonly scopes: string;
  readonly now: string;
}

type Raw = Omit<OAuthAppRow, "confidential" | "redirect_uris"> & {
  confidential: number;
  redirect_uris: string;
};

const SELECT = `SELECT a.id, a.client_id, a.name, a.user_id, u.username, a.confidential, a.secret_hash,
  a.redirect_uris, a.scopes, a.created_at FROM oauth_apps a JOIN users u ON u.id = a.user_id`;

function row(raw: Raw): OAuthAppRow {
  return {
    ...raw,
    confidential: raw.confidential === 1,
    redirect_uris: JSON.parse(raw.redirect_uris) as string[],
  };
}

export class OAuthAppRepository {
  private readonly statements: Statements;

  constructor(db: Db) {
    this.statements = new Statements(db);
  }

  insert(app: NewOAuthApp): number {
    const result = this.statements
      .get(
        `INSERT INTO oauth_apps (client_id, name, user_id, confidential, secret_hash, redirect_uris, scopes, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        app.clientId,
        app.name,
        app.userId,
        app.secretHash === null ? 0 : 1,
        app.secretHash,
        JSON.stringify(app.redirectUris),
        app.scopes,
        app.now,
      );
    return Number(result.lastInsertRowid);
  }

  findByClientId(clientId: string): OAuthAppRow | undefined {
    const raw = this.statements.get(`${SELECT} WHERE a.client_id = ?`).get(clientId) as
      | Raw
      | undefined;
    return raw === undefined ? undefined : row(raw);
  }

  list(): OAuthAppRow[] {
    return (this.statements.get(`${SELECT} ORDER BY a.id`).all() as Raw[]).map(row);
  }

  /** Removes the application and revokes every grant made to it; false when there is none. */
  remove(clientId: string, now: string): boolean {
    const gone = this.statements.get("DELETE FROM oauth_apps WHERE client_id = ?").run(clientId);
    if (gone.changes === 0) return false;
    this.statements
      .get("UPDATE oauth_grants SET revoked_at = ? WHERE client_id = ? AND revoked_at IS NULL")
      .run(now, clientId);
    return true;
  }
}
