/**
 * OAuth grants and the tokens issued from them. A grant is one sign-in of a
 * user for a client: the first token pair and every pair refreshed from it form
 * its family, revoked as one (a reused refresh token, an authorization code
 * replayed, RFC 7009 revocation). Tokens are stored as SHA-256 hashes with the
 * scopes each carries (space-separated) and when it expires; a refresh token
 * is used once (`used_at`), then rotated. The plain repository: every read a
 * query (store.ts puts the cache in front of `findAccess`).
 */
import { type Credential, hashSecret, parseScopes } from "./credentials.js";
import type { Db } from "./database.js";
import { Statements } from "./statements.js";

export type TokenKind = "access" | "refresh";

/** An access token as verified on every request: a credential with its expiry. */
export interface AccessTokenRow extends Credential {
  readonly id: number;
  readonly expires_at: string;
}

/** Any token with its grant: what refresh and revocation read. */
export interface TokenRow {
  readonly id: number;
  readonly kind: TokenKind;
  readonly grant_id: number;
  readonly client_id: string;
  readonly user_id: number;
  readonly scopes: string;
  readonly expires_at: string;
  readonly used_at: string | null;
  readonly revoked_at: string | null;
}

export interface NewToken {
  readonly grantId: number;
  readonly kind: TokenKind;
  readonly token: string;
  readonly scopes: string;
  readonly now: string;
  readonly expiresAt: string;
}

type RawAccess = Omit<AccessTokenRow, "scopes"> & { scopes: string };

export class OAuthTokenRepository {
  private readonly statements: Statements;

  constructor(db: Db) {
    this.statements = new Statements(db);
  }

  /** A live access token's credential (its grant not revoked), expired or not. */
  findAccess(token: string): AccessTokenRow | undefined {
    const raw = this.statements
      .get(
        `SELECT t.id, t.expires_at, t.scopes, g.user_id, u.username
         FROM oauth_tokens t JOIN oauth_grants g ON g.id = t.grant_id JOIN users u ON u.id = g.user_id
         WHERE t.token_hash = ? AND t.kind = 'access' AND g.revoked_at IS NULL`,
      )
      .get(hashSecret(token)) as RawAccess | undefined;
    return raw === undefined ? undefined : { ...raw, scopes: parseScopes(raw.scopes) };
  }

  /** Any token with its grant, revoked or not. */
  find(token: string): TokenRow | undefined {
    return this.statements
      .get(
        `SELECT t.id, t.kind, t.grant_id, g.client_id, g.user_id, t.scopes, t.expires_at, t.used_at, g.revoked_at
         FROM oauth_tokens t JOIN oauth_grants g ON g.id = t.grant_id WHERE t.token_hash = ?`,
      )
      .get(hashSecret(token)) as TokenRow | undefined;
  }

  createGrant(userId: number, clientId: string, scopes: string, now: string): number {
    const result = this.statements
      .get("INSERT INTO oauth_grants (user_id, client_id, scopes, created_at) VALUES (?, ?, ?, ?)")
      .run(userId, clientId, scopes, now);
    return Number(result.lastInsertRowid);
  }

  insert(token: NewToken): number {
    const result = this.statements
      .get(
        "INSERT INTO oauth_tokens (grant_id, kind, token_hash, scopes, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)",
      )
      .run(
        token.grantId,
        token.kind,
        hashSecret(token.token),
        token.scopes,
        token.now,
        token.expiresAt,
      );
    return Number(result.lastInsertRowid);
  }

  /** Marks a refresh token used; false when it already was (a second use). */
  markUsed(id: number, now: string): boolean {
    return (
      this.statements
        .get("UPDATE oauth_tokens SET used_at = ? WHERE id = ? AND used_at IS NULL")
        .run(now, id).changes > 0
    );
  }

  /** Revokes a grant's whole family of tokens. */
  revokeGrant(grantId: number, now: string): void {
    this.statements
      .get("UPDATE oauth_grants SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL")
      .run(now, grantId);
  }

  /** Forgets tokens expired before `before`, and grants left with none. */
  purge(before: string): void {
    this.statements.get("DELETE FROM oauth_tokens WHERE expires_at < ?").run(before);
    this.statements
      .get(
        "DELETE FROM oauth_grants WHERE NOT EXISTS (SELECT 1 FROM oauth_tokens t WHERE t.grant_id = oauth_grants.id) AND created_at < ?",
      )
      .run(before);
  }
}
