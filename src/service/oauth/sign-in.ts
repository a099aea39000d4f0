/** Checking a username and password on a sign-in form, within the attempt limits (limits.ts). */
import { verifyNothing, verifyPassword } from "../passwords.js";
import { nowMs, type OAuthServer } from "./server.js";

export type SignIn =
  | { readonly ok: true; readonly userId: number; readonly username: string }
  | {
      readonly ok: false;
      readonly status: 401 | 429;
      readonly message: string;
      readonly retryAfter?: number;
    };

const ALL = "*";

/** The headers of a refused sign-in: Retry-After when the limits say when to try again. */
export function refusalHeaders(refused: { readonly retryAfter?: number }): Record<string, string> {
  return refused.retryAfter === undefined ? {} : { "retry-after": String(refused.retryAfter) };
}

/** Minutes, as a page says them. */
export function minutes(seconds: number): string {
  const m = Math.ceil(seconds / 60);
  return m === 1 ? "a minute" : `${m} minutes`;
}

export function signIn(server: OAuthServer, username: string, password: string): SignIn {
  const { passwordPerUser, passwordInAll } = server.limits;
  const now = nowMs(server);
  const key = username.toLowerCase();
  const wait = Math.max(passwordPerUser.retryAfter(key, now), passwordInAll.retryAfter(ALL, now));
  if (wait > 0) {
    return {
      ok: false,
      status: 429,
      message: `Too many wrong passwords: try again in ${minutes(wait)}.`,
      retryAfter: wait,
    };
  }
  const { users } = server.service.accounts;
  const row = username === "" ? undefined : users.passwordOf(username);
  const hash = row?.password_hash ?? null;
  const right = hash === null ? verifyNothing(password) : verifyPassword(password, hash);
  if (!right || row === undefined) {
    passwordPerUser.count(key, now);
    passwordInAll.count(ALL, now);
    return { ok: false, status: 401, message: "Wrong username or password." };
  }
  return { ok: true, userId: row.id, username: users.findById(row.id)?.username ?? username };
}
