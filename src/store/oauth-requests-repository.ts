/**
 * What an OAuth grant is waiting on: device authorizations (RFC 8628: a device
 * code the client polls with, a user code a person types on the approval page)
 * and authorization codes (RFC 6749 §4.1, with the PKCE challenge of RFC 7636).
 * Codes are stored as SHA-256 hashes. A device authorization is `pending` until
 * a signed-in user approves or denies it, then `used` once its tokens are issued;
 * an authorization code is used once (`used_at`). Plain: nothing here is cached.
 */
import { hashSecret } from "./credentials.js";
import type { Db } from "./database.js";
import { Statements } from "./statements.js";

export type DeviceStatus = "pending" | "approved" | "denied" | "used";

export interface DeviceRow {
  readonly id: number;
  readonly client_id: string;
  readonly scopes: string;
  readonly created_at: string;
  readonly expires_at: string;
  readonly interval: number;
  readonly polled_at: string | null;
  readonly status: DeviceStatus;
  readonly user_id: number | null;
}

export interface NewDevice {
  readonly deviceCode: string;
  readonly userCode: string;
  readonly clientId: string;
  readonly scopes: string;
  readonly now: string;
  readonly expiresAt: string;
  readonly interval: number;
}

export interface CodeRow {
  readonly id: number;
  readonly client_id: string;
  readonly user_id: number;
  readonly scopes: string;
  readonly redirect_uri: string;
  readonly code_challenge: string;
  readonly expires_at: string;
  readonly used_at: string | null;
  readonly grant_id: number | null;
}

export interface NewCode {
  readonly code: string;
  readonly clientId: string;
  readonly userId: number;
  readonly scopes: string;
  readonly redirectUri: string;
  readonly codeChallenge: string;
  readonly now: string;
  readonly expiresAt: string;
}

const DEVICE =
  "SELECT id, client_id, scopes, created_at, expires_at, interval, polled_at, status, user_id FROM oauth_device_codes";
const CODE =
  "SELECT id, client_id, user_id, scopes, redirect_uri, code_challenge, expires_at, used_at, grant_id FROM oauth_codes";

export class OAuthRequestRepository {
  private readonly statements: Statements;

  constructor(db: Db) {
    this.statements = new Statements(db);
  }

  insertDevice(d: NewDevice): number {
    const result = this.statements
      .get(
        `INSERT INTO oauth_device_codes (device_code_hash, user_code_hash, client_id, scopes, created_at, expires_at, interval)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        hashSecret(d.deviceCode),
        hashSecret(d.userCode),
        d.clientId,
        d.scopes,
        d.now,
        d.expiresAt,
        d.interval,
      );
    return Number(result.lastInsertRowid);
  }

  findDevice(deviceCode: string): DeviceRow | undefined {
    return this.statements
      .get(`${DEVICE} WHERE device_code_hash = ?`)
      .get(hashSecret(deviceCode)) as DeviceRow | undefined;
  }

  /** The authorization a user code names, if it is still pending and not expired. */
  findPendingByUserCode(userCode: string, now: string): DeviceRow | undefined {
    return this.statements
      .get(`${DEVICE} WHERE user_code_hash = ? AND status = 'pending' AND expires_at > ?`)
      .get(hashSecret(userCode), now) as DeviceRow | undefined;
  }

  /** The pending authorization an approval form's ticket names, with the user who signed in. */
  findByTicket(ticket: string, now: string): DeviceRow | undefined {
    return this.statements
      .get(`${DEVICE} WHERE ticket_hash = ? AND status = 'pending' AND expires_at > ?`)
      .get(hashSecret(ticket), now) as DeviceRow | undefined;
  }

  /** A poll of the token endpoint: when, and the interval from now on. */
  polled(id: number, now: string, interval: number): void {
    this.statements
      .get("UPDATE oauth_device_codes SET polled_at = ?, interval = ? WHERE id = ?")
      .run(now, interval, id);
  }

  /** A user signed in with this user code: the approval form's one ticket, bound to them. */
  setTicket(id: number, userId: number, ticket: string): void {
    this.statements
      .get("UPDATE oauth_device_codes SET user_id = ?, ticket_hash = ? WHERE id = ?")
      .run(userId, hashSecret(ticket), id);
  }

  /** Approves or denies a pending authorization (the ticket is spent); false if no longer pending. */
  decide(id: number, status: "approved" | "denied"): boolean {
    return (
      this.statements
        .get(
          "UPDATE oauth_device_codes SET status = ?, ticket_hash = NULL WHERE id = ? AND status = 'pending'",
        )
        .run(status, id).changes > 0
    );
  }

  /** An approved authorization whose tokens are issued; false if it was not (any more) approved. */
  use(id: number): boolean {
    return (
      this.statements
        .get("UPDATE oauth_device_codes SET status = 'used' WHERE id = ? AND status = 'approved'")
        .run(id).changes > 0
    );
  }

  insertCode(c: NewCode): number {
    const result = this.statements
      .get(
        `INSERT INTO oauth_codes (code_hash, client_id, user_id, scopes, redirect_uri, code_challenge, created_at, expires_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        hashSecret(c.code),
        c.clientId,
        c.userId,
        c.scopes,
        c.redirectUri,
        c.codeChallenge,
        c.now,
        c.expiresAt,
      );
    return Number(result.lastInsertRowid);
  }

  findCode(code: string): CodeRow | undefined {
    return this.statements.get(`${CODE} WHERE code_hash = ?`).get(hashSecret(code)) as
      | CodeRow
      | undefined;
  }

  /** Spends a code; false when it was spent already (a replay). */
  useCode(id: number, now: string): boolean {
    return (
      this.statements
        .get("UPDATE oauth_codes SET used_at = ? WHERE id = ? AND used_at IS NULL")
        .run(now, id).changes > 0
    );
  }

  /** The grant a code's exchange made: revoked if the code is replayed. */
  setCodeGrant(id: number, grantId: number): void {
    this.statements.get("UPDATE oauth_codes SET grant_id = ? WHERE id = ?").run(grantId, id);
  }

  /** Forgets device authorizations and codes expired before `before`. */
  purge(before: string): void {
    this.statements.get("DELETE FROM oauth_device_codes WHERE expires_at < ?").run(before);
    this.statements.get("DELETE FROM oauth_codes WHERE expires_at < ?").run(before);
  }
}
