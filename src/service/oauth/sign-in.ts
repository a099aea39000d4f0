/**
 * Checking a username and password on a sign-in form, within the limits of
 * limits.ts (per username and client address, never for everyone). The password
 * is hashed off the event loop (passwords.ts), so a sign-in is asynchronous: it
 * counts and reads in the calling request's turn, and what it does after the hash
 * runs as a request of its own (ServiceContext.inRequest), as must what the
 * caller does after it.
 */
import type { HttpRequest } from "../../model/http.js";
import { verifyNothing, verifyPassword } from "../passwords.js";
import { addressKey } from "./limits.js";
import { nowMs, type OAuthServer } from "./server.js";

export type SignIn =
  | { readonly ok: true; readonly userId: number; readonly username: string }
  | {
      readonly ok: false;
      readonly status: 401 | 429;
      readonly message: string;
      readonly retryAfter?: number;
    };

/** The headers of a refused sign-in: Retry-After when the limits say when to try again. */
export function refusalHeaders(refused: { readonly retryAfter?: number }): Record<string, string> {
  return refused.retryAfter === undefined ? {} : { "retry-after": String(refused.retryAfter) };
}

/** A wait, as a page says it. */
export function minutes(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? "a second" : `${seconds} seconds`;
  const m = Math.ceil(seconds / 60);
  return m === 1 ? "a minute" : `${m} minutes`;
}

interface Attempt {
  readonly pair: string;
  readonly address: string;
  readonly row: { id: number; password_hash: string | null } | undefined;
}

/** Refuses the attempt while its pair or its address must wait; else counts it and looks the user up. */
function begin(server: OAuthServer, request: HttpRequest, username: string): Attempt | SignIn {
  const { passwordPerAccount, passwordPerAddress } = server.limits;
  const now = nowMs(server);
  const address = addressKey(request.clientAddress);
  const pair = `${username.toLowerCase()}\n${address}`;
  const wait = Math.max(
    passwordPerAccount.retryAfter(pair, now),
    passwordPerAddress.retryAfter(address, now),
  );
  if (wait > 0) {
    return {
      ok: false,
      status: 429,
      message: `Too many wrong passwords: try again in ${minutes(wait)}.`,
      retryAfter: wait,
    };
  }
  // Counted now, taken back if right: attempts sent together meet the count.
  passwordPerAccount.fail(pair, now);
  passwordPerAddress.fail(address, now);
  const row = username === "" ? undefined : server.service.accounts.users.passwordOf(username);
  return { pair, address, row };
}

export async function signIn(
  server: OAuthServer,
  request: HttpRequest,
  username: string,
  password: string,
): Promise<SignIn> {
  const { service } = server;
  const attempt = begin(server, request, username);
  if ("ok" in attempt) return attempt;
  const hash = attempt.row?.password_hash ?? null;
  const right =
    hash === null ? await verifyNothing(password) : await verifyPassword(password, hash);
  if (!right || attempt.row === undefined)
    return { ok: false, status: 401, message: "Wrong username or password." };
  const { id } = attempt.row;
  return service.inRequest(() => {
    server.limits.passwordPerAccount.clear(attempt.pair);
    server.limits.passwordPerAddress.forgive(attempt.address);
    return {
      ok: true,
      userId: id,
      username: service.accounts.users.findById(id)?.username ?? username,
    };
  });
}
