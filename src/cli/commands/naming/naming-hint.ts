/**
 * A tournament or race not found, read again for what was meant (an outside review): a
 * tournament's name given for its url (`tournament start "Forgot Start"`), a hyphen for an
 * underscore (`saturday-smash`), a race's url given to a tournament command (`bracket
 * hot_lap`). Called only on that failure (app.ts, run.ts), from its own script (dist/noun-naming.js,
 * loaded then only, as run.ts's imports of commands are): two list reads, then a hint; the command
 * is never run on the guess, and the exit code stays the not-found one (3).
 */
import type { ApiClient } from "../../../client/api-client.js";
import type { ApiRecord } from "../../../client/envelope.js";
import { HintedError } from "../../errors.js";

type Kind = "tournament" | "race";

/** A url compared with `-` and `_` alike and case folded; a name with case folded. */
const foldUrl = (text: string) => text.trim().toLowerCase().replaceAll("-", "_");
const foldName = (text: string) => text.trim().toLowerCase();

/** `ref` as a shell word: an id or a url slug stands as typed, anything else single-quoted. */
function shellWord(ref: string): string {
  return /^[\w.:@%+-]+$/.test(ref) ? ref : `'${ref.replaceAll("'", `'\\''`)}'`;
}

/** The records `ref` names by name (case-insensitive) or by url with -/_ and case folded. */
function nearly(records: readonly ApiRecord[], ref: string): ApiRecord[] {
  return records.filter(
    (r) =>
      foldName(String(r.attributes.name ?? "")) === foldName(ref) ||
      foldUrl(String(r.attributes.url ?? "")) === foldUrl(ref),
  );
}

/** Verbs a race has, by the tournament verb a command line used (else `view`). */
const RACE_VERBS = new Set([
  "view",
  "update",
  "delete",
  "start",
  "reset",
  "standings",
  "export",
  "publish",
]);

/** The race command for what a tournament command line `argv` asked of race `url`. */
function raceCommand(argv: readonly string[], url: string): string {
  const [noun, verb] = argv;
  const r = shellWord(url);
  if (/^participants?$/.test(noun ?? "")) return `tourney race participants list ${r}`;
  if (/^tournaments?$/.test(noun ?? "") && verb !== undefined && RACE_VERBS.has(verb))
    return `tourney race ${verb} ${r}`;
  if (noun === "bracket" || verb === "standings")
    return `tourney race view ${r}\` or \`tourney race standings ${r}`;
  return `tourney race view ${r}`;
}

/** The hint for a `kind` `ref` not found, or undefined when nothing is near enough. */
async function hintFor(
  client: ApiClient,
  kind: Kind,
  ref: string,
  argv: readonly string[],
): Promise<string | undefined> {
  const [own, other] = await Promise.all(
    kind === "tournament"
      ? [client.tournaments.listAll(), client.races.listAll()]
      : [client.races.listAll(), client.tournaments.listAll()],
  );
  const near = nearly(own, ref);
  if (near.length === 1) {
    const { url, name } = near[0]!.attributes;
    return `did you mean ${String(url)}? (the url of ${kind} ${JSON.stringify(String(name))}; commands take a ${kind}'s url or id, as \`tourney ${kind} list\` shows them)`;
  }
  if (near.length > 1) return undefined;
  const elsewhere = nearly(other, ref);
  if (elsewhere.length !== 1) return undefined;
  const url = String(elsewhere[0]!.attributes.url);
  if (kind === "race")
    return `${url} is a tournament, not a race: \`tourney tournament view ${shellWord(url)}\``;
  return `${url} is a race, not a tournament: \`${raceCommand(argv, url)}\``;
}

/**
 * `error` (a 404 saying "tournament REF not found" or "race REF not found") with a hint
 * naming what `ref` most likely meant, when exactly one tournament or race fits; `error` as
 * it is otherwise, or when the lists cannot be read.
 */
export async function withNamingHint(
  error: Error,
  kind: Kind,
  ref: string,
  client: ApiClient,
  argv: readonly string[],
): Promise<unknown> {
  const hint = await hintFor(client, kind, ref, argv).catch(() => undefined);
  return hint === undefined ? error : new HintedError(error, hint);
}
