/**
 * What `tourney watch` and serve's event stream report, derived by comparing two
 * snapshots of a tournament (its record, participants and matches as the v2.1
 * interface answers them), so every backend yields the same events: the embedded
 * store, `serve`'s event stream and a hosted service polled with If-None-Match.
 * Pure: no clock (an event's `at` is a timestamp of the records, or the snapshot's
 * own `seenAt`), no I/O. The schema is documented in docs/watching.md.
 */

import { openedAtOf } from "./watch-opened.js";
import { orderEvents } from "./watch-order.js";
import type { MatchInfo, PlayerRef, SnapMatch, TournamentSnapshot } from "./watch-snapshot.js";
import type { EventSubject } from "./watch-snapshot-head.js";

export {
  type MatchInfo,
  type PlayerRef,
  type SnapshotBuilder,
  type TournamentSnapshot,
  tournamentSnapshot,
  tournamentSnapshotBuilder,
} from "./watch-snapshot.js";
export type { Notifications, RecordLike } from "./watch-snapshot-head.js";

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

/** One event, as NDJSON prints it: `type`, `at`, `tournament` always; the rest by type. */
export interface WatchEvent {
  /** Stable for the same change whichever backend saw it; the SSE `id:` line. */
  readonly id: string;
  readonly type: WatchEventType;
  readonly at: string;
  /** The tournament, or the race for race.* / round.* / elapsed_time.* events. */
  readonly tournament: EventSubject;
  readonly match?: MatchInfo;
  readonly participant?: PlayerRef;
  readonly state?: string;
  readonly previous_state?: string;
  readonly round?: number;
  /** elapsed_time.recorded: the time (its id; milliseconds and as formatted, null: none, DNF). */
  readonly elapsed_time?: {
    readonly id: string;
    readonly ms: number | null;
    readonly formatted: string | null;
  };
}

const time = (iso: string | null): number => (iso === null ? Number.NaN : Date.parse(iso));

const OPEN = (m: SnapMatch | undefined) =>
  m !== undefined && m.info.state !== "pending" && m.ids[0] !== null && m.ids[1] !== null;

function matchEvents(
  prev: SnapMatch | undefined,
  next: SnapMatch,
  openedAt: (m: SnapMatch) => string,
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
      const at = openedAt(next) || now;
      out.push(["match.opened", at, `m${id}.opened.${next.ids[0]}.${next.ids[1]}.${at}`]);
    }
  }
  if (next.underwayAt !== null && next.underwayAt !== (prev?.underwayAt ?? null))
    out.push(["match.underway", next.underwayAt, `m${id}.underway.${next.underwayAt}`]);
  if (isComplete && (!wasComplete || reopened))
    out.push(["match.completed", next.completedAt ?? now, `m${id}.completed.${next.completedAt}`]);
  return out;
}

/**
 * The time of the change to `state`, from records that keep it (not updated_at,
 * which later writes move on): the start (started_at; after a group stage, the
 * final stage's first matches' creation, which its start makes), the completion;
 * else the tournament's updated_at.
 */
function stateAt(next: TournamentSnapshot, state: string): string {
  if (state === "complete") return next.completedAt ?? next.updatedAt;
  if (state === "group_stages_underway") return next.startedAt ?? next.updatedAt;
  if (state !== "underway") return next.updatedAt;
  const matches = [...next.matches.values()];
  if (next.startedAt !== null && matches.every((m) => m.finalStage)) return next.startedAt;
  const created = matches.filter((m) => m.finalStage).map((m) => m.createdAt);
  return created.sort((a, b) => time(a) - time(b))[0] || next.startedAt || next.updatedAt;
}

/** The tournament's own state changes between the two. */
function stateEvents(prev: TournamentSnapshot | undefined, next: TournamentSnapshot): WatchEvent[] {
  const tournament = next.tournament;
  const t = `t${tournament.id}`;
  const events: WatchEvent[] = [];
  let prevState = prev?.state ?? "pending";
  const step = (state: string, at: string, type: WatchEventType = "tournament.state_changed") => {
    events.push({
      id: `${t}.state.${state}.${at}`,
      type,
      at,
      tournament,
      state,
      previous_state: prevState,
    });
    prevState = state;
  };
  // From nothing known, a finished tournament's history begins with its start.
  const ended = next.state === "awaiting_review" || next.state === "complete";
  if (prev === undefined && ended && next.startedAt !== null)
    step("underway", stateAt(next, "underway"));
  // The last match's completion moves the tournament to awaiting_review by itself; a
  // finalize before the next look still tells that step, so every backend says the same.
  if (next.state === "complete" && prevState !== "awaiting_review" && prevState !== "complete") {
    const ends = [...next.matches.values()].map((m) => m.completedAt ?? "").sort();
    step("awaiting_review", ends.at(-1) || next.updatedAt);
  }
  if (next.state !== prevState) {
    const finalized = next.state === "group_stages_finalized";
    step(next.state, stateAt(next, next.state), finalized ? "group_stage.finalized" : undefined);
  }
  return events;
}

/** What happened between `prev` (undefined: nothing known) and `next`, in order. */
export function diffTournament(
  prev: TournamentSnapshot | undefined,
  next: TournamentSnapshot,
): WatchEvent[] {
  const steps = diffSteps(prev, next, Number.POSITIVE_INFINITY);
  let step = steps.next();
  while (step.done !== true) step = steps.next();
  return step.value;
}

/**
 * `diffTournament` a part at a time: yields after every `part` participants and matches
 * (serve computes a `?since=` history this way, from nothing: at 50,000 players its
 * 99,998 matches were 136 ms in one piece, every other request waiting).
 */
export function* diffSteps(
  prev: TournamentSnapshot | undefined,
  next: TournamentSnapshot,
  part: number,
): Generator<void, WatchEvent[]> {
  const tournament = next.tournament;
  const t = `t${tournament.id}`;
  const events = stateEvents(prev, next);
  let n = 0;
  for (const [id, p] of next.participants) {
    if (++n % part === 0) yield;
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
  // From nothing every open match asks when it opened: indexed at once, not scanned.
  const openedAt = openedAtOf(next.matches, prev === undefined ? 0 : undefined);
  for (const [id, m] of next.matches) {
    if (++n % part === 0) yield;
    const before = prev?.matches.get(id);
    // A match taken over unchanged (SnapshotBuilder.reuse) has nothing to tell.
    if (before === m) continue;
    const found = matchEvents(before, m, openedAt, next.seenAt);
    for (const [type, at, eventId] of found)
      events.push({ id: `${t}.${eventId}`, type, at, tournament, match: m.info });
  }
  const order = (e: WatchEvent) =>
    e.match === undefined ? 0 : (next.matches.get(e.match.id)?.order ?? 0);
  return orderEvents(events, order);
}

export { notified, orderEvents } from "./watch-order.js";
