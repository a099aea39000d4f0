/**
 * Participants renamed on the file's side after the target's tournament started: the target's
 * participant at the same seed, under a name the file does not have, playing in the same
 * matches (by key) as the file's participant missing there by name, is that participant. The
 * import renames them (a PUT of the participant's name, as `participants update --name` sends
 * on every backend) rather than stopping. Before, a rename mid-event made every later publish
 * stop: "the target's tournament pub_cup has started without Deb: nothing more was sent"
 * (exit 5; a reviewer found it), although Deb was there as Dee.
 *
 * A started tournament's seeds never change, and its matches fix who is who: a target
 * participant whose matches are not the file's participant's is no rename, and the stop stays
 * (with a word on renames). Before the start the roster check (participant-replay.ts) refuses
 * another name, since a seed there says nothing yet of who it is.
 */
import type { ApiRecord } from "../../client/envelope.js";
import { playerIds } from "../../model/match-players.js";
import {
  type ExportedMatch,
  matchKey,
  type TournamentExport,
} from "../../model/tournament-export.js";
import { peopleIn } from "./forfeits.js";
import {
  type Holder,
  misplacedIn,
  namesAfterRenames,
  possibleRenames,
  respellings,
  type StopWords,
  stepsOf,
  swapStopText,
  toldCycles,
} from "./rename-steps.js";
import { keyOf } from "./target-matches.js";

export interface Rename {
  readonly id: number;
  readonly from: string;
  readonly to: string;
}

/** The ids in a target match record: its players, or a free for all's participants. */
function idsIn(m: ApiRecord): number[] {
  const ids = m.attributes.participant_ids;
  const list: (number | null)[] = Array.isArray(ids) ? ids.map(Number) : playerIds(m);
  return list.filter((id): id is number => id !== null && Number.isFinite(id));
}

/**
 * Whether the target's matches hold `id` where the file's of their keys hold `name`: in each,
 * both or neither, but for a match one side has filled further than the other (a result
 * the other has not yet: the file's match C has A's winner, the target's C is still empty).
 */
function sameMatches(
  matches: readonly ApiRecord[],
  fileMatches: ReadonlyMap<string, ExportedMatch>,
  id: number,
  name: string,
): boolean {
  return matches.every((m) => {
    const file = fileMatches.get(keyOf(m));
    const ids = idsIn(m);
    if (file === undefined) return !ids.includes(id);
    const people = peopleIn(file);
    const [there, here] = [ids.includes(id), people.includes(name)];
    if (there === here) return true;
    return there ? people.length < ids.length : ids.length < people.length;
  });
}

/**
 * Whether some participant of the file is not at its seed on the target under its name (a
 * record that gives no seed tells nothing): only then are renames looked for (a read of
 * the target's matches).
 */
export function misplaced(doc: TournamentExport, records: readonly ApiRecord[]): boolean {
  return misplacedIn(doc.participants, holdersOf(records));
}

/**
 * The renames that give the target's started tournament the file's names (`confirmed`
 * false: names exchanged that no result confirms too, for the stop's commands): the target's
 * participant at each file participant's seed (one there), under another name, whose matches
 * are the file participant's, is renamed to the file's name. Names may be swapped or moved
 * along a chain (S1 to "Sam One", S2 to S1: the file's S1 is the target's S2); a rename to a
 * name another participant of the target keeps is dropped (the stop then names who is missing).
 * Before, only a name the file lacked was looked for, at a seed whose name the file lacked:
 * after two names were swapped the import stopped at the first result ("its players differ"),
 * and after a chain it stopped with a hint that the service refused ("already taken").
 */
