/**
 * Reads config.json synchronously with plain fs + JSON.parse. Every command reads the
 * configuration, so this path must stay light: it never imports `conf` (which pulls in ajv);
 * only writes do, in config-writer.ts.
 */
import { readFileSync } from "node:fs";
import { dirname } from "node:path";
import { codeOf, fileInTheWay } from "../folders/make-folder.js";
import { ConfigError, ConfigPlaceError } from "./errors.js";
import { configFilePath, type TourneyPaths } from "./paths.js";
import {
  assertProfileName,
  type ConfigDocument,
  checkStoredSetting,
  isProfileKey,
  PROFILE_KEYS,
  type ProfileSettings,
} from "./settings.js";

/** Reads and validates config.json; a missing file is the empty (all defaults) document. */
export function readConfigFile(paths: TourneyPaths): ConfigDocument {
  const file = configFilePath(paths);
  const text = readText(file);
  if (text === undefined) {
    return {};
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw fileError(file, `is not valid JSON (${detail})`, error);
  }
  return checkDocument(file, data);
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") {
      return undefined;
    }
    const blocked = unreadableHere(file, "read the configuration", error);
    if (blocked !== undefined) throw blocked;
    const detail = error instanceof Error ? error.message : String(error);
    throw new ConfigError(`cannot read configuration file ${file}: ${detail}`, {
      file,
      cause: error,
    });
  }
}

/**
 * `file` that cannot be read where it is: a file where its folder (or one of its parents)
 * should be (ENOTDIR), "cannot read the configuration F: B is a file, not a folder"; or no
 * permission to read it or search its folders (EACCES), "...: permission denied". A
 * ConfigPlaceError (exit 1, with the ways out); undefined for any other error. Before, the
 * reader said Node's ENOTDIR or EACCES, exit 2 (a usage error).
 */
export function unreadableHere(
  file: string,
  doing: string,
  error: unknown,
): ConfigPlaceError | undefined {
  const code = codeOf(error);
  if (code === "EACCES" || code === "EPERM")
    return new ConfigPlaceError(file, `cannot ${doing} ${file}: permission denied`, {
      cause: error,
    });
  if (code !== "ENOTDIR") return undefined;
  const inTheWay = fileInTheWay(dirname(file));
  if (inTheWay === undefined) return undefined;
  const message = `cannot ${doing} ${file}: ${inTheWay} is a file, not a folder`;
  return new ConfigPlaceError(file, message, { cause: error, inTheWay });
}

function fileError(file: string, problem: string, cause?: unknown): ConfigError {
  const message =
    `configuration file ${file} ${problem}; fix it in an editor, ` +
    "or delete it to go back to the defaults (the profiles in it will be lost)";
  return new ConfigError(message, cause === undefined ? { file } : { file, cause });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function checkDocument(file: string, data: unknown): ConfigDocument {
  if (!isPlainObject(data)) {
    throw fileError(file, "must hold a JSON object");
  }
  const document: ConfigDocument = {};
  for (const [key, value] of Object.entries(data)) {
    if (key === "active_profile") {
      document.active_profile = checkName(file, value, "active_profile");
    } else if (key === "profiles") {
      document.profiles = checkProfiles(file, value);
    } else {
      throw fileError(file, `has an unknown key '${key}' (the keys are: active_profile, profiles)`);
    }
  }
  return document;
}

function checkName(file: string, value: unknown, where: string): string {
  try {
    if (typeof value !== "string") {
      throw new ConfigError("a profile name must be a string");
    }
    assertProfileName(value);
    return value;
  } catch (error) {
    throw fileError(file, `has a bad ${where}: ${(error as Error).message}`);
  }
}

function checkProfiles(file: string, value: unknown): Record<string, ProfileSettings> {
  if (!isPlainObject(value)) {
    throw fileError(file, "has a 'profiles' entry that is not an object");
  }
  const profiles: Record<string, ProfileSettings> = {};
  for (const [name, settings] of Object.entries(value)) {
    checkName(file, name, "profile name");
    profiles[name] = checkProfile(file, name, settings);
  }
  return profiles;
}

function checkProfile(file: string, name: string, value: unknown): ProfileSettings {
  if (!isPlainObject(value)) {
    throw fileError(file, `has a profile '${name}' that is not an object`);
  }
  const settings: Record<string, unknown> = {};
  for (const [key, setting] of Object.entries(value)) {
    if (!isProfileKey(key)) {
      const keys = PROFILE_KEYS.join(", ");
      throw fileError(
        file,
        `has an unknown key '${key}' in profile '${name}' (the keys are: ${keys})`,
      );
    }
    try {
      settings[key] = checkStoredSetting(key, setting);
    } catch (error) {
      throw fileError(file, `has a bad setting in profile '${name}': ${(error as Error).message}`);
    }
  }
  return settings as ProfileSettings;
}
