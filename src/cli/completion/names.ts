/**
 * The completion cache: tournament, race, participant, match and profile names that
 * list commands saw, kept in one small JSON file in the data directory
 * (`$TOURNEY_DATA_DIR`, else `$XDG_DATA_HOME/tourney`), per profile. Shell
 * completion reads it through `tourney __complete` (complete.ts): TAB never
 * sends a request or opens the database. Writes are best effort: a cache that
 * cannot be written costs completions, never a command.
 */
import { resolvePaths } from "../../config/paths.js";
import { makeFolder } from "../../folders/make-folder.js";

export const CACHE_FILE_NAME = "completion-names.json";
/**
 * Names kept per list, small enough to read at every TAB; not every name of a big tournament
 * (up to 65,536 participants): a whole list keeps its first MAX_NAMES, a filtered one adds
 * its names in place of the oldest (docs/scripting.md, Completion).
 */
export const MAX_NAMES = 1000;

export type NameKind = "tournament" | "race" | "participant" | "match" | "profile";

/** The scope word a race's participants are kept under (urls hold no `:`, so never a tournament's). */
export const raceScope = (race: string) => `race:${race}`;

interface ProfileNames {
  tournaments?: string[];
  races?: string[];
  /** By the tournament's url and id, each as typed on a command line (a race's: raceScope). */
  participants?: Record<string, string[]>;
  matches?: Record<string, string[]>;
}

export interface NameCache {
  /** The profile commands used when none was named (a flag or TOURNEY_PROFILE). */
  active?: string;
  profiles?: string[];
  byProfile?: Record<string, ProfileNames>;
}

type Env = Readonly<Record<string, string | undefined>>;

export function cachePath(env: Env, homeDir: string): string {
  return `${resolvePaths(env, homeDir).dataDir}/${CACHE_FILE_NAME}`;
}

export function readCache(file: string): NameCache {
  try {
    const { readFileSync } = process.getBuiltinModule("node:fs");
    const parsed: unknown = JSON.parse(readFileSync(file, "utf8"));
    return parsed !== null && typeof parsed === "object" ? (parsed as NameCache) : {};
  } catch {
    return {};
  }
}

/** What a list command saw: `scope` holds the tournament's words for participants and matches. */
export interface Seen {
  readonly profile: string;
  /** True when the profile was the active one (not chosen by a flag or the environment). */
  readonly active: boolean;
  readonly kind: NameKind;
  readonly names: readonly string[];
  readonly scope?: readonly string[];
  /**
   * Only some of the list was shown (a filter: --state, --participant, ...; a --limit that
   * stopped reading pages): its names are added, none removed. A whole list replaces the
   * cache's, which is how a deleted name leaves it.
   */
  readonly partial?: boolean;
}

function unique(names: readonly string[]): string[] {
  return [...new Set(names.filter((n) => n !== ""))].slice(0, MAX_NAMES);
}

/**
 * `kept` with `shown` added after it (each once); past MAX_NAMES the oldest kept ones make
 * room for those shown.
 */
function added(kept: readonly string[] | undefined, shown: readonly string[]): string[] {
  const had = new Set(kept ?? []);
  const fresh = unique(shown).filter((n) => !had.has(n));
  const room = Math.max(0, MAX_NAMES - fresh.length);
  const old = unique(kept ?? []);
  return [...old.slice(Math.max(0, old.length - room)), ...fresh];
}

/** The list `seen` leaves: its names, or (partial) the kept ones and its names. */
function listAfter(kept: readonly string[] | undefined, seen: Seen): string[] {
  return seen.partial === true ? added(kept, seen.names) : unique(seen.names);
}

/** Records `seen` into `cache` (exported for the tests of unchangedBy). */
export function recordInto(cache: NameCache, seen: Seen): void {
  if (seen.active) cache.active = seen.profile;
  if (seen.kind === "profile") {
    cache.profiles = unique(seen.names);
    return;
  }
  cache.byProfile ??= {};
  cache.byProfile[seen.profile] ??= {};
  const mine = cache.byProfile[seen.profile]!;
  if (seen.kind === "tournament" || seen.kind === "race") {
    const list = seen.kind === "race" ? "races" : "tournaments";
    mine[list] = listAfter(mine[list], seen);
    return;
  }
  const key = seen.kind === "participant" ? "participants" : "matches";
  mine[key] ??= {};
  const table = mine[key]!;
  for (const word of seen.scope ?? []) table[word] = listAfter(table[word], seen);
}

/** The list `seen` replaces in `cache` (tournaments, races, profiles), if the cache has it. */
function listOf(cache: NameCache, seen: Seen): unknown {
  if (seen.kind === "profile") return cache.profiles;
  if (seen.kind !== "tournament" && seen.kind !== "race") return undefined;
  return cache.byProfile?.[seen.profile]?.[seen.kind === "race" ? "races" : "tournaments"];
}

/**
 * True when recording `seen` leaves `cache` as it is (recordInto would change nothing), found
 * without copying the cache: its list holds `seen`'s names in the same order, and those are
 * already what unique() keeps (none empty, none twice, at most MAX_NAMES). A list run again
 * (the usual case) then makes no JSON text of the cache twice, no set, no arrays: for 1,000
 * tournaments that was the allocation that made `tournament list --json` collect its young
 * heap once (--trace-gc: one scavenge before, none after). CPU from the entry point's start to
 * the exit, medians / 20th percentiles of 31 alternated runs at load 1.9: 62.6 / 61.6 -> 57.1 /
 * 55.7 ms; wall into spawnSync's socket, median of paired differences of 41 runs: -7.4 ms.
 */
export function unchangedBy(cache: NameCache, seen: Seen): boolean {
  if (seen.active && cache.active !== seen.profile) return false;
  const kept = listOf(cache, seen);
  const { names } = seen;
  if (!Array.isArray(kept) || kept.length !== names.length || names.length > MAX_NAMES)
    return false;
  for (let i = 0; i < names.length; i++) if (kept[i] !== names[i] || names[i] === "") return false;
  return new Set(names).size === names.length;
}

/** Adds what a list command saw to the cache file (atomically; errors ignored). */
export function rememberNames(env: Env, homeDir: string, seen: Seen): void {
  try {
    const { renameSync, writeFileSync } = process.getBuiltinModule("node:fs");
    const file = cachePath(env, homeDir);
    const cache = readCache(file);
    if (unchangedBy(cache, seen)) return;
    const before = JSON.stringify(cache);
    recordInto(cache, seen);
    const after = JSON.stringify(cache);
    // The same names as last time (a list run again): no write, no rename.
    if (after === before) return;
    // Names from private tournaments too, in the data folder that also holds the
    // database: both private whatever the umask, whichever is made first (issue 24, item 10).
    // Not Node's recursive mkdir, which never returns for a folder under /proc.
    makeFolder(file.slice(0, file.lastIndexOf("/")), 0o700);
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, after, { mode: 0o600 });
    renameSync(temporary, file);
  } catch {
    // Completion is a convenience: a read-only or full disk changes nothing else.
  }
}
