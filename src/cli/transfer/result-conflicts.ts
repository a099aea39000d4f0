/**
 * The file's results checked against a started target before the import sends anything: a
 * match complete there with other players or another result (match-replay.ts conflictsIn, the
 * replay's own check, stage by stage in replay order) stops the import, exit 5, nothing sent,
 * naming the first five such matches and counting the rest, and how to go on. Before, the run
 * stopped at the first such match only once it had sent the renames, participants, state
 * changes and every result played before it ("import stopped at match final A: its results
 * differ ... the target holds what was sent before this match"); the dry run said so.
 */
import type { ApiClient } from "../../client/api-client.js";
import type { ApiRecord } from "../../client/envelope.js";
import type { TournamentExport } from "../../model/tournament-export.js";
import { matchKey } from "../../model/tournament-export.js";
import { someOf } from "../commands/participants/file-items.js";
import { StateRefusedError } from "../errors.js";
import { type Conflict, conflictsIn } from "./match-replay.js";
import { type Roster, removedAfterStart } from "./participant-replay.js";
import { targetMatches } from "./target-matches.js";

/** The most matches a refusal names; the others are counted. */
const SHOWN = 5;

/** Every match of the file complete on the target (`target`, by key) otherwise, in replay order. */
export function resultConflicts(
  doc: TournamentExport,
  target: ReadonlyMap<string, ApiRecord>,
  roster: Roster,
): Conflict[] {
  const removed = removedAfterStart(doc);
  const byes = doc.byes ?? [];
  const stage = (group: boolean) => doc.matches.filter((m) => (m.group !== null) === group);
  return [true, false].flatMap((group) => conflictsIn(stage(group), target, roster, removed, byes));
}

/** "match final A (its results differ: target a tie, 1-1; file won by Bob, 2-0)", and more. */
export function conflictWords(conflicts: readonly Conflict[]): string {
  const one = (c: Conflict) =>
    `${matchKey(c.match)} (its ${c.what} differ: target ${c.target}; file ${c.file})`;
  return `${conflicts.length === 1 ? "match" : "matches"} ${someOf(conflicts, SHOWN, one)}`;
}

/** The refusal of an import into a target holding `conflicts` (none: undefined). */
export function conflictRefusal(
  url: string,
  conflicts: readonly Conflict[],
): StateRefusedError | undefined {
  const first = conflicts[0]?.match;
  if (first === undefined) return undefined;
  const group = first.group === null ? "" : ` --group ${first.group}`;
  return new StateRefusedError(
    `the target's tournament ${url} holds results that are not the file's, at ${conflictWords(conflicts)}; nothing was sent\n` +
      `if the file's are right, reopen ${conflicts.length === 1 ? "it" : "each"} there (tourney match reopen ${url} ${first.identifier}${group}; --cascade reopens the matches after it too) and import again; if the target's are, the file is behind it: carry the target's the other way instead (tourney tournament pull, or export there and import here); or delete it there (tourney tournament delete ${url}) and import again, or import the file under another url (change "url" in its "tournament")`,
  );
}

/**
 * Refuses (exit 5, before anything is sent) an import into a started target holding a result
 * that is not the file's; `roster` is the target's as the import's renames leave it.
 */
export async function refuseConflicts(
  client: ApiClient,
  doc: TournamentExport,
  roster: Roster,
): Promise<void> {
  const target = await targetMatches(client, doc.tournament.url);
  const refusal = conflictRefusal(doc.tournament.url, resultConflicts(doc, target, roster));
  if (refusal !== undefined) throw refusal;
}
