/**
 * The configuration store behind `tourney config list|get|set` and
 * `tourney profile list|add|use|remove`. Reads are synchronous (plain fs); writes are
 * asynchronous because they load `conf` lazily.
 */
import path from "node:path";
import { readConfigFile } from "./config-file.js";
import { updateConfigFile } from "./config-writer.js";
import type { CredentialAccess } from "./credential-access.js";
import { originOf } from "./credential-origin.js";
import { ConfigError } from "./errors.js";
import type { TourneyPaths } from "./paths.js";
import { applySetting, removeSetting } from "./profile-rules.js";
import { defaultDbPath } from "./resolve.js";
import {
  assertConfigKey,
  assertProfileName,
  type Backend,
  CONFIG_KEYS,
  type ConfigDocument,
  type ConfigKey,
  checkBackend,
  checkBaseUrl,
  checkDbPath,
  checkTimeout,
  DEFAULT_PROFILE,
  DEFAULT_TIMEOUT_SECONDS,
  findProfile,
  type ProfileKey,
  type ProfileSettings,
  parseProfileSetting,
  profileExists,
  type SettingValue,
  unknownProfileError,
} from "./settings.js";

export interface ProfileSummary {
  name: string;
  backend: Backend;
  baseUrl?: string;
  /** The database file, for embedded profiles. */
  dbPath?: string;
  /** Whether config.json names it active_profile (TOURNEY_PROFILE and --profile aside). */
  active: boolean;
  /** Whether an API key or token is stored for it; the secret itself is never returned. */
  hasCredentials: boolean;
}

export interface ProfileInput {
  /** Defaults to `remote` when baseUrl is given, else `embedded`. */
  backend?: Backend;
  baseUrl?: string;
  dbPath?: string;
  /** Response timeout in seconds. */
  timeout?: number;
}

export interface ConfigEntry {
  key: ConfigKey;
  value: SettingValue | undefined;
  /** `set`: stored in config.json; `default`: not stored, the built-in value applies. */
  source: "set" | "default";
}

/** Profiles and settings; `C` is the credential store given (the CLI passes src/auth's). */
export class ConfigStore<C extends CredentialAccess = CredentialAccess> {
  readonly paths: TourneyPaths;
  readonly credentials: C;

  constructor(paths: TourneyPaths, credentials: C) {
    this.paths = paths;
    this.credentials = credentials;
  }

  /** The validated content of config.json ({} when the file does not exist). */
  read(): ConfigDocument {
    return readConfigFile(this.paths);
  }

  activeProfile(): string {
    return this.read().active_profile ?? DEFAULT_PROFILE;
  }

  hasProfile(name: string): boolean {
    return profileExists(this.read(), name);
  }

  /** `local` first, then the others by name. */
  listProfiles(): ProfileSummary[] {
    const document = this.read();
    const active = document.active_profile ?? DEFAULT_PROFILE;
    const others = Object.keys(document.profiles ?? {})
      .filter((name) => name !== DEFAULT_PROFILE)
      .sort();
    return [DEFAULT_PROFILE, ...others].map((name) => {
      const settings = findProfile(document, name) ?? {};
      const summary: ProfileSummary = {
        name,
        backend: backendOf(settings),
        active: name === active,
        hasCredentials: this.credentials.has(name),
      };
      if (settings.base_url !== undefined) summary.baseUrl = settings.base_url;
      if (summary.backend === "embedded") {
        summary.dbPath = settings.db_path ?? defaultDbPath(this.paths, name);
      }
      return summary;
    });
  }

  async addProfile(name: string, input: ProfileInput = {}): Promise<void> {
    assertProfileName(name);
    const added = (document: ConfigDocument): ConfigDocument => {
      if (name === DEFAULT_PROFILE) {
        throw new ConfigError(
          `'${DEFAULT_PROFILE}' is the built-in embedded profile and always exists; ` +
            `change it with \`tourney config set KEY VALUE --profile ${DEFAULT_PROFILE}\``,
          { key: "profile" },
        );
      }
      if (profileExists(document, name)) {
        throw new ConfigError(
          `profile '${name}' already exists; change it with ` +
            `\`tourney config set KEY VALUE --profile ${name}\` or remove it first`,
          { key: "profile" },
        );
      }
      return withProfile(document, name, newProfileSettings(name, input));
    };
    // Credentials left behind under this name (e.g. by a hand edit) must not be inherited.
    await this.#update(added, () => this.credentials.remove(name));
  }

