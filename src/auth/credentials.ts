/**
 * The credential store: API keys and OAuth tokens per profile, in
 * `<configDir>/credentials.json`, readable by the owner only (file 0600, directory 0700 when
 * created). Writes go to a temporary file that is renamed over the old one, so a crash never
 * leaves half a file. No secret ever appears in an error message.
 */
import { chmodSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { unreadableHere } from "../config/config-file.js";
import { ConfigError, ConfigPlaceError } from "../config/errors.js";
import { type LockOptions, withFileLock, withFileLockSync } from "../config/file-lock.js";
import { CREDENTIALS_FILE_NAME } from "../config/paths.js";
import { causeOf, FolderError, makeFolder } from "../folders/make-folder.js";

export interface StoredCredentials {
  apiKey?: string;
  token?: string;
  refreshToken?: string;
  expiresAt?: string;
  /** The scopes the token was granted, space-separated. */
  scope?: string;
  /**
   * The origin (scheme, host, port) `tourney login` checked and stored them for: the only
   * one they are sent to (config/resolve.ts). None in an entry stored before it was kept.
   */
  origin?: string;
  /** The origin of the token endpoint the refresh token is for, the only one it goes to (session.ts). */
  authOrigin?: string;
}

export interface TokenInput {
  accessToken: string;
  refreshToken?: string;
  /** ISO 8601 time at which the access token expires. */
  expiresAt?: string;
  /** The scopes granted, space-separated (not a secret: `auth status` shows them). */
  scope?: string;
  /** The service's origin, at a login; a renewal gives none and the stored one is kept. */
  origin?: string;
  /** The token endpoint's origin, at a device login (a renewal keeps the stored one). */
  authOrigin?: string;
}

/** One profile's entry as stored on disk (snake_case, like config.json). */
type DiskEntry = {
  api_key?: string;
  token?: string;
  refresh_token?: string;
  expires_at?: string;
  scope?: string;
  origin?: string;
  auth_origin?: string;
};

type DiskFile = { profiles: Record<string, DiskEntry> };

const STORED_FIELDS = ["api_key", "token", "refresh_token", "expires_at", "scope"] as const;
const FIELDS = [...STORED_FIELDS, "origin", "auth_origin"] as const;

export class CredentialStore {
  readonly path: string;
  readonly #dir: string;

  constructor(configDir: string) {
    this.#dir = configDir;
    this.path = path.join(configDir, CREDENTIALS_FILE_NAME);
  }

  get(profile: string): StoredCredentials | undefined {
    const entry = this.#read().profiles[profile];
    return entry === undefined ? undefined : fromDisk(entry);
  }

  /** True when the profile has an API key or a token (the secrets are not returned). */
  has(profile: string): boolean {
    const entry = this.get(profile);
    return entry?.apiKey !== undefined || entry?.token !== undefined;
  }

  /**
   * Stores an API key, keeping a token stored for the same origin; `origin`: the service it
   * was checked at (none for an embedded profile's key, stored as given).
   */
  setApiKey(profile: string, apiKey: string, origin?: string): void {
    requireSecret(apiKey, "the API key");
    this.#update(profile, (entry) => ({
      ...sameOriginOnly(entry, origin),
      api_key: apiKey,
      ...(origin === undefined ? {} : { origin }),
    }));
  }

  /**
   * Stores a token, replacing any earlier token, refresh token, expiry and scopes; keeps the
   * API key stored for the same origin, and the stored origin when `input` gives none (a renewal).
   */
  setToken(profile: string, input: TokenInput): void {
    requireSecret(input.accessToken, "the access token");
    if (input.refreshToken !== undefined) {
      requireSecret(input.refreshToken, "the refresh token");
    }
    if (input.expiresAt !== undefined && Number.isNaN(Date.parse(input.expiresAt))) {
      throw new ConfigError("the token expiry time is not an ISO 8601 date-time", {
        key: "expires_at",
      });
    }
    this.#update(profile, (stored) => {
      const entry = sameOriginOnly(stored, input.origin);
      const next: DiskEntry = { token: input.accessToken };
      if (entry.api_key !== undefined) next.api_key = entry.api_key;
      const origin = input.origin ?? entry.origin;
      if (origin !== undefined) next.origin = origin;
      const authOrigin = input.origin === undefined ? entry.auth_origin : input.authOrigin;
      if (authOrigin !== undefined) next.auth_origin = authOrigin;
      if (input.refreshToken !== undefined) next.refresh_token = input.refreshToken;
      if (input.expiresAt !== undefined) next.expires_at = input.expiresAt;
      if (input.scope !== undefined) next.scope = input.scope;
      return next;
    });
  }

  /** Binds credentials stored without an origin (before it was kept) to `origin`, the base URL's. */
  bindOrigin(profile: string, origin: string): void {
    this.#bindOnce(profile, unbound, { origin });
  }

  /** The same for a refresh token stored without its token endpoint's origin (session.ts). */
  bindAuthOrigin(profile: string, origin: string): void {
    const open = (e: DiskEntry) => e.refresh_token !== undefined && e.auth_origin === undefined;
    this.#bindOnce(profile, open, { auth_origin: origin });
  }

  /** Adds `patch` to the profile's entry when `open` holds of it, looked at again in the lock. */
  #bindOnce(profile: string, open: (e: DiskEntry) => boolean, patch: DiskEntry): void {
    const ready = (entry: DiskEntry | undefined) => entry !== undefined && open(entry);
    if (!ready(this.#read().profiles[profile])) return;
    this.#locked(() => {
      const file = this.#read();
      if (!ready(file.profiles[profile])) return;
      file.profiles[profile] = { ...file.profiles[profile], ...patch };
      this.#write(file);
    });
  }

  /** Forgets every credential of the profile; returns whether there was any. */
  remove(profile: string): boolean {
    // Nothing to forget: no write, so no folder made and no lock taken.
    if (this.#read().profiles[profile] === undefined) {
      return false;
    }
    return this.#locked(() => {
      const file = this.#read();
      if (file.profiles[profile] === undefined) return false;
      delete file.profiles[profile];
      this.#write(file);
      return true;
    });
  }

  #update(profile: string, change: (entry: DiskEntry) => DiskEntry): void {
    this.#locked(() => {
      const file = this.#read();
      file.profiles[profile] = change(file.profiles[profile] ?? {});
      this.#write(file);
    });
  }

  /**
   * Runs a read-modify-write holding credentials.json.lock (config/file-lock.ts), so that
   * processes storing keys for different profiles at once each keep theirs; the file is read
   * inside. Before, the last writer's copy dropped the others' keys.
   */
  #locked<T>(change: () => T): T {
    this.#makeFolder();
    try {
      return withFileLockSync(this.path, change);
    } catch (error) {
      throw this.#placeError(error);
    }
  }

  /**
   * Runs `change`, which may await (a token renewal's request), holding credentials.json.lock:
   * the store's writes inside it run at once, under it; `change` reads what it needs inside.
   * ConfigLockedError when another process holds the lock past `options.waitMs`.
   */
  async whileLocked<T>(change: () => Promise<T>, options: LockOptions = {}): Promise<T> {
    this.#makeFolder();
    // Only the lock's own errors are the folder's: change's (a network error) pass as they are.
    let failed: { readonly error: unknown } | undefined;
    const guarded = () =>
      change().catch((error: unknown) => {
        failed = { error };
        throw error;
      });
    try {
      return await withFileLock(this.path, guarded, options);
    } catch (error) {
      throw failed !== undefined && failed.error === error ? error : this.#placeError(error);
    }
  }

  /** The lock is a file beside the credentials: the folder must be writable. */
  #placeError(error: unknown): unknown {
    const cause = causeOf(error);
    if (cause === undefined) return error;
    const message = `cannot store the credentials in ${this.path}: its folder ${this.#dir} cannot be written (${cause})`;
    return new ConfigPlaceError(this.path, message, { cause: error });
  }

  #read(): DiskFile {
    let text: string;
    try {
      text = readFileSync(this.path, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") {
        return { profiles: emptyProfiles() };
      }
      throw (
        unreadableHere(this.path, "read the credentials", error) ??
        new ConfigError(
          `cannot read credentials file ${this.path} (${(error as NodeJS.ErrnoException).code})`,
          { file: this.path },
        )
      );
    }
    return parseFile(this.path, text);
  }

  /** The folder of the file, made private when missing; ConfigPlaceError when it cannot be. */
  #makeFolder(): void {
    try {
      makeFolder(this.#dir, 0o700);
    } catch (error) {
      if (!(error instanceof FolderError)) throw error;
      const message = `cannot store the credentials in ${this.path}: ${error.message}`;
      throw new ConfigPlaceError(this.path, message, { cause: error });
    }
  }

  /** Called in #locked, which has made the folder. */
  #write(file: DiskFile): void {
    // node:crypto loads only here: reading credentials, which every command does, needs none of it.
    const { randomBytes } = process.getBuiltinModule("node:crypto");
    const temp = `${this.path}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
    try {
      writeFileSync(temp, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600, flag: "wx" });
      renameSync(temp, this.path);
    } catch (error) {
      rmSync(temp, { force: true });
      // A temporary file beside the credentials, renamed over them: the folder must be writable.
      const cause = causeOf(error);
      if (cause !== undefined) {
        const message = `cannot store the credentials in ${this.path}: its folder ${this.#dir} cannot be written (${cause})`;
        throw new ConfigPlaceError(this.path, message, { cause: error });
      }
      throw new ConfigError(
        `cannot write credentials file ${this.path} (${(error as NodeJS.ErrnoException).code})`,
        { file: this.path },
      );
    }
    // The mode given to writeFileSync is filtered by the umask; make sure of 0600.
    chmodSync(this.path, 0o600);
  }
}

