/**
 * What a bracket is drawn from, read out of the service's records (tournament,
 * participants, matches and standings, as the API client returns them on
 * either backend). Pure: no I/O.
 *
 * src/bracket-model/ is the bracket layout model shared by the two drawings
 * (issue 28): the terminal's (src/cli/bracket/) and the page's (src/viewer/).
 * It imports only src/model/; neither drawing reaches into the other, so each
 * changes its own text widths, glyphs or pixels without touching the other
 * (test/architecture/imports.test.ts keeps it so).
 */
import { playerIds } from "../model/match-players.js";
import type { ResourceObject } from "../model/resource.js";

/** Where a slot's player comes from: the winner or the loser of another match. */
export interface SlotOrigin {
  readonly loser: boolean;
  /** That match's identifier ("C"). */
  readonly identifier: string;
}

/** "Loser of C", "Winner of B": a slot still to be decided, as both drawings word it. */
export function originText(origin: SlotOrigin): string {
  return `${origin.loser ? "Loser" : "Winner"} of ${origin.identifier}`;
}

/** A player's place in a match: name, scores (one per set) and whether they won it. */
export interface Slot {
  readonly id: number | null;
  readonly name: string;
  /** Scores of every set, space-separated ("11 7 11"); "" before a report. */
  readonly score: string;
  /** Free for all: the place taken in the match. */
  readonly rank: number | null;
  /**
   * The match's winner; in a free for all, its first place when alone in it: a win as the
   * standings count one (docs/tournaments.md). Another advancing player is no winner.
   */
  readonly winner: boolean;
  /** Free for all: the player goes on to the next round (the table's `advancing`). */
  readonly advancing?: boolean;
  /** Free for all, complete: first place shared with others, a tie as the standings count it. */
  readonly sharedFirst?: boolean;
  /**
   * The match this slot's player comes from (player1_prereq_match_id and
   * player1_is_prereq_match_loser, ...); null when seeded or not said (the hosted service).
   */
  readonly from: SlotOrigin | null;
}

export interface ViewMatch {
  readonly id: number;
  readonly identifier: string;
  /** Negative in the losers bracket. */
  readonly round: number;
  /**
   * "winners", "losers", "grand_final", "third_place", "placement" (5th-8th and on),
   * "round_robin", "swiss", "free_for_all".
   */
  readonly bracket: string;
  /**
   * The places a third-place or placement match decides among ([3, 4], [5, 8], [7, 8]): its
   * `places` attribute, [3, 4] for the third-place match; absent on other matches.
   */
  readonly places?: readonly [number, number];
  readonly group: number | null;
  /** "pending", "open" or "complete". */
  readonly state: string;
  readonly underway: boolean;
  readonly tie: boolean;
  /**
   * A one-on-one match completed with a winner and no sets, its loser removed (no longer
   * active): a forfeit (docs/tournaments.md); absent on other matches.
   */
  readonly forfeit?: true;
  /** Two for a match between two players; every player of a free-for-all match. */
  readonly slots: readonly Slot[];
}

export interface StandingRow {
  readonly participantId: number;
  readonly name: string;
  /** "group" or "final". */
  readonly stage: string;
  readonly group: number | null;
  readonly rank: number | null;
  readonly wins: number;
  readonly losses: number;
  readonly ties: number;
  readonly points: number | null;
  /** Swiss: the rounds the player sat out (byes); 0 or absent elsewhere and where the service says none. */
  readonly byes?: number;
}

export interface BracketData {
  readonly name: string;
  /** The final stage's type: "single elimination", ... */
  readonly type: string;
  readonly state: string;
  readonly groupStage: boolean;
  /** The group stage's type ("round robin", ...), when there is one. */
  readonly stageType: string | null;
  readonly matches: readonly ViewMatch[];
  /** Empty when the service has no standings (the grids then count the results themselves). */
  readonly standings: readonly StandingRow[];
  /** Seeds by participant id (the order of players without standings). */
  readonly seeds: ReadonlyMap<number, number>;
  readonly names: ReadonlyMap<number, string>;
}

function num(value: unknown): number | null {
  if (typeof value === "number") return value;
  if (typeof value === "string" && /^-?\d+$/.test(value)) return Number(value);
  return null;
}

function nameIn(names: ReadonlyMap<number, string>, id: number | null): string {
  if (id === null) return "";
  return names.get(id) ?? String(id);
}

/** Each side's scores from score_in_sets ([[p1, p2], ...]). */
function sideScores(sets: unknown): [string, string] {
  if (!Array.isArray(sets)) return ["", ""];
  const pairs = sets.filter((s): s is unknown[] => Array.isArray(s));
  return [
    pairs.map((s) => String(s[0] ?? "")).join(" "),
    pairs.map((s) => String(s[1] ?? "")).join(" "),
  ];
}

