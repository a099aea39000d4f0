/**
 * What `tourney watch` and serve's event stream report, derived by comparing two
 * snapshots of a tournament (its record, participants and matches as the v2.1
 * interface answers them), so every backend yields the same events: the embedded
 * store, `serve`'s event stream and a hosted service polled with If-None-Match.
 * Pure: no clock (an event's `at` is a timestamp of the records, or the snapshot's
 * own `seenAt`), no I/O. The schema is documented in the README ("Watching").
 */

/** A record of a v2.1 response: the fields the snapshot reads. */
export interface RecordLike {
  readonly id: string;
  readonly attributes: Record<string, unknown>;
}

export type WatchEventType =
  | "tournament.state_changed"
  | "group_stage.finalized"
  | "participant.checked_in"
  | "match.opened"
  | "match.underway"
  | "match.completed"
  | "match.reopened"
  | "race.state_changed"
  | "round.started"
  | "round.finished"
  | "elapsed_time.recorded";

export const WATCH_EVENT_TYPES: readonly WatchEventType[] = [
  "tournament.state_changed",
  "group_stage.finalized",
  "participant.checked_in",
  "match.opened",
  "match.underway",
  "match.completed",
  "match.reopened",
  "race.state_changed",
  "round.started",
  "round.finished",
  "elapsed_time.recorded",
];

export interface PlayerRef {
  readonly id: string;
  readonly name: string;
}

export interface MatchInfo {
  readonly id: string;
  readonly identifier: string | null;
  readonly round: number | null;
  readonly state: string;
  readonly player1: PlayerRef | null;
  readonly player2: PlayerRef | null;
  readonly winner: PlayerRef | null;
  readonly loser: PlayerRef | null;
  readonly scores: string;
  readonly station_id: number | null;
}

/** One event, as NDJSON prints it: `type`, `at`, `tournament` always; the rest by type. */
export interface WatchEvent {
  /** Stable for the same change whichever backend saw it; the SSE `id:` line. */
  readonly id: string;
  readonly type: WatchEventType;
  readonly at: string;
  /** The tournament, or the race for race.* / round.* / elapsed_time.* events. */
  readonly tournament: { readonly id: string; readonly url: string | null; readonly name: string };
  readonly match?: MatchInfo;
  readonly participant?: PlayerRef;
  readonly state?: string;
  readonly previous_state?: string;
  readonly round?: number;
  readonly elapsed_time?: { readonly ms: number | null; readonly formatted: string | null };
}

interface SnapMatch {
  readonly info: MatchInfo;
  readonly ids: readonly [string | null, string | null];
  readonly underwayAt: string | null;
  readonly completedAt: string | null;
  readonly updatedAt: string;
  readonly order: number;
}

export interface TournamentSnapshot {
  readonly kind: "tournament";
  readonly tournament: WatchEvent["tournament"];
  readonly state: string;
  readonly updatedAt: string;
  readonly notifications: { readonly matchesOpen: boolean; readonly tournamentEnds: boolean };
  readonly participants: ReadonlyMap<
    string,
    { readonly ref: PlayerRef; readonly checkedInAt: string | null }
  >;
  readonly matches: ReadonlyMap<string, SnapMatch>;
  /** When the snapshot was taken (the `at` of an event no record dates). */
  readonly seenAt: string;
}

const str = (v: unknown): string | null => (typeof v === "string" ? v : null);
const num = (v: unknown): number | null => (typeof v === "number" ? v : null);
const idOf = (v: unknown): string | null =>
  typeof v === "number" || (typeof v === "string" && v !== "") ? String(v) : null;
const obj = (v: unknown): Record<string, unknown> =>
  typeof v === "object" && v !== null ? (v as Record<string, unknown>) : {};

