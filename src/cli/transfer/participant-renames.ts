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
import { matchKey, type TournamentExport } from "../../model/tournament-export.js";
import { peopleIn } from "./forfeits.js";
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
 * The renames that give the target's started tournament the file's missing participants:
 * one per missing name that has one candidate at its seed whose matches are its own.
 */
export function renamesOf(
  doc: TournamentExport,
  records: readonly ApiRecord[],
  matches: readonly ApiRecord[],
): Rename[] {
  const fileNames = new Set(doc.participants.map((p) => p.name));
  const have = new Set(records.map((p) => String(p.attributes.name)));
  const fileMatches = new Map(doc.matches.map((m) => [matchKey(m), m]));
  const renames: Rename[] = [];
  for (const p of doc.participants) {
    if (have.has(p.name)) continue;
    const candidates = records.filter(
      (r) => Number(r.attributes.seed) === p.seed && !fileNames.has(String(r.attributes.name)),
    );
    if (candidates.length !== 1) continue;
    const id = Number(candidates[0]!.id);
    const sameMatches = matches.every((m) => {
      const file = fileMatches.get(keyOf(m));
      if (file === undefined) return !idsIn(m).includes(id);
      return idsIn(m).includes(id) === peopleIn(file).includes(p.name);
    });
    if (sameMatches) renames.push({ id, from: String(candidates[0]!.attributes.name), to: p.name });
  }
  return renames;
}
