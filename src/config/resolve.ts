/**
 * Decides which profile a command runs with and what it resolves to. Precedence, for each
 * setting: flag > environment > profile > default. Reads config.json and credentials.json
 * synchronously; never imports `conf`.
 */
import path from "node:path";
import { readConfigFile } from "./config-file.js";
import type { CredentialAccess } from "./credential-access.js";
import { type StoredChoice, storedFor, type WithheldReason } from "./credential-origin.js";
import { ConfigError } from "./errors.js";
import { DEFAULT_DB_FILE_NAME, type Env, type TourneyPaths } from "./paths.js";
import {
  type Backend,
  type ConfigDocument,
  checkBaseUrl,
  DEFAULT_PROFILE,
  DEFAULT_TIMEOUT_SECONDS,
  findProfile,
  type ProfileSettings,
  profileExists,
  unknownProfileError,
} from "./settings.js";

export interface ResolveFlags {
  profile?: string;
  baseUrl?: string;
}

export interface ResolveInput {
  flags: ResolveFlags;
  env: Env;
  paths: TourneyPaths;
  /** The credential store (src/auth), passed in by the CLI's factory. */
  credentials: CredentialAccess;
}

export interface ResolvedCredentials {
  apiKey?: string;
  token?: string;
}

/**
 * Where a profile's credentials come from: an environment variable, the store, or nowhere;
 * `withheld`: the store has some, for another origin than the command's (given by
 * --base-url or TOURNEY_BASE_URL, or the profile's base_url changed since the login), so
 * none are sent (credential-origin.ts).
 */
export type CredentialSource = "TOURNEY_TOKEN" | "TOURNEY_API_KEY" | "stored" | "withheld" | "none";

export interface ResolvedProfile {
  name: string;
  backend: Backend;
  baseUrl?: string;
  dbPath: string;
  timeoutSeconds: number;
  credentials: ResolvedCredentials;
  credentialSource: CredentialSource;
  /** The profile's `community` setting, if any. */
  community?: string;
  /** With credentialSource `withheld`: the origin they were stored for, the only one they go to. */
  credentialsFor?: string;
  /** With credentialSource `withheld`: why none are sent. */
  withheldBecause?: WithheldReason;
}

/** `local` keeps `<dataDir>/tourney.db`; another embedded profile gets its own file. */
export function defaultDbPath(paths: TourneyPaths, profile: string): string {
  const file = profile === DEFAULT_PROFILE ? DEFAULT_DB_FILE_NAME : `tourney-${profile}.db`;
  return path.join(paths.dataDir, file);
}

export function resolveProfile(input: ResolveInput): ResolvedProfile {
  const { flags, env, paths } = input;
  const document = readConfigFile(paths);
  const name = chooseProfile(flags, env, document);
  const settings = findProfile(document, name) ?? {};
  const baseUrl = chooseBaseUrl(flags, env, settings);
  const backend: Backend = baseUrl !== undefined ? "remote" : (settings.backend ?? "embedded");
  if (backend === "remote" && baseUrl === undefined) {
    throw new ConfigError(
      `profile '${name}' uses the remote backend but has no base URL; set one with ` +
        `\`tourney config set base_url URL --profile ${name}\`, or pass --base-url or TOURNEY_BASE_URL`,
      { key: "base_url" },
    );
  }
  const stored = (): StoredChoice =>
    storedFor({
      store: input.credentials,
      profile: name,
      own: settings.base_url,
      target: backend === "remote" ? baseUrl : undefined,
      given: flags.baseUrl !== undefined || fromEnv(env, "TOURNEY_BASE_URL") !== undefined,
    });
  const { credentials, withheld } = chooseCredentials(env, stored);
  const resolved: ResolvedProfile = {
    name,
    backend,
    dbPath: settings.db_path ?? defaultDbPath(paths, name),
    timeoutSeconds: settings.timeout ?? DEFAULT_TIMEOUT_SECONDS,
    credentials,
    credentialSource: sourceOf(env, credentials),
  };
  if (withheld !== undefined) {
    resolved.credentialSource = "withheld";
    resolved.credentialsFor = withheld.origin;
    resolved.withheldBecause = withheld.because;
  }
  if (baseUrl !== undefined) {
    resolved.baseUrl = baseUrl;
  }
  if (settings.community !== undefined) resolved.community = settings.community;
  return resolved;
}

