/**
 * Steps of `tourney login` around the grant itself: the refusal while an environment
 * variable overrides stored credentials, reading a secret (stdin, or a hidden prompt at a
 * terminal), checking an API key or a token before it is stored, and the closing line naming the
 * profile and the user.
 */

import type { TokenSet } from "../../../auth/token-endpoint.js";
import { AuthError, CertificateError, NetworkError, TimeoutError } from "../../../client/errors.js";
import { headerSafe } from "../../../client/requester.js";
import { fromEnv } from "../../../config/resolve.js";
import { HintedError, NotLoggedInError, UsageError } from "../../errors.js";
import { Factory } from "../../factory.js";
import type { Env } from "../../io.js";
import type { LoginTarget } from "./login-target.js";

/** TOURNEY_TOKEN / TOURNEY_API_KEY win over stored credentials: a login would go unused. */
export function refuseEnvCredentials(env: Env): void {
  for (const name of ["TOURNEY_TOKEN", "TOURNEY_API_KEY"]) {
    if (fromEnv(env, name) !== undefined)
      throw new UsageError(
        `${name} is set, and it overrides stored credentials: a login would not be used; ` +
          `unset ${name} to log in`,
      );
  }
}

/** Reads one secret: stdin, or a hidden prompt when stdin is a terminal and prompts are allowed. */
export async function readSecret(f: Factory, what: string, flag: string): Promise<string> {
  let secret: string;
  if (f.io.stdin.isTTY) {
    if (!f.canPrompt())
      throw new UsageError(`pipe the ${what} on stdin: tourney login ${flag} < file`);
    secret = (await f.prompter().password(`${what[0]!.toUpperCase()}${what.slice(1)}:`)).trim();
  } else {
    secret = (await f.readStdin()).trim();
  }
  if (secret === "" || /\s/.test(secret))
    throw new UsageError(
      `the ${what} read from stdin is empty or has spaces; pipe exactly the ${what}`,
    );
  // Before, the check's GET /me refused it as the service would (exit 4), having sent nothing.
  if (!headerSafe(secret))
    throw new UsageError(
      `the ${what} read from stdin holds characters an HTTP header cannot carry (a control or non-ASCII character); pipe exactly the ${what}`,
    );
  return secret;
}

/** "Logged in to profile lan as ada": the user from GET /me when the token may read it. */
export async function greet(f: Factory, target: LoginTarget, tokens: TokenSet): Promise<void> {
  const created = target.exists ? "" : ` (created, ${target.addresses!.baseUrl})`;
  const user = await userName(f, target, tokens);
  const as = user === undefined ? "" : ` as ${user}`;
  const scopes = tokens.scope === undefined ? "" : `; scopes: ${tokens.scope}`;
  f.printer().note(`Logged in to profile ${target.name}${created}${as}${scopes}`);
}

async function userName(
  f: Factory,
  target: LoginTarget,
  tokens: TokenSet,
): Promise<string | undefined> {
  if (tokens.scope !== undefined && !tokens.scope.split(" ").includes("me")) return undefined;
  // The profile as any later command resolves it, now that it is stored.
  const { baseUrl: _, ...globals } = f.globals;
  const signedIn = new Factory(f.deps, { ...globals, profile: target.name });
  try {
    const me = await (await signedIn.client()).user.me();
    const name = me.attributes.username ?? me.id;
    return typeof name === "string" || typeof name === "number" ? String(name) : undefined;
  } catch {
    // The login stands without the name: /me is a courtesy.
    return undefined;
  } finally {
    await signedIn.close();
  }
}

/**
 * GET /me with the secret (an API key or an access token) at the service `baseUrl`, before
 * anything is written (docs/profiles.md: a failed login writes nothing). 401: the secret is
 * not valid, exit 4. 403 (one without the `me` scope): the service knows it, it is valid.
 * Unreachable: the network error's exit code, nothing stored (log in once it can be reached).
 * Before, any string was stored, over a working one, and the next command failed.
 */
export async function checkSecret(
  f: Factory,
  baseUrl: string,
  what: "API key" | "access token",
  secret: string,
): Promise<void> {
  const { TOURNEY_PROFILE: _p, TOURNEY_TOKEN: _t, TOURNEY_API_KEY: _k, ...env } = f.env;
  const variable = what === "API key" ? "TOURNEY_API_KEY" : "TOURNEY_TOKEN";
  const { profile: _, ...globals } = f.globals;
  // The secret as from the environment: no stored credentials, no renewal.
  const probe = new Factory(
    { ...f.deps, env: { ...env, [variable]: secret } },
    { ...globals, baseUrl },
  );
  try {
    await (await probe.client()).user.me();
  } catch (error) {
    if (error instanceof AuthError && error.status === 403) return;
    if (error instanceof AuthError)
      throw new HintedError(
        new NotLoggedInError(
          `the ${what} was refused by ${baseUrl} (${error.status}: ${error.message}); nothing was stored`,
        ),
        what === "API key"
          ? "check the key (on a `tourney serve`: `tourney serve key list`) and pipe it again"
          : "check the token (expired? issued by another service?) and pipe it again, or log in with the device grant: `tourney login` without --with-token",
      );
    // A certificate not trusted here is no outage: "once it can be reached" would say to wait.
    if (error instanceof CertificateError)
      throw new HintedError(error, `the ${what} could not be checked, so nothing was stored`);
    if (error instanceof NetworkError || error instanceof TimeoutError)
      throw new HintedError(
        error,
        `the ${what} could not be checked, so nothing was stored; log in again once ${baseUrl} can be reached`,
      );
    throw error;
  } finally {
    await probe.close();
  }
}
