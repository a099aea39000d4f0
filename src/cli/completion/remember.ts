/** List commands hand what they listed to the completion cache (names.ts) through this. */
import type { Factory } from "../factory.js";
import type { FlatRecord } from "../output/records.js";
import { type NameKind, rememberNames } from "./names.js";

/**
 * Records `names` for the profile the command used (after it resolved one). `partial`: the
 * command showed only some of the list (a filter, a limit), so names are added, none removed.
 * A run at another address (--base-url, TOURNEY_BASE_URL) is not the profile's service:
 * nothing is recorded (before, its names replaced the profile's).
 */
export function remember(
  f: Factory,
  kind: NameKind,
  names: readonly string[],
  scope?: readonly string[],
  partial = false,
): void {
  const profile = f.resolvedProfile()?.name;
  if (profile === undefined || f.globals.baseUrl !== undefined || f.env.TOURNEY_BASE_URL) return;
  const active = f.globals.profile === undefined && !f.env.TOURNEY_PROFILE;
  rememberNames(f.env, f.deps.homeDir, {
    profile,
    active,
    kind,
    names,
    ...(scope === undefined ? {} : { scope }),
    ...(partial ? { partial } : {}),
  });
}

/** A tournament as typed: its url, else its id. */
export function tournamentWord(record: Pick<FlatRecord, "id" | "url">): string {
  const url = record.url;
  return typeof url === "string" && url !== "" ? url : String(record.id);
}

/**
 * Passes pages on, calling `seen` with each record, and `done` once the last page was
 * passed on (not when the reader stopped before it: `--limit`).
 */
export async function* tapPages(
  pages: AsyncIterable<readonly FlatRecord[]>,
  seen: (record: FlatRecord) => void,
  done: () => void = () => {},
): AsyncIterable<readonly FlatRecord[]> {
  for await (const page of pages) {
    for (const record of page) seen(record);
    yield page;
  }
  done();
}