/** An entry holding a secret and no origin. */
function unbound(entry: DiskEntry | undefined): entry is DiskEntry {
  return (
    entry !== undefined &&
    entry.origin === undefined &&
    (entry.api_key ?? entry.token) !== undefined
  );
}

/**
 * The entry, or nothing of it when it was stored for another origin than `origin`: a login
 * at another service replaces all of the profile's credentials, never keeps a key or token
 * of the old one beside the new (they would go to the new address with it).
 */
function sameOriginOnly(entry: DiskEntry, origin: string | undefined): DiskEntry {
  return origin === undefined || entry.origin === undefined || entry.origin === origin ? entry : {};
}

function requireSecret(value: string, what: string): void {
  if (typeof value !== "string" || value.trim() === "" || /[\r\n]/.test(value)) {
    throw new ConfigError(`${what} is empty or spans several lines`, { key: "credentials" });
  }
}

/**
 * Parses the file without ever quoting its text: JSON.parse messages include a snippet of
 * the input, which here would be a secret.
 */
function parseFile(file: string, text: string): DiskFile {
  const corrupt = new ConfigError(
    `credentials file ${file} is corrupt; delete it and sign in again for each profile`,
    { file },
  );
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw corrupt;
  }
  if (!isObject(data) || !isObject(data.profiles)) {
    throw corrupt;
  }
  const profiles = emptyProfiles();
  for (const [name, entry] of Object.entries(data.profiles)) {
    if (!isObject(entry)) {
      throw corrupt;
    }
    profiles[name] = pickFields(entry, corrupt);
  }
  return { profiles };
}

function pickFields(entry: Record<string, unknown>, corrupt: ConfigError): DiskEntry {
  const picked: DiskEntry = {};
  for (const field of FIELDS) {
    const value = entry[field];
    if (value === undefined) continue;
    if (typeof value !== "string") throw corrupt;
    picked[field] = value;
  }
  return picked;
}

/** A record without prototype, so that no profile name can reach Object.prototype. */
function emptyProfiles(): Record<string, DiskEntry> {
  return Object.create(null) as Record<string, DiskEntry>;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function fromDisk(entry: DiskEntry): StoredCredentials {
  const credentials: StoredCredentials = {};
  if (entry.api_key !== undefined) credentials.apiKey = entry.api_key;
  if (entry.token !== undefined) credentials.token = entry.token;
  if (entry.refresh_token !== undefined) credentials.refreshToken = entry.refresh_token;
  if (entry.expires_at !== undefined) credentials.expiresAt = entry.expires_at;
  if (entry.scope !== undefined) credentials.scope = entry.scope;
  if (entry.origin !== undefined) credentials.origin = entry.origin;
  if (entry.auth_origin !== undefined) credentials.authOrigin = entry.auth_origin;
  return credentials;
}