function freeForAllSlots(a: Record<string, unknown>, names: ReadonlyMap<number, string>): Slot[] {
  const points = Array.isArray(a.points_by_participant)
    ? (a.points_by_participant as Record<string, unknown>[])
    : [];
  const ids = (a.participant_ids as unknown[]).map(num);
  const complete = a.state === "complete";
  // Won as the standings count it: first place alone (engine/standings-free-for-all.ts). A
  // second advancing player was marked a winner while the standings gave them a loss (a
  // reviewer found it); the drawings mark advancing players apart (`advancing`).
  const firsts = points.filter((p) => num(p.rank) === 1).length;
  const slots = ids.map((id): Slot => {
    const entry = points.find((p) => num(p.participant_id) === id);
    const rank = num(entry?.rank);
    const scores = Array.isArray(entry?.scores) ? (entry.scores as unknown[]).join(" ") : "";
    const first = complete && rank === 1;
    const winner = first && firsts === 1;
    const slot = { id, name: nameIn(names, id), score: scores, rank, winner, from: null };
    return {
      ...slot,
      ...(entry?.advancing === true ? { advancing: true } : {}),
      ...(first && !winner ? { sharedFirst: true } : {}),
    };
  });
  const order = (s: Slot) => s.rank ?? Number.MAX_SAFE_INTEGER;
  return slots.sort((x, y) => order(x) - order(y));
}

/** Slot `n`'s origin from the record's prereq attributes, by `identifiers` of match ids. */
function originOf(
  a: Record<string, unknown>,
  n: 1 | 2,
  identifiers: ReadonlyMap<number, string>,
): SlotOrigin | null {
  const id = num(a[`player${n}_prereq_match_id`]);
  const identifier = id === null ? undefined : identifiers.get(id);
  if (identifier === undefined) return null;
  return { loser: a[`player${n}_is_prereq_match_loser`] === true, identifier };
}

/** Whether one-on-one match `a` is a forfeit (ViewMatch.forfeit) by `removed` players. */
function forfeited(a: Record<string, unknown>, removed: ReadonlySet<number>): boolean {
  if (a.state !== "complete" || a.tie === true || Array.isArray(a.participant_ids)) return false;
  if (Array.isArray(a.score_in_sets) && a.score_in_sets.length > 0) return false;
  const loser = num(a.loser_id);
  return loser !== null && removed.has(loser);
}

function viewMatch(
  match: ResourceObject,
  names: ReadonlyMap<number, string>,
  identifiers: ReadonlyMap<number, string>,
  removed: ReadonlySet<number>,
): ViewMatch {
  const a = match.attributes;
  const winner = num(a.winner_id);
  let slots: Slot[];
  if (Array.isArray(a.participant_ids)) slots = freeForAllSlots(a, names);
  else {
    const ids = playerIds(match);
    const scores = sideScores(a.score_in_sets);
    slots = ids.map((id, i) => ({
      id,
      name: nameIn(names, id),
      score: scores[i]!,
      rank: null,
      winner: id !== null && id === winner,
      from: originOf(a, i === 0 ? 1 : 2, identifiers),
    }));
  }
  return {
    id: num(match.id) ?? 0,
    identifier: String(a.identifier ?? match.id),
    round: num(a.round) ?? 0,
    bracket: String(a.bracket ?? ""),
    ...placesOf(a),
    group: num(a.group_id),
    state: String(a.state ?? ""),
    underway: typeof a.underway_at === "string" && a.underway_at !== "",
    tie: a.tie === true,
    ...(forfeited(a, removed) ? { forfeit: true as const } : {}),
    slots,
  };
}

function placesOf(a: Record<string, unknown>): { places?: readonly [number, number] } {
  if (a.bracket === "third_place") return { places: [3, 4] };
  const p = Array.isArray(a.places) ? a.places.map(num) : [];
  return p.length === 2 && p[0] !== null && p[1] !== null ? { places: [p[0]!, p[1]!] } : {};
}

function standingRow(record: ResourceObject): StandingRow {
  const a = record.attributes;
  return {
    participantId: num(a.participant_id) ?? 0,
    name: String(a.name ?? ""),
    stage: String(a.stage ?? "final"),
    group: num(a.group_id),
    rank: num(a.rank),
    wins: num(a.wins) ?? 0,
    losses: num(a.losses) ?? 0,
    ties: num(a.ties) ?? 0,
    points: num(a.points),
    byes: num(a.byes) ?? 0,
  };
}

export interface BracketRecords {
  readonly tournament: ResourceObject;
  readonly participants: readonly ResourceObject[];
  readonly matches: readonly ResourceObject[];
  /** undefined: the service has no standings (404). */
  readonly standings?: readonly ResourceObject[] | undefined;
}

export function bracketData(records: BracketRecords): BracketData {
  const t = records.tournament.attributes;
  const names = new Map<number, string>();
  const seeds = new Map<number, number>();
  const removed = new Set<number>();
  for (const p of records.participants) {
    const id = num(p.id);
    if (id === null) continue;
    const states = p.attributes.states as { active?: unknown } | undefined;
    if (states?.active === false) removed.add(id);
    names.set(id, String(p.attributes.name ?? id));
    const seed = num(p.attributes.seed);
    if (seed !== null) seeds.set(id, seed);
  }
  const identifiers = new Map<number, string>();
  for (const m of records.matches) {
    const id = num(m.id);
    if (id !== null) identifiers.set(id, String(m.attributes.identifier ?? m.id));
  }
  const groupOptions = t.group_stage_options as Record<string, unknown> | undefined;
  const groupStage = t.group_stage_enabled === true;
  return {
    name: String(t.name ?? records.tournament.id),
    type: String(t.tournament_type ?? ""),
    state: String(t.state ?? ""),
    groupStage,
    stageType: groupStage ? String(groupOptions?.stage_type ?? "round robin") : null,
    matches: records.matches.map((m) => viewMatch(m, names, identifiers, removed)),
    standings: (records.standings ?? []).map(standingRow),
    seeds,
    names,
  };
}
