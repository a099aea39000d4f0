/**
 * A free-for-all result of `match report`: every player's place and who advances, checked
 * against the match's players before anything is sent (report.ts reads the match).
 */
import { RejectedError } from "../../../client/errors.js";
import type { MatchReport } from "../../../client/matches.js";
import type { ResourceObject } from "../../../model/resource.js";
import { HintedError, UsageError } from "../../errors.js";
import { nameOf, type Roster } from "./match-columns.js";
import { type ParticipantLookup, participantIdsOf } from "./match-players.js";
import { freeForAllReport } from "./report-input.js";

/** A free-for-all result: every player's place, and who advances. */
export interface FreeForAllResult {
  readonly kind: "free-for-all";
  readonly ranks: readonly (readonly [participant: string, rank: number])[];
  readonly advancing: readonly string[];
}

/** What of a one-on-one result (report.ts OneOnOneResult) the kind check names. */
interface OneOnOneGiven {
  readonly kind: "one-on-one";
  readonly winner?: string | undefined;
  readonly tie: boolean;
  readonly scores?: unknown;
}

/** The flags of a one-on-one result as given (for messages). */
function oneOnOneFlags(r: OneOnOneGiven): string {
  const given = [
    ...(r.winner === undefined ? [] : ["--winner"]),
    ...(r.tie ? ["--tie"] : []),
    ...(r.scores === undefined ? [] : ["--scores"]),
  ];
  return given.length < 2 ? given.join("") : `${given.slice(0, -1).join(", ")} or ${given.at(-1)}`;
}

/**
 * What kind of match the record says `match` is: a free for all (its `participant_ids`, or
 * `bracket` "free_for_all"), one-on-one (another `bracket`), or undefined when the record
 * does not say (a hosted service's: the service is left to judge the report).
 */
function kindOf(match: ResourceObject): "free-for-all" | "one-on-one" | undefined {
  const a = match.attributes;
  if (Array.isArray(a.participant_ids) || a.bracket === "free_for_all") return "free-for-all";
  return typeof a.bracket === "string" ? "one-on-one" : undefined;
}

/**
 * Refuses (exit 2, before anything is sent) a result of the wrong kind for `match`: --winner,
 * --tie or --scores for a free-for-all match, --ranks for a one-on-one match. Before, the
 * first was refused as "its players are not both known yet" (exit 5) though all were, and
 * the second was sent, answered "Scores recorded" (exit 0) and recorded nothing.
 */
export function checkResultKind(
  result: FreeForAllResult | OneOnOneGiven,
  match: ResourceObject,
): void {
  const kind = kindOf(match);
  if (kind === undefined || kind === result.kind) return;
  const named = `match ${String(match.attributes.identifier)} (${match.id})`;
  if (result.kind === "one-on-one")
    throw new UsageError(
      `${named} is a free-for-all match: report it with --ranks (every player's place, 1 = best) and --advancing (who moves on), not ${oneOnOneFlags(result)}`,
    );
  const ranks = result.advancing.length > 0 ? "--ranks or --advancing" : "--ranks";
  throw new UsageError(
    `${named} is a one-on-one match: report it with --winner (or --tie) and --scores, not ${ranks}`,
  );
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

/**
 * The engine's refusal of a report in which no one or everyone advances, before a free for
 * all's final round, names the API's attribute (/data/attributes/match); the CLI names its
 * flag (an outside review).
 */
export function advancingHint(error: unknown): unknown {
  if (!(error instanceof RejectedError)) return error;
  if (!error.errors.some((e) => /some but not all participants must advance/.test(e.detail)))
    return error;
  return new HintedError(
    error,
    "name the players who move on with --advancing (some of the match's players, not all), e.g. --ranks Ada=1,Grace=2,Linus=3 --advancing Ada,Grace",
  );
}
