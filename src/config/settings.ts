/**
 * The settings tourney knows, their types, defaults and validation. Shared by the reader
 * (values found in config.json), the store (values typed on the command line) and the
 * resolver.
 */
import path from "node:path";
import { ConfigError } from "./errors.js";

export type Backend = "embedded" | "remote";
export const BACKENDS: readonly Backend[] = ["embedded", "remote"];

export const DEFAULT_PROFILE = "local";
export const DEFAULT_TIMEOUT_SECONDS = 30;
/**
 * The longest wait, in seconds, a Node timer holds: 2^31 - 1 ms, about 24.8 days. A longer
 * one printed TimeoutOverflowWarning on stderr at every command and was cut to that (a socket's
 * timeout) or to 1 ms (setTimeout: watch --interval looked again at once, every time).
 */
export const MAX_TIMEOUT_SECONDS = 2_147_483;

/** Settings stored per profile, named as in config.json. */
export type ProfileSettings = {
  backend?: Backend;
  base_url?: string;
  db_path?: string;
  timeout?: number;
  /** The community commands about a tournament are scoped to (issue 15). */
  community?: string;
  /** The OAuth server's address, when not base_url (issue 14). */
  auth_url?: string;
  /** The device authorization endpoint, when not {auth_url}/oauth/device/code (issue 14). */
  device_url?: string;
};

/** The whole of config.json. */
export type ConfigDocument = {
  active_profile?: string;
  profiles?: Record<string, ProfileSettings>;
};

export type ProfileKey = keyof ProfileSettings;
export type GlobalKey = "active_profile";
export type ConfigKey = ProfileKey | GlobalKey;
export type SettingValue = string | number;

export const PROFILE_KEYS: readonly ProfileKey[] = [
  "backend",
  "base_url",
  "db_path",
  "timeout",
  "community",
  "auth_url",
  "device_url",
];
export const GLOBAL_KEYS: readonly GlobalKey[] = ["active_profile"];
export const CONFIG_KEYS: readonly ConfigKey[] = [...GLOBAL_KEYS, ...PROFILE_KEYS];

const PROFILE_NAME = /^[a-z0-9][a-z0-9_-]*$/;

export function isProfileKey(key: string): key is ProfileKey {
  return (PROFILE_KEYS as readonly string[]).includes(key);
}

export function isConfigKey(key: string): key is ConfigKey {
  return (CONFIG_KEYS as readonly string[]).includes(key);
}

export function assertConfigKey(key: string): asserts key is ConfigKey {
  if (!isConfigKey(key)) {
    throw new ConfigError(
      `unknown configuration key '${key}'; the keys are: ${CONFIG_KEYS.join(", ")}`,
      { key },
    );
  }
}

export function assertProfileName(name: string): void {
  if (!PROFILE_NAME.test(name)) {
    throw new ConfigError(
      `invalid profile name '${name}'; a name starts with a lowercase letter or digit ` +
        "and continues with lowercase letters, digits, '-' or '_' (e.g. 'prod', 'lan-2')",
      { key: "profile" },
    );
  }
}

export function checkBackend(value: unknown, key = "backend"): Backend {
  if (typeof value === "string" && (BACKENDS as readonly string[]).includes(value)) {
    return value as Backend;
  }
  throw new ConfigError(
    `invalid value for ${key}: ${describe(value)}; accepted values: ${BACKENDS.join(", ")}`,
    { key },
  );
}

/**
 * What a base URL's query and fragment get: `refuse` where one is typed (flags, the
 * environment, `config set`): requests go to the base URL's path and dropped them without a
 * word, so they are refused as `serve --public-url` refuses them; `drop` for one stored
 * before they were refused (read as requests used it); `keep` for device_url, an endpoint's
 * own URL, whose query is sent.
 */
export type UrlExtras = "refuse" | "drop" | "keep";

/**
 * Accepts an absolute http:// or https:// URL without user:password (and, unless `extras`
 * says otherwise, without query or fragment); `key` names the source.
 */
