/**
 * `tourney login` and `tourney auth login` (one command): for a remote profile the OAuth
 * device grant by default; `--with-token` or `--api-key` store a secret read from stdin
 * (or a hidden prompt at a terminal), never from a flag value. `--base-url` (and
 * `--auth-url`) create or update the profile in the same step, once the login succeeded.
 */
import { type Command, Option } from "commander";
import { oauthEndpoints } from "../../../auth/endpoints.js";
import { OAuthEndpointError } from "../../../auth/errors.js";
import { originOf } from "../../../config/credential-origin.js";
import type { Env } from "../../../config/paths.js";
import { fromEnv } from "../../../config/resolve.js";
import { checkBaseUrl } from "../../../config/settings.js";
import {
  CLI_CLIENT_ID,
  isOAuthScope,
  OAUTH_SCOPES,
  type OAuthScope,
} from "../../../model/oauth.js";
import type { App } from "../../app.js";
import { UsageError } from "../../errors.js";
import type { Factory } from "../../factory.js";
import { printsNoJson } from "../../json-form.js";
import { completedWith } from "../choice-option.js";
import { deviceLogin, type LoginEdge } from "./device-login.js";
import { checkSecret, greet, readSecret, refuseEnvCredentials } from "./login-steps.js";
import { type LoginTarget, loginTarget, writeTarget } from "./login-target.js";

export type LoginMethod = "device" | "token" | "api-key";
export type BaseUrlSource = "--base-url" | "TOURNEY_BASE_URL";

/** The flags as commander hands them over. */
export interface LoginFlags {
  readonly withToken?: boolean;
  readonly apiKey?: boolean;
  readonly baseUrl?: string;
  readonly authUrl?: string;
  readonly scopes?: string;
  /** false: --no-browser. */
  readonly browser?: boolean;
}

export interface LoginOptions {
  readonly method: LoginMethod;
  /** --profile; undefined: TOURNEY_PROFILE, the profile of --base-url, or the active one. */
  readonly profile?: string;
  readonly baseUrl?: string;
  /** Where baseUrl came from: the flag, or TOURNEY_BASE_URL (flag > environment, as everywhere). */
  readonly baseUrlFrom?: BaseUrlSource;
  readonly authUrl?: string;
  /** Scopes asked for by the device grant (all of them unless --scopes). */
  readonly scopes: readonly OAuthScope[];
  readonly browser: boolean;
}

function parseScopes(text: string): OAuthScope[] {
  const words = text.split(/[\s,]+/).filter((w) => w !== "");
  if (words.length === 0) throw new UsageError("--scopes needs at least one scope");
  for (const word of words)
    if (!isOAuthScope(word))
      throw new UsageError(
        `unknown scope '${word}' in --scopes; the scopes are: ${OAUTH_SCOPES.join(", ")}`,
      );
  return OAUTH_SCOPES.filter((scope) => words.includes(scope));
}

/**
 * The address to log in to: --base-url, else TOURNEY_BASE_URL ("talk to the service at this
 * URL", which every other command honours). Before, login ignored the variable: the secret
 * was checked at the profile's own address and stored over its working one.
 */
function baseUrlOf(
  given: string | undefined,
  env: Env,
): { baseUrl: string; baseUrlFrom: BaseUrlSource } | undefined {
  if (given !== undefined)
    return { baseUrl: checkBaseUrl(given, "--base-url"), baseUrlFrom: "--base-url" };
  const fromVariable = fromEnv(env, "TOURNEY_BASE_URL");
  if (fromVariable === undefined) return undefined;
  const baseUrl = checkBaseUrl(fromVariable, "TOURNEY_BASE_URL");
  return { baseUrl, baseUrlFrom: "TOURNEY_BASE_URL" };
}

/**
 * Flags to options (no I/O). `globals` are the program's --profile and --base-url; `env`
 * gives TOURNEY_BASE_URL.
 */
export function parseLogin(
  flags: LoginFlags,
  globals: { readonly profile?: string | undefined; readonly baseUrl?: string | undefined } = {},
  env: Env = {},
): LoginOptions {
  if (flags.withToken === true && flags.apiKey === true)
    throw new UsageError("--with-token and --api-key are two ways to log in; pass one of them");
  const method: LoginMethod = flags.withToken ? "token" : flags.apiKey ? "api-key" : "device";
  if (flags.scopes !== undefined && method !== "device")
    throw new UsageError(
      "--scopes is for the device grant; a token or key keeps the scopes it was issued with",
    );
  return {
    method,
    ...(globals.profile === undefined ? {} : { profile: globals.profile }),
    ...baseUrlOf(flags.baseUrl ?? globals.baseUrl, env),
    ...(flags.authUrl === undefined ? {} : { authUrl: checkBaseUrl(flags.authUrl, "--auth-url") }),
    scopes: flags.scopes === undefined ? [...OAUTH_SCOPES] : parseScopes(flags.scopes),
    browser: flags.browser !== false,
  };
}