/**
 * An environment variable, with an empty or blank (white space only) value counting as
 * unset. Before, a blank TOURNEY_API_KEY replaced the stored key and was sent as an
 * Authorization header holding nothing.
 */
export function fromEnv(env: Env, variable: string): string | undefined {
  const value = env[variable];
  return value === undefined || value.trim() === "" ? undefined : value;
}

function chooseProfile(flags: ResolveFlags, env: Env, document: ConfigDocument): string {
  const candidates: [string | undefined, string][] = [
    [flags.profile, "--profile"],
    [fromEnv(env, "TOURNEY_PROFILE"), "TOURNEY_PROFILE"],
    [document.active_profile, "active_profile in config.json"],
  ];
  for (const [name, source] of candidates) {
    if (name !== undefined) {
      if (!profileExists(document, name)) {
        throw unknownProfileError(name, source);
      }
      return name;
    }
  }
  return DEFAULT_PROFILE;
}

function chooseBaseUrl(
  flags: ResolveFlags,
  env: Env,
  settings: ProfileSettings,
): string | undefined {
  if (flags.baseUrl !== undefined) {
    return checkBaseUrl(flags.baseUrl, "--base-url");
  }
  const fromEnvironment = fromEnv(env, "TOURNEY_BASE_URL");
  if (fromEnvironment !== undefined) {
    return checkBaseUrl(fromEnvironment, "TOURNEY_BASE_URL");
  }
  return settings.base_url;
}

/** The variable the credentials were read from (the token wins, as in requests), or the store. */
function sourceOf(env: Env, credentials: ResolvedCredentials): CredentialSource {
  if (fromEnv(env, "TOURNEY_TOKEN") !== undefined) return "TOURNEY_TOKEN";
  if (fromEnv(env, "TOURNEY_API_KEY") !== undefined) return "TOURNEY_API_KEY";
  return credentials.token !== undefined || credentials.apiKey !== undefined ? "stored" : "none";
}

/**
 * TOURNEY_TOKEN / TOURNEY_API_KEY, when either is set, replace the stored credentials as a
 * whole, so a stale stored token never outranks a key given in the environment. The stored
 * ones go only to the origin they were stored for (a key or token, and a refresh token with
 * it, sent elsewhere is given away, as a redirect followed would: docs/profiles.md).
 */
function chooseCredentials(
  env: Env,
  stored: () => StoredChoice,
): { credentials: ResolvedCredentials; withheld?: StoredChoice["withheld"] } {
  // Trimmed as `login --api-key` trims stdin: a key read from a CRLF file by `$(cat f)` keeps
  // its CR, which no header can carry (review I #14).
  const token = fromEnv(env, "TOURNEY_TOKEN")?.trim();
  const apiKey = fromEnv(env, "TOURNEY_API_KEY")?.trim();
  const chosen: ResolvedCredentials = {};
  if (token !== undefined || apiKey !== undefined) {
    if (token !== undefined) chosen.token = token;
    if (apiKey !== undefined) chosen.apiKey = apiKey;
    return { credentials: chosen };
  }
  const { secrets, withheld } = stored();
  // A stored token is kept as it is: a renewal compares it with the one sent (auth/session.ts).
  if (secrets?.token !== undefined) chosen.token = secrets.token;
  if (secrets?.apiKey !== undefined) chosen.apiKey = secrets.apiKey.trim();
  return withheld === undefined ? { credentials: chosen } : { credentials: chosen, withheld };
}