function snapMatch(record: RecordLike, names: (id: string | null) => PlayerRef | null): SnapMatch {
  const a = record.attributes;
  const times = obj(a.timestamps);
  const ids = [idOf(a.player1_id), idOf(a.player2_id)] as const;
  return {
    info: {
      id: record.id,
      identifier: str(a.identifier),
      round: num(a.round),
      state: str(a.state) ?? "pending",
      player1: names(ids[0]),
      player2: names(ids[1]),
      winner: names(idOf(a.winner_id)),
      loser: names(idOf(a.loser_id)),
      scores: str(a.scores) ?? "",
      station_id: num(a.station_id),
    },
    ids,
    underwayAt: str(a.underway_at) ?? str(times.underway_at),
    completedAt: str(times.completed_at),
    updatedAt: str(times.updated_at) ?? "",
    order: num(a.suggested_play_order) ?? Number(record.id),
  };
}

/** A snapshot of the tournament from its record, every participant and every match. */
export function tournamentSnapshot(
  tournament: RecordLike,
  participants: readonly RecordLike[],
  matches: readonly RecordLike[],
  seenAt: string,
): TournamentSnapshot {
  const a = tournament.attributes;
  const people = new Map<string, { ref: PlayerRef; checkedInAt: string | null }>();
  for (const p of participants) {
    const times = obj(p.attributes.timestamps);
    const name = str(p.attributes.name) ?? str(p.attributes.display_name) ?? `#${p.id}`;
    people.set(p.id, { ref: { id: p.id, name }, checkedInAt: str(times.checked_in_at) });
  }
  const names = (id: string | null): PlayerRef | null =>
    id === null ? null : (people.get(id)?.ref ?? { id, name: `#${id}` });
  const notifications = obj(a.notifications);
  return {
    kind: "tournament",
    tournament: { id: tournament.id, url: str(a.url), name: str(a.name) ?? "" },
    state: str(a.state) ?? "pending",
    updatedAt: str(obj(a.timestamps).updated_at) ?? seenAt,
    notifications: {
      matchesOpen: notifications.upon_matches_open !== false,
      tournamentEnds: notifications.upon_tournament_ends !== false,
    },
    participants: people,
    matches: new Map(matches.map((m) => [m.id, snapMatch(m, names)])),
    seenAt,
  };
}

/** Order of events of one instant: a start's state before its matches open, an end's after. */
const EARLY_STATES = new Set(["underway", "group_stages_underway", "checking_in", "checked_in"]);
function rank(event: WatchEvent): number {
  switch (event.type) {
    case "tournament.state_changed":
    case "race.state_changed":
      return EARLY_STATES.has(event.state ?? "") ? 0 : 9;
    case "participant.checked_in":
      return 1;
    case "match.reopened":
      return 2;
    case "match.completed":
      return 3;
    case "group_stage.finalized":
      return 4;
    case "match.opened":
    case "round.started":
      return 5;
    case "match.underway":
      return 6;
    default:
      return 7;
  }
}

/**
 * Events in the order they happened: by time, then (one instant) by `rank`, then by
 * play order; two events of one match keep the order they were found in (a match
 * that opened and completed between two looks).
 */
export function orderEvents(events: WatchEvent[], order: (e: WatchEvent) => number): WatchEvent[] {
  const keyed = events.map((event, index) => ({ event, index, time: Date.parse(event.at) || 0 }));
  keyed.sort((x, y) => {
    if (x.time !== y.time) return x.time - y.time;
    const same = x.event.match !== undefined && x.event.match.id === y.event.match?.id;
    if (same) return x.index - y.index;
    return rank(x.event) - rank(y.event) || order(x.event) - order(y.event) || x.index - y.index;
  });
  return keyed.map((k) => k.event);
}

const OPEN = (m: SnapMatch | undefined) =>
  m !== undefined && m.info.state !== "pending" && m.ids[0] !== null && m.ids[1] !== null;