export function renamesOf(
  doc: TournamentExport,
  records: readonly ApiRecord[],
  matches: readonly ApiRecord[],
  confirmed = true,
): Rename[] {
  const fileMatches = new Map(doc.matches.map((m) => [matchKey(m), m]));
  let renames: Rename[] = [];
  for (const p of doc.participants) {
    const candidates = records.filter((r) => Number(r.attributes.seed) === p.seed);
    if (candidates.length !== 1) continue;
    const from = String(candidates[0]!.attributes.name);
    const id = Number(candidates[0]!.id);
    if (from === p.name || !sameMatches(matches, fileMatches, id, p.name)) continue;
    renames.push({ id, from, to: p.name });
  }
  if (confirmed) renames = corroborated(doc, records, matches, renames);
  return possibleRenames(holdersOf(records), renames);
}

/** The target's participants as rename-steps.ts takes them. */
const holdersOf = (records: readonly ApiRecord[]): Holder<number>[] =>
  records.map((r) => ({
    id: Number(r.id),
    name: String(r.attributes.name),
    seed: r.attributes.seed,
  }));

/**
 * `renames` but for names only exchanged (a swap, a cycle: each name on both sides) that no
 * result tells apart from another seeding of the same people: such a cycle stays only when
 * one of it has played a match both sides hold complete. A target seeded otherwise (its own
 * event with the file's names, no result yet) is no rename: the import stops at its first
 * match ("its players differ") as before, where seeds and matches alone would have renamed
 * every one of them.
 */
function corroborated(
  doc: TournamentExport,
  records: readonly ApiRecord[],
  matches: readonly ApiRecord[],
  renames: readonly Rename[],
): Rename[] {
  const complete = new Set(
    doc.matches.filter((m) => m.state === "complete").map((m) => matchKey(m)),
  );
  const played = (r: Rename) =>
    matches.some(
      (m) => m.attributes.state === "complete" && complete.has(keyOf(m)) && idsIn(m).includes(r.id),
    );
  const fileNames = doc.participants.map((p) => p.name);
  return toldCycles(fileNames, holdersOf(records), renames, played);
}

/** The target's names once `renames` are made. */
export function namesAfter(records: readonly ApiRecord[], renames: readonly Rename[]): string[] {
  return namesAfterRenames(holdersOf(records), renames);
}

/**
 * The requests that make `renames`, in an order the service takes (rename-steps.ts stepsOf:
 * a swap through a temporary name no one has).
 */
export function renameSteps(records: readonly ApiRecord[], renames: readonly Rename[]) {
  return stepsOf(holdersOf(records), renames);
}

export { sendRenames } from "./rename-steps.js";

const WORDS: StopWords = {
  noun: "tournament",
  by: "matches",
  proof: "result",
  update: "tourney participants update",
  remove: "tourney tournament delete",
};

/**
 * The stop when the target holds the file's names at other seeds, in matches that fit the
 * file's once renamed, with no result to tell a swap in the file's tournament from another
 * seeding there, with the commands that would give the target the file's names
 * (rename-steps.ts swapStopText). Undefined when `renames` is empty.
 */
export function swapStop(url: string, records: readonly ApiRecord[], renames: readonly Rename[]) {
  return swapStopText(WORDS, url, holdersOf(records), renames);
}

/**
 * Before the start: the target's participants named in another letter case than the file's
 * (Eve there, EVE in the file: one name to the service, model/participant-name.ts), renamed
 * to the file's spelling (rename-steps.ts respellings). Before, the import added EVE and the
 * service refused it, "already taken" (exit 5), or the roster check counted Eve as one the
 * file does not have.
 */
export function caseRenames(doc: TournamentExport, records: readonly ApiRecord[]): Rename[] {
  return respellings(
    doc.participants.map((p) => p.name),
    holdersOf(records),
  );
}

/** The target's records as `renames` leave them (their names; the rest as read). */
export function renamedRecords(
  records: readonly ApiRecord[],
  renames: readonly Rename[],
): ApiRecord[] {
  const to = new Map(renames.map((r) => [r.id, r.to]));
  return records.map((r) => {
    const name = to.get(Number(r.id));
    return name === undefined ? r : { ...r, attributes: { ...r.attributes, name } };
  });
}