/** Where the device authorization endpoint is set: the profile's device_url (exit-codes.ts). */
function deviceUrlHint(target: LoginTarget): string {
  const name = target.name;
  const made = target.exists
    ? ""
    : `, once \`tourney profile add ${name} --base-url URL\` has made the profile`;
  return `; if only its device authorization endpoint is, set device_url: \`tourney config set device_url URL --profile ${name}\`${made}`;
}

async function loginWithDevice(f: Factory, target: LoginTarget, o: LoginOptions, edge: LoginEdge) {
  if (target.addresses === undefined)
    throw new UsageError(
      `profile ${target.name} uses the embedded backend, which needs no login; pass --base-url URL ` +
        "to log in to a service, or --api-key to store a key anyway",
    );
  const { oauthPoster } = await import("../../oauth-session.js");
  const poster = await oauthPoster(f);
  try {
    const input = { addresses: target.addresses, scopes: o.scopes, browser: o.browser };
    const tokens = await deviceLogin(f, poster.post, input, edge).catch((error: unknown) => {
      if (error instanceof OAuthEndpointError && error.endpoint === "device")
        error.hint = deviceUrlHint(target);
      throw error;
    });
    const store = f.configStore();
    await writeTarget(store, target);
    // The refresh token goes only to this token endpoint's origin (auth/session.ts).
    const { tokenUrl } = oauthEndpoints(target.addresses);
    store.credentials.setToken(target.name, {
      ...tokens,
      origin: originOf(target.addresses.baseUrl)!,
      authOrigin: originOf(tokenUrl)!,
    });
    await greet(f, target, tokens);
  } finally {
    await poster.close();
  }
}

export async function runLogin(f: Factory, o: LoginOptions, edge: LoginEdge = {}): Promise<void> {
  refuseEnvCredentials(f.env);
  const store = f.configStore();
  const target = loginTarget(store, o, f.env);
  if (o.method === "device") return loginWithDevice(f, target, o, edge);
  const what = o.method === "token" ? "access token" : "API key";
  const secret = await readSecret(f, what, o.method === "token" ? "--with-token" : "--api-key");
  // An embedded profile has no service to ask: its secret is stored as given.
  if (target.addresses !== undefined) await checkSecret(f, target.addresses.baseUrl, what, secret);
  await writeTarget(store, target);
  // Stored with the origin they were checked at, the only one they are sent to (resolve.ts).
  const origin = originOf(target.addresses?.baseUrl);
  const bound = origin === undefined ? {} : { origin };
  if (o.method === "token")
    store.credentials.setToken(target.name, { accessToken: secret, ...bound });
  else store.credentials.setApiKey(target.name, secret, origin);
  f.printer().note(`Stored the ${what} for profile ${target.name}`);
}

/** Options, help and action of the login command, wherever it is mounted. */
export function defineLogin(command: Command, app: App): Command {
  return printsNoJson(command, {
    prints: "notes on stderr",
    instead: "`tourney auth status --json` shows the result",
  })
    .description(
      "log in to the profile's service: the OAuth device grant, or a token or API key from stdin",
    )
    .option("--with-token", "store an access token read from stdin")
    .option("--api-key", "store an API key read from stdin (or a hidden prompt)")
    .option(
      "--base-url <url>",
      "log in to the service at this URL (creates or updates the profile)",
    )
    .option("--auth-url <url>", "the OAuth server's address, when not the service's")
    .addOption(
      completedWith(
        new Option(
          "--scopes <list>",
          `ask for fewer scopes (comma-separated): ${OAUTH_SCOPES.join(", ")}`,
        ),
        OAUTH_SCOPES,
        { list: true },
      ),
    )
    .option("--no-browser", "never open a browser (print the address only)")
    .addHelpText(
      "after",
      `
The device grant prints a code and an address on stderr; approve the code there and the
login completes. The browser opens by itself only at a terminal, not under SSH or CI.
Client id: ${CLI_CLIENT_ID}. Refused while TOURNEY_TOKEN or TOURNEY_API_KEY is set.
TOURNEY_BASE_URL, when set, is taken as --base-url is (the flag wins).

Examples:
  tourney login --profile lan --base-url http://192.168.1.20:4870
  tourney login --profile lan --scopes tournaments:read,matches:read
  tourney login --profile lan --api-key < key.txt
  tourney login --profile ci --with-token < token.txt`,
    )
    .action(async (flags: LoginFlags, cmd: Command) => {
      const f = app.factory(cmd);
      await runLogin(f, parseLogin(flags, f.globals, f.env));
    });
}

export function registerLogin(noun: Command, app: App): void {
  defineLogin(noun.command("login"), app);
}
