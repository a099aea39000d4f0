/**
 * The snapshot of a tournament `tourney watch` and serve's event stream compare
 * (watch-events.ts): its record's head, participants and matches as the v2.1 interface
 * answers them, with the states a record does not say worked out (worked-out-state.ts:
 * the published Tournament has no state). Pure.
 */
import {
  num,
  obj,
  type RecordLike,
  type SnapshotHead,
  snapshotHead,
  str,
} from "./watch-snapshot-head.js";
import { matchStateOf, tournamentStateOf } from "./worked-out-state.js";

export interface PlayerRef {
  readonly id: string;
  readonly name: string;
}

export interface MatchInfo {
  readonly id: string;
  readonly identifier: string | null;
  readonly round: number | null;
  /** Its group, a group stage's match (the record's `group_id`); null in the final stage or none. */
  readonly group_id: number | null;
  /**
   * Its bracket as the record names it (`bracket`: winners, losers, grand_final, third_place,
   * placement, round_robin, swiss, free_for_all); null from a service that sends none.
   */
  readonly bracket: string | null;
  /** A placement match below third place: the places its players play for (`places`, [5, 8]). */
  readonly places?: readonly [number, number];
  readonly state: string;
  readonly player1: PlayerRef | null;
  readonly player2: PlayerRef | null;
  /** A free-for-all table only: its players, in the table's order (player1, player2 null). */
  readonly players?: readonly PlayerRef[];
  readonly winner: PlayerRef | null;
  readonly loser: PlayerRef | null;
  /** Sets won ("1 - 0"): the record's `scores`. */
  readonly scores: string;
  /**
   * The scores as reported, a set each, player 1's first ([[3, 1]]: the record's
   * `score_in_sets`, as `match view` shows them, "3-1"); [] with none. Absent from a serve
   * that sends none.
   */
  readonly score_in_sets?: readonly (readonly [number, number])[];
  readonly station_id: number | null;
  /** The station of `station_id` and its name; null without one (or its name not read). */
  readonly station: StationRef | null;
}

export interface StationRef {
  readonly id: number;
  readonly name: string;
}

export interface SnapMatch {
  readonly info: MatchInfo;
  /** player1's and player2's ids; a free-for-all table's players' (null: a slot unknown). */
  readonly ids: readonly (string | null)[];
  readonly underwayAt: string | null;
  readonly completedAt: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly order: number;
  /**
   * The match whose result fills each slot of `ids` (`player1_prereq_match_id`, ...), null for
   * a seeded slot or a service that does not say (watch-accept.ts).
   */
  readonly prereqs: readonly (string | null)[];
  /** In a round robin (stage): its players may play other matches while it is open. */
  readonly roundRobin: boolean;
  readonly finalStage: boolean;
}

export interface TournamentSnapshot extends SnapshotHead {
  readonly kind: "tournament";
  readonly participants: ReadonlyMap<
    string,
    { readonly ref: PlayerRef; readonly checkedInAt: string | null }
  >;
  readonly matches: ReadonlyMap<string, SnapMatch>;
  /** Whether a participant holds a final rank (given by the finalize only). */
  readonly finalRanks: boolean;
  /** Whether the record says it has a group stage (group_stage_enabled). */
  readonly groupStage: boolean;
}

const idOf = (v: unknown): string | null =>
  typeof v === "number" || (typeof v === "string" && v !== "") ? String(v) : null;

/** A group's id as a number (a service may send it as a numeric string), else null. */
const groupOf = (v: unknown): number | null =>
  typeof v === "number" ? v : typeof v === "string" && /^\d+$/.test(v) ? Number(v) : null;

/** A placement match's `places`, [first, last], when the record has them. */
function placesOf(v: unknown): { places: readonly [number, number] } | undefined {
  const [first, last] = Array.isArray(v) && v.length === 2 ? v : [];
  return typeof first === "number" && typeof last === "number"
    ? { places: [first, last] }
    : undefined;
}