  async useProfile(name: string): Promise<void> {
    await this.#update((document) => {
      if (!profileExists(document, name)) {
        throw unknownProfileError(name);
      }
      return { ...document, active_profile: name };
    });
  }

  /** Removes a profile and its credentials; if it was active, `local` becomes active. */
  /** Refuses, as removeProfile would, a profile that cannot be removed: before asking (profile remove). */
  checkRemovable(name: string): void {
    if (name === DEFAULT_PROFILE) {
      throw new ConfigError(`'${DEFAULT_PROFILE}' is the built-in profile and cannot be removed`, {
        key: "profile",
      });
    }
    if (!this.hasProfile(name)) throw unknownProfileError(name);
  }

  async removeProfile(name: string): Promise<void> {
    this.checkRemovable(name);
    const removed = (document: ConfigDocument): ConfigDocument => {
      if (findProfile(document, name) === undefined) {
        throw unknownProfileError(name);
      }
      const next = withProfile(document, name, undefined);
      if (next.active_profile === name) {
        delete next.active_profile;
      }
      return next;
    };
    // Secrets go first: a failure half-way must not leave credentials without a profile.
    await this.#update(removed, () => this.credentials.remove(name));
  }

  /** The effective value of a key for a profile: the stored one, else the default. */
  get(profile: string, key: string): SettingValue | undefined {
    return this.#entry(this.#existing(profile), profile, key).value;
  }

  /** Every key with its effective value for the profile. */
  list(profile: string): ConfigEntry[] {
    const document = this.#existing(profile);
    return CONFIG_KEYS.map((key) => this.#entry(document, profile, key));
  }

  /** Sets a key from its command-line text; `active_profile` is the same as useProfile. */
  async set(profile: string, key: string, value: string): Promise<void> {
    assertConfigKey(key);
    if (key === "active_profile") {
      return this.useProfile(value);
    }
    await this.#update(
      (document) => {
        checkExists(document, profile);
        const parsed = parseProfileSetting(key, value);
        const settings = applySetting(profile, findProfile(document, profile) ?? {}, key, parsed);
        return withProfile(document, profile, settings);
      },
      this.#keepCredentials(profile, key),
    );
  }

  /** Removes a stored key, so that its default applies again. */
  async unset(profile: string, key: string): Promise<void> {
    assertConfigKey(key);
    await this.#update(
      (document) => {
        checkExists(document, profile);
        if (key === "active_profile") {
          const { active_profile: _, ...rest } = document;
          return rest;
        }
        const settings = removeSetting(findProfile(document, profile) ?? {}, key);
        return withProfile(document, profile, settings);
      },
      this.#keepCredentials(profile, key),
    );
  }

  /**
   * Before base_url changes: credentials stored without an origin (by a tourney before
   * origins were kept) are bound to the address they were used with, so that they stay
   * there and do not follow the new one (credential-origin.ts); before base_url or auth_url
   * changes, a refresh token stored without its token endpoint's origin is bound to the
   * current one's (auth_url, else base_url: auth/endpoints.ts keeps their origin), so that a
   * renewal does not send it to the new one (auth/session.ts).
   */
  #keepCredentials(profile: string, key: string): (() => void) | undefined {
    if (key !== "base_url" && key !== "auth_url") return undefined;
    return () => {
      const settings = findProfile(this.read(), profile);
      const origin = originOf(settings?.base_url);
      if (origin !== undefined && key === "base_url") this.credentials.bindOrigin(profile, origin);
      const auth = originOf(settings?.auth_url) ?? origin;
      if (auth !== undefined) this.credentials.bindAuthOrigin(profile, auth);
    };
  }

  /**
   * Applies `change` to config.json, read inside its lock (config-writer.ts): another
   * process's change made meanwhile is kept. `change` runs first on the file as read now, so
   * that a bad request fails before any folder is made or lock taken; `then` (credentials to
   * forget) runs in the lock, after `change` has accepted the request, before the write.
   */
  async #update(
    change: (document: ConfigDocument) => ConfigDocument,
    then?: () => void,
  ): Promise<void> {
    change(this.read());
    await updateConfigFile(this.paths, (document) => {
      const next = change(document);
      then?.();
      return next;
    });
  }

  #existing(profile: string): ConfigDocument {
    const document = this.read();
    checkExists(document, profile);
    return document;
  }

  #entry(document: ConfigDocument, profile: string, key: string): ConfigEntry {
    assertConfigKey(key);
    if (key === "active_profile") {
      const stored = document.active_profile;
      return { key, value: stored ?? DEFAULT_PROFILE, source: stored ? "set" : "default" };
    }
    const settings = findProfile(document, profile) ?? {};
    const stored = settings[key];
    if (stored !== undefined) {
      return { key, value: stored, source: "set" };
    }
    return { key, value: this.#default(profile, settings, key), source: "default" };
  }

  #default(profile: string, settings: ProfileSettings, key: ProfileKey): SettingValue | undefined {
    switch (key) {
      case "backend":
        return backendOf(settings);
      case "db_path":
        return defaultDbPath(this.paths, profile);
      case "timeout":
        return DEFAULT_TIMEOUT_SECONDS;
      case "base_url":
      case "community":
      case "auth_url":
      case "device_url":
        return undefined;
    }
  }
}

function checkExists(document: ConfigDocument, profile: string): void {
  if (!profileExists(document, profile)) {
    throw unknownProfileError(profile);
  }
}

function backendOf(settings: ProfileSettings): Backend {
  return settings.base_url !== undefined ? "remote" : (settings.backend ?? "embedded");
}

function newProfileSettings(name: string, input: ProfileInput): ProfileSettings {
  const backend = checkBackend(
    input.backend ?? (input.baseUrl !== undefined ? "remote" : "embedded"),
  );
  const settings: ProfileSettings = { backend };
  if (input.baseUrl !== undefined) {
    if (backend === "embedded") {
      throw new ConfigError(
        "a base URL means the remote backend; drop --base-url or use --backend remote",
        { key: "base_url" },
      );
    }
    settings.base_url = checkBaseUrl(input.baseUrl);
  } else if (backend === "remote") {
    throw new ConfigError(
      `a remote profile needs a base URL: \`tourney profile add ${name} --base-url URL\``,
      { key: "base_url" },
    );
  }
  if (input.dbPath !== undefined) settings.db_path = path.resolve(checkDbPath(input.dbPath));
  if (input.timeout !== undefined) settings.timeout = checkTimeout(input.timeout);
  return settings;
}

/** A copy of the document with the profile's settings replaced (or removed when undefined). */
function withProfile(
  document: ConfigDocument,
  name: string,
  settings: ProfileSettings | undefined,
): ConfigDocument {
  const profiles: Record<string, ProfileSettings> = { ...document.profiles };
  if (settings === undefined || Object.keys(settings).length === 0) {
    delete profiles[name];
  } else {
    profiles[name] = settings;
  }
  return { ...document, profiles };
}