export function checkBaseUrl(
  value: unknown,
  key = "base_url",
  extras: UrlExtras = "refuse",
): string {
  const accepted = "accepted values: an http:// or https:// URL, e.g. https://api.example.com";
  if (typeof value !== "string" || !URL.canParse(value)) {
    throw new ConfigError(`invalid value for ${key}: ${describe(value)}; ${accepted}`, { key });
  }
  const parts = extraParts(value);
  if (parts.length > 0 && extras === "refuse")
    throw new ConfigError(
      `invalid value for ${key}: ${describe(value)} has ${parts.join(" and ")}; remove ${parts.length > 1 ? "them" : "it"}: requests go to the base URL's path and would drop ${parts.length > 1 ? "them" : "it"}`,
      { key },
    );
  if (parts.length > 0 && extras === "drop") value = value.replace(/[?#].*$/s, "");
  const url = new URL(value as string);
  if (url.username !== "" || url.password !== "") {
    throw new ConfigError(
      `invalid value for ${key}: the URL must not contain a user name or password; ` +
        "store credentials with the auth commands instead",
      { key },
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ConfigError(`invalid value for ${key}: ${describe(value)}; ${accepted}`, { key });
  }
  return withoutApiVersion(value as string, url);
}

/** "the query '?a=b'", "the fragment '#x'": the parts of a URL a base URL cannot have. */
function extraParts(text: string): string[] {
  const hash = text.indexOf("#");
  const before = hash < 0 ? text : text.slice(0, hash);
  const query = before.indexOf("?");
  const parts: string[] = [];
  if (query >= 0) parts.push(`the query '${before.slice(query)}'`);
  if (hash >= 0) parts.push(`the fragment '${text.slice(hash)}'`);
  return parts;
}

/**
 * The base URL without a trailing `/v2.1` (or `/v2.1/`): the client adds the interface's
 * path itself, and `tourney serve` prints its address with it ("Listening on
 * http://127.0.0.1:4991/v2.1"), so a profile made from that address asked for
 * /v2.1/v2.1/tournaments and got "no such path" (exit 3). A path before it (a proxy's
 * prefix) is kept.
 */
function withoutApiVersion(value: string, url: URL): string {
  const path = url.pathname.replace(/\/v2\.1\/?$/, "");
  if (path === url.pathname) return value;
  url.pathname = path === "" ? "/" : path;
  return url.href.replace(/\/$/, "");
}

/** `shown` is what the user typed, when the number was parsed from text. */
export function checkTimeout(value: unknown, key = "timeout", shown = describe(value)): number {
  if (typeof value === "number" && value > 0 && value <= MAX_TIMEOUT_SECONDS) return value;
  throw new ConfigError(
    `invalid value for ${key}: ${shown}; accepted values: a positive number of seconds, at most ${MAX_TIMEOUT_SECONDS} (24.8 days), e.g. 30`,
    { key },
  );
}

export function checkDbPath(value: unknown, key = "db_path"): string {
  if (typeof value === "string" && value.trim() !== "") {
    return value;
  }
  throw new ConfigError(
    `invalid value for ${key}: ${describe(value)}; accepted values: a file path, e.g. /srv/tourney/lan.db`,
    { key },
  );
}

/** A community identifier, e.g. "nerdfest": 1-60 letters, digits, - and _. */
export function checkCommunity(value: unknown, key = "community"): string {
  if (typeof value === "string" && /^[A-Za-z0-9][A-Za-z0-9_-]{0,59}$/.test(value)) return value;
  throw new ConfigError(
    `invalid value for ${key}: ${describe(value)}; accepted values: a community identifier, e.g. nerdfest`,
    { key },
  );
}

/** Parses a value typed on the command line for a per-profile key. */
export function parseProfileSetting(key: ProfileKey, raw: string): Backend | string | number {
  switch (key) {
    case "backend":
      return checkBackend(raw);
    case "base_url":
      return checkBaseUrl(raw);
    case "db_path":
      // Stored absolute: a relative path would move with the working directory.
      return path.resolve(checkDbPath(raw));
    case "timeout":
      return checkTimeout(raw.trim() === "" ? Number.NaN : Number(raw), key, describe(raw));
    case "community":
      return checkCommunity(raw.trim());
    case "auth_url":
      return checkBaseUrl(raw, key);
    case "device_url":
      return checkBaseUrl(raw, key, "keep");
  }
}

/** Validates a value found in config.json for a per-profile key. */
export function checkStoredSetting(key: ProfileKey, value: unknown): Backend | string | number {
  switch (key) {
    case "backend":
      return checkBackend(value);
    case "base_url":
      return checkBaseUrl(value, key, "drop");
    case "db_path":
      return checkDbPath(value);
    case "timeout":
      // One above the maximum was stored by `config set` before it refused them, and a bad
      // setting stops every command until the file is edited: it is read as the maximum, the
      // wait Node gave it anyway (now without its warning).
      return checkTimeout(
        typeof value === "number" && value < Infinity
          ? Math.min(value, MAX_TIMEOUT_SECONDS)
          : value,
      );
    case "community":
      return checkCommunity(value);
    case "auth_url":
      return checkBaseUrl(value, key, "drop");
    case "device_url":
      return checkBaseUrl(value, key, "keep");
  }
}

function describe(value: unknown): string {
  return typeof value === "string" ? `'${value}'` : (JSON.stringify(value) ?? String(value));
}

/** A profile's stored settings; own properties only, so 'constructor' is not a profile. */
export function findProfile(document: ConfigDocument, name: string): ProfileSettings | undefined {
  const profiles = document.profiles;
  return profiles !== undefined && Object.hasOwn(profiles, name) ? profiles[name] : undefined;
}

/** Whether a profile exists: `local` always does, others when config.json has them. */
export function profileExists(document: ConfigDocument, name: string): boolean {
  return name === DEFAULT_PROFILE || findProfile(document, name) !== undefined;
}

export function unknownProfileError(name: string, chosenBy?: string): ConfigError {
  // `--profile ""` was told to run `tourney profile add  --base-url URL`, a command with no
  // name (an outside review, I #17): an empty name is refused as such, naming its flag.
  if (name.trim() === "")
    return new ConfigError(
      `${chosenBy ?? "a profile"} needs a profile's name, not '${name}'; \`tourney profile list\` shows the profiles`,
      { key: "profile" },
    );
  const via = chosenBy === undefined ? "" : ` (chosen by ${chosenBy})`;
  return new ConfigError(
    `profile '${name}'${via} does not exist; \`tourney profile list\` shows the profiles, ` +
      `\`tourney profile add ${name} --base-url URL\` creates one`,
    { key: "profile" },
  );
}