function matchEvents(
  prev: SnapMatch | undefined,
  next: SnapMatch,
  now: string,
): [WatchEventType, string, string][] {
  const out: [WatchEventType, string, string][] = [];
  const id = next.info.id;
  const wasComplete = prev?.info.state === "complete";
  const isComplete = next.info.state === "complete";
  if (wasComplete && (!isComplete || prev!.completedAt !== next.completedAt))
    out.push(["match.reopened", next.updatedAt || now, `m${id}.reopened.${prev!.completedAt}`]);
  const reopened = out.length > 0;
  // A match that opened and completed between two looks still reports both.
  if ((isComplete || next.info.state === "open") && next.ids[0] !== null && next.ids[1] !== null) {
    const opened = !OPEN(prev) || prev!.ids[0] !== next.ids[0] || prev!.ids[1] !== next.ids[1];
    if (opened && !reopened) {
      const at = next.underwayAt ?? next.completedAt ?? (next.updatedAt || now);
      out.push(["match.opened", at, `m${id}.opened.${next.ids[0]}.${next.ids[1]}.${at}`]);
    }
  }
  if (next.underwayAt !== null && next.underwayAt !== (prev?.underwayAt ?? null))
    out.push(["match.underway", next.underwayAt, `m${id}.underway.${next.underwayAt}`]);
  if (isComplete && (!wasComplete || reopened))
    out.push(["match.completed", next.completedAt ?? now, `m${id}.completed.${next.completedAt}`]);
  return out;
}

/** What happened between `prev` (undefined: nothing known) and `next`, in order. */
export function diffTournament(
  prev: TournamentSnapshot | undefined,
  next: TournamentSnapshot,
): WatchEvent[] {
  const tournament = next.tournament;
  const t = `t${tournament.id}`;
  const events: WatchEvent[] = [];
  let prevState = prev?.state ?? "pending";
  // The last match's completion moves the tournament to awaiting_review by itself; a
  // finalize before the next look still tells that step, so every backend says the same.
  if (next.state === "complete" && prevState !== "awaiting_review" && prevState !== "complete") {
    const ends = [...next.matches.values()].map((m) => m.completedAt ?? "").sort();
    const at = ends.at(-1) || next.updatedAt;
    events.push({
      id: `${t}.state.awaiting_review.${at}`,
      type: "tournament.state_changed",
      at,
      tournament,
      state: "awaiting_review",
      previous_state: prevState,
    });
    prevState = "awaiting_review";
  }
  if (next.state !== prevState) {
    const type =
      next.state === "group_stages_finalized"
        ? "group_stage.finalized"
        : "tournament.state_changed";
    events.push({
      id: `${t}.state.${next.state}.${next.updatedAt}`,
      type,
      at: next.updatedAt,
      tournament,
      state: next.state,
      previous_state: prevState,
    });
  }
  for (const [id, p] of next.participants) {
    if (p.checkedInAt === null || prev?.participants.get(id)?.checkedInAt === p.checkedInAt)
      continue;
    events.push({
      id: `p${id}.checked_in.${p.checkedInAt}`,
      type: "participant.checked_in",
      at: p.checkedInAt,
      tournament,
      participant: p.ref,
    });
  }
  for (const [id, m] of next.matches) {
    for (const [type, at, eventId] of matchEvents(prev?.matches.get(id), m, next.seenAt))
      events.push({ id: `${t}.${eventId}`, type, at, tournament, match: m.info });
  }
  const order = (e: WatchEvent) =>
    e.match === undefined ? 0 : (next.matches.get(e.match.id)?.order ?? 0);
  return orderEvents(events, order);
}

/** Whether the tournament's notification flags let `event` through (`--all` skips this). */
export function notified(snapshot: TournamentSnapshot, event: WatchEvent): boolean {
  if (event.type === "match.opened") return snapshot.notifications.matchesOpen;
  if (event.type === "tournament.state_changed" && event.state === "complete")
    return snapshot.notifications.tournamentEnds;
  return true;
}
