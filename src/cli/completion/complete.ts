/**
 * `tourney __complete <kind> [--profile NAME] [--tournament WORD]`: the names
 * shell completion offers (participants of a race: `--tournament race:WORD`), one per line, read from the completion cache
 * (names.ts) and nothing else: no request, no database, no command tree. The
 * entry point (main.ts) answers it before loading the CLI core.
 */
import { cachePath, type NameCache, readCache } from "./names.js";

type Env = Readonly<Record<string, string | undefined>>;

function flag(args: readonly string[], name: string): string | undefined {
  const at = args.indexOf(name);
  const value = at === -1 ? undefined : args[at + 1];
  return value === undefined || value === "" ? undefined : value;
}

function namesOf(cache: NameCache, kind: string, profile: string, tournament?: string): string[] {
  if (kind === "profile") return cache.profiles ?? [];
  const mine = cache.byProfile?.[profile];
  if (kind === "tournament") return mine?.tournaments ?? [];
  if (kind === "race") return mine?.races ?? [];
  const table = kind === "participant" ? mine?.participants : mine?.matches;
  return tournament === undefined ? [] : (table?.[tournament] ?? []);
}

/** The completions for `args` (the words after `__complete`; `tournament,race`: both kinds). */
export function completeNames(args: readonly string[], env: Env, homeDir: string): string[] {
  const cache = readCache(cachePath(env, homeDir));
  const profile = flag(args, "--profile") ?? (env.TOURNEY_PROFILE || cache.active || "local");
  const tournament = flag(args, "--tournament");
  const kinds = (args[0] ?? "").split(",");
  return [...new Set(kinds.flatMap((kind) => namesOf(cache, kind, profile, tournament)))];
}