/**
 * A free-for-all table's players: serve's `participant_ids`, or (a service without it, in a
 * free-for-all tournament) the contract's `points_by_participant`; undefined for a one-on-one
 * match. Its player1_id and player2_id are null: read alone, a table never opened (issue 19).
 */
function tableIds(a: RecordLike["attributes"], freeForAll: boolean): (string | null)[] | undefined {
  if (Array.isArray(a.participant_ids)) return a.participant_ids.map(idOf);
  if (!freeForAll || !Array.isArray(a.points_by_participant)) return undefined;
  const ids = a.points_by_participant.map((p) => idOf(obj(p).participant_id));
  return ids.length === 0 ? undefined : ids;
}

/** A record's `score_in_sets`: its sets of two numbers, player 1's first. */
function setsOf(v: unknown): [number, number][] {
  if (!Array.isArray(v)) return [];
  const score = (x: unknown) => (typeof x === "string" && /^\d+$/.test(x) ? Number(x) : num(x));
  const sets = v.map((set) => (Array.isArray(set) ? set.map(score) : []));
  return sets.flatMap((s) =>
    s.length === 2 && s[0] != null && s[1] != null ? [[s[0], s[1]]] : [],
  );
}

interface Format {
  readonly roundRobin: { readonly groups: boolean; readonly final: boolean };
  readonly freeForAll: boolean;
}

function snapMatch(
  record: RecordLike,
  names: (id: string | null) => PlayerRef | null,
  format: Format,
  stations: ReadonlyMap<number, string>,
): SnapMatch {
  const a = record.attributes;
  const group = a.group_id !== null && a.group_id !== undefined;
  const times = obj(a.timestamps);
  const table = tableIds(a, format.freeForAll);
  const ids = table ?? [idOf(a.player1_id), idOf(a.player2_id)];
  const players = table?.map((id) => names(id)).filter((p) => p !== null);
  const stationId = num(a.station_id);
  const stationName = stationId === null ? undefined : stations.get(stationId);
  return {
    info: {
      id: record.id,
      identifier: str(a.identifier),
      round: num(a.round),
      group_id: groupOf(a.group_id),
      bracket: str(a.bracket),
      ...placesOf(a.places),
      // The published Match may have no state: worked out as an export does.
      state: matchStateOf(str(a.state), {
        winner: idOf(a.winner_id),
        tie: a.tie === true,
        players: ids,
      }),
      player1: table === undefined ? names(ids[0]!) : null,
      player2: table === undefined ? names(ids[1]!) : null,
      ...(players === undefined ? {} : { players }),
      winner: names(idOf(a.winner_id)),
      loser: names(idOf(a.loser_id)),
      scores: str(a.scores) ?? "",
      score_in_sets: setsOf(a.score_in_sets),
      station_id: stationId,
      station: stationName === undefined ? null : { id: stationId!, name: stationName },
    },
    ids,
    underwayAt: str(a.underway_at) ?? str(times.underway_at),
    completedAt: str(times.completed_at),
    createdAt: str(times.created_at) ?? "",
    updatedAt: str(times.updated_at) ?? "",
    order: num(a.suggested_play_order) ?? Number(record.id),
    prereqs:
      table === undefined ? [idOf(a.player1_prereq_match_id), idOf(a.player2_prereq_match_id)] : [],
    roundRobin: group ? format.roundRobin.groups : format.roundRobin.final,
    finalStage: !group,
  };
}

/** A tournament snapshot made record by record: participants first, then matches. */
export interface SnapshotBuilder {
  participant(record: RecordLike): void;
  match(record: RecordLike): void;
  /**
   * Takes match `id` as `previous` holds it (its record, and every participant's name,
   * unchanged since): the same object, which a diff passes over. False if it holds none,
   * or names its station otherwise than the stations now do (renamed since).
   */
  reuse(id: string, previous: TournamentSnapshot): boolean;
  /** Takes every participant `previous` holds as it is (none changed since), in its order. */
  keepParticipants(previous: TournamentSnapshot): void;
  done(): TournamentSnapshot;
}

