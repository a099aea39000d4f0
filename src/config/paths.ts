/**
 * Where tourney keeps its configuration and its data (XDG base directories). Pure: the
 * environment and the home directory are injected, nothing is read from the process.
 */
import path from "node:path";

export interface TourneyPaths {
  /** Holds config.json and credentials.json. */
  configDir: string;
  /** Holds the embedded backend's databases. */
  dataDir: string;
}

export type Env = Readonly<Record<string, string | undefined>>;

export const CONFIG_FILE_NAME = "config.json";
export const CREDENTIALS_FILE_NAME = "credentials.json";
export const DEFAULT_DB_FILE_NAME = "tourney.db";

/** An explicit tourney override; an empty value counts as unset. */
function override(env: Env, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value === "" ? undefined : path.resolve(value);
}

/** An XDG base directory variable; per the XDG spec, empty or relative values are ignored. */
function xdgBase(env: Env, name: string): string | undefined {
  const value = env[name];
  return value !== undefined && path.isAbsolute(value) ? value : undefined;
}

export function resolvePaths(env: Env, homeDir: string): TourneyPaths {
  const configDir =
    override(env, "TOURNEY_CONFIG_DIR") ??
    path.join(xdgBase(env, "XDG_CONFIG_HOME") ?? path.join(homeDir, ".config"), "tourney");
  const dataDir =
    override(env, "TOURNEY_DATA_DIR") ??
    path.join(xdgBase(env, "XDG_DATA_HOME") ?? path.join(homeDir, ".local", "share"), "tourney");
  return { configDir, dataDir };
}

export function configFilePath(paths: TourneyPaths): string {
  return path.join(paths.configDir, CONFIG_FILE_NAME);
}
