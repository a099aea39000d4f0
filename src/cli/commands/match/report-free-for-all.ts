/**
 * A free-for-all result of `match report`: every player's place and who advances, checked
 * against the match's players before anything is sent (report.ts reads the match).
 */
import type { MatchReport } from "../../../client/matches.js";
import type { ResourceObject } from "../../../model/resource.js";
import { UsageError } from "../../errors.js";
import { nameOf, type Roster } from "./match-columns.js";
import { type ParticipantLookup, participantIdsOf } from "./match-players.js";
import { freeForAllReport } from "./report-input.js";

/** A free-for-all result: every player's place, and who advances. */
export interface FreeForAllResult {
  readonly kind: "free-for-all";
  readonly ranks: readonly (readonly [participant: string, rank: number])[];
  readonly advancing: readonly string[];
}

/**
 * A free-for-all result checked against the match's players, as --winner is: each of --ranks
 * and --advancing names a player of the match, --ranks each once and all of them (a usage
 * error naming who, and the match's players). Before, the service refused it (exit 5) naming
 * a participant id ("participant 2 is not in this match"), or no one ("a participant is
 * reported twice"), and an --advancing player missing from --ranks was dropped silently.
 * A player removed after the start (states.active false) may be left out of --ranks: the
 * service places them last and refuses them as advancing.
 */
export async function freeForAll(
  r: FreeForAllResult,
  match: ResourceObject,
  lookup: ParticipantLookup,
  roster: Roster,
): Promise<MatchReport> {
  const players = participantIdsOf(match);
  // Players not known yet (a pending match): the service says so.
  const known = players.length > 0;
  const label = `match ${String(match.attributes.identifier)} (${players.map((p) => nameOf(roster, p)).join(", ")})`;
  const playerOf = async (flag: string, ref: string) => {
    const id = Number((await lookup.find(ref, roster)).id);
    if (known && !players.includes(id))
      throw new UsageError(`${flag} ${ref} is not a player of ${label}`);
    return id;
  };
  const ranked = new Map<number, number>();
  const ranks: (readonly [number, number])[] = [];
  for (const [ref, rank] of r.ranks) {
    const id = await playerOf("--ranks", ref);
    const earlier = ranked.get(id);
    if (earlier !== undefined) {
      const name = nameOf(roster, id);
      throw new UsageError(
        `--ranks names ${name} twice (${name}=${earlier}, ${name}=${rank}): give each player of ${label} one rank`,
      );
    }
    ranked.set(id, rank);
    ranks.push([id, rank]);
  }
  // A player removed after the start forfeits: left out, the service places them last.
  const removed = (p: number) => {
    const states = roster.get(p)?.attributes.states as { active?: unknown } | undefined;
    return states?.active === false;
  };
  const unranked = players
    .filter((p) => !ranked.has(p) && !removed(p))
    .map((p) => nameOf(roster, p));
  if (unranked.length > 0)
    throw new UsageError(
      `--ranks gives no rank to ${unranked.join(", ")}: rank every player of ${label} (1 = best)`,
    );
  const advancing = new Set<number>();
  for (const ref of r.advancing) {
    const id = await playerOf("--advancing", ref);
    if (!ranked.has(id) && removed(id)) {
      const name = nameOf(roster, id);
      throw new UsageError(
        `--advancing ${ref}: ${name} was removed from the tournament and forfeits, so cannot advance from ${label}; leave ${name} out (placed last)`,
      );
    }
    advancing.add(id);
  }
  return freeForAllReport(ranks, advancing, recordedScores(match));
}

/** The scores a free-for-all match holds, by participant id, as score_set text ("20,3"). */
function recordedScores(match: ResourceObject): Map<number, string> {
  const held = new Map<number, string>();
  const points = match.attributes.points_by_participant;
  if (!Array.isArray(points)) return held;
  for (const p of points as { participant_id?: unknown; scores?: unknown }[]) {
    const scores = Array.isArray(p?.scores) ? p.scores.filter(Number.isSafeInteger) : [];
    if (scores.length > 0) held.set(Number(p.participant_id), scores.join(","));
  }
  return held;
}