/** Each station's name by its id, from the tournament's station records. */
export function stationNames(stations: readonly RecordLike[]): Map<number, string> {
  const named = new Map<number, string>();
  for (const s of stations) {
    const name = str(s.attributes.name);
    if (name !== null) named.set(Number(s.id), name);
  }
  return named;
}

/** Whether `info` names its station as `named` does now (a renamed station: not). */
function sameStation(info: MatchInfo, named: ReadonlyMap<number, string>): boolean {
  if (info.station_id === null) return true;
  return (named.get(info.station_id) ?? null) === (info.station?.name ?? null);
}

/**
 * Builds the snapshot of `tournament` from its participants then its matches, as they are
 * read; `stations` (its station records) name the stations its matches are on.
 */
export function tournamentSnapshotBuilder(
  tournament: RecordLike,
  seenAt: string,
  stations: readonly RecordLike[] = [],
): SnapshotBuilder {
  const a = tournament.attributes;
  const named = stationNames(stations);
  const people = new Map<string, { ref: PlayerRef; checkedInAt: string | null }>();
  const matches = new Map<string, SnapMatch>();
  let finalRanks = false;
  const names = (id: string | null): PlayerRef | null =>
    id === null ? null : (people.get(id)?.ref ?? { id, name: `#${id}` });
  const format: Format = {
    roundRobin: {
      final: a.tournament_type === "round robin",
      groups: (str(obj(a.group_stage_options).stage_type) ?? "round robin") === "round robin",
    },
    freeForAll: a.tournament_type === "free for all",
  };
  return {
    participant: (p) => {
      const times = obj(p.attributes.timestamps);
      const name = str(p.attributes.name) ?? str(p.attributes.display_name) ?? `#${p.id}`;
      people.set(p.id, { ref: { id: p.id, name }, checkedInAt: str(times.checked_in_at) });
      const rank = p.attributes.final_rank;
      if (rank !== null && rank !== undefined) finalRanks = true;
    },
    match: (m) => {
      matches.set(m.id, snapMatch(m, names, format, named));
    },
    reuse: (id, previous) => {
      const kept = previous.matches.get(id);
      // Its station renamed since: made again from its record (the page holding it is read).
      if (kept === undefined || !sameStation(kept.info, named)) return false;
      matches.set(id, kept);
      return true;
    },
    keepParticipants: (previous) => {
      for (const [id, p] of previous.participants) people.set(id, p);
      finalRanks ||= previous.finalRanks;
    },
    done: () => {
      const head = snapshotHead(tournament, seenAt, "snake_case");
      // The published Tournament has no state (the hosted service): worked out from the
      // matches as an export does, so `--until-complete` ends and state changes are heard.
      const state =
        str(a.state) ??
        tournamentStateOf(
          undefined,
          [...matches.values()].map((m) => ({
            group: m.finalStage ? null : 0,
            state: m.info.state === "complete" ? "complete" : "open",
          })),
          finalRanks,
        );
      const groupStage = a.group_stage_enabled === true;
      return {
        kind: "tournament",
        ...head,
        state,
        participants: people,
        matches,
        finalRanks,
        groupStage,
      };
    },
  };
}

/** A snapshot of the tournament from its record, every participant, every match and its stations. */
export function tournamentSnapshot(
  tournament: RecordLike,
  participants: readonly RecordLike[],
  matches: readonly RecordLike[],
  seenAt: string,
  stations: readonly RecordLike[] = [],
): TournamentSnapshot {
  const builder = tournamentSnapshotBuilder(tournament, seenAt, stations);
  for (const p of participants) builder.participant(p);
  for (const m of matches) builder.match(m);
  return builder.done();
}
