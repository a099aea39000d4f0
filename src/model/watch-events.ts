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
  | "elapsed_time.recorded"
  /**
   * Not a change: a race's stream resumed from an id its records can no longer place says
   * so, and that the client reads the race again (service/race-resume.ts). Never watched
   * for (not in WATCH_EVENT_TYPES); `tourney watch` asks with `since` and is never sent one.
   */
  | "stream.reload";

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

/** Every player of the match known: two, or a free-for-all table's (one-on-one: player1, player2). */
const seated = (m: SnapMatch): boolean => m.ids.length >= 2 && !m.ids.includes(null);

const OPEN = (m: SnapMatch | undefined) =>
  m !== undefined && m.info.state !== "pending" && seated(m);

/**
 * Who plays the match, as an event id tells it: player1's and player2's ids; a free-for-all
 * table's sorted (the same whatever order a service lists them in).
 */
function pairing(m: SnapMatch): string {
  if (m.info.players === undefined) return `${m.ids[0]}.${m.ids[1]}`;
  return [...m.ids].sort().join(".");
}

/**
 * A match as it stood before its result (its opening, its start, a reopening): no winner,
 * no scores; open unless the records say otherwise (a reopened match waiting for a player).
 * Every event tells its match as it stood then, not as the look that found it shows it:
 * a history read after the end (`--since`) and a watcher that looked at every step, or
 * seldom, print the same.
 */
function unplayed(info: MatchInfo): MatchInfo {
  const state = info.state === "complete" ? "open" : info.state;
  if (state === info.state && info.winner === null && info.loser === null && info.scores === "")
    return info;
  const sets = info.score_in_sets === undefined ? {} : { score_in_sets: [] };
  return { ...info, state, winner: null, loser: null, scores: "", ...sets };
}

type Found = [WatchEventType, string, string, MatchInfo];

function matchEvents(
  prev: SnapMatch | undefined,
  next: SnapMatch,
  openedAt: (m: SnapMatch) => string,
  now: string,
): Found[] {
  const out: Found[] = [];
  const id = next.info.id;
  const before = unplayed(next.info);
  const wasComplete = prev?.info.state === "complete";
  const isComplete = next.info.state === "complete";
  // Every id ends with its event's own time (`at`), which with its kind and match places it
  // in the stream's order (service/public/event-resume.ts). A reopen's is the reopen's (the
  // match's update), not the completion it undid: resuming from it sent what came between again.
  if (wasComplete && (!isComplete || prev!.completedAt !== next.completedAt)) {
    const at = next.updatedAt || now;
    out.push(["match.reopened", at, `m${id}.reopened.${at}`, before]);
  }
  const reopened = out.length > 0;
  // A match that opened and completed between two looks still reports both.
  if ((isComplete || next.info.state === "open") && seated(next)) {
    const opened = !OPEN(prev) || pairing(prev!) !== pairing(next);
    if (opened && !reopened) {
      const at = openedAt(next) || now;
      out.push(["match.opened", at, `m${id}.opened.${pairing(next)}.${at}`, before]);
    }
  }
  if (next.underwayAt !== null && next.underwayAt !== (prev?.underwayAt ?? null))
    out.push(["match.underway", next.underwayAt, `m${id}.underway.${next.underwayAt}`, before]);
  if (isComplete && (!wasComplete || reopened)) {
    const at = next.completedAt ?? now;
    out.push(["match.completed", at, `m${id}.completed.${at}`, next.info]);
  }
  return out;
}

/** The latest completion of the matches `which` picks ("": none). */
function lastCompletion(next: TournamentSnapshot, which: (m: SnapMatch) => boolean): string {
  let last = "";
  let lastTime = Number.NEGATIVE_INFINITY;
  for (const m of next.matches.values()) {
    const t = time(m.completedAt);
    if (which(m) && t > lastTime) [last, lastTime] = [m.completedAt!, t];
  }
  return last;
}

/**
 * The time of the change to `state`, from records that keep it (not updated_at,
 * which later writes move on): the start (started_at; after a group stage, the
 * final stage's first matches' creation, which its start makes), the completion;
 * awaiting review, the last match's completion (which moved it there); the group
 * stage finalized, its last match's completion (the records keep no time of the
 * finalize itself: it comes after that and before the final stage's start); else the
 * tournament's updated_at.
 */
function stateAt(next: TournamentSnapshot, state: string): string {
  if (state === "complete") return next.completedAt ?? next.updatedAt;
  if (state === "group_stages_underway") return next.startedAt ?? next.updatedAt;
  if (state === "awaiting_review") return lastCompletion(next, () => true) || next.updatedAt;
  if (state === "group_stages_finalized")
    return lastCompletion(next, (m) => !m.finalStage) || next.updatedAt;
  if (state !== "underway") return next.updatedAt;
  const matches = [...next.matches.values()];
  if (next.startedAt !== null && matches.every((m) => m.finalStage)) return next.startedAt;
  const created = matches.filter((m) => m.finalStage).map((m) => m.createdAt);
  return created.sort((a, b) => time(a) - time(b))[0] || next.startedAt || next.updatedAt;
}

/** A tournament's states from its start on, in order: a two-stage one's group stage first. */
const ONE_STAGE = ["underway", "awaiting_review", "complete"];
const TWO_STAGES = ["group_stages_underway", "group_stages_finalized", ...ONE_STAGE];

/**
 * The tournament's own state changes between the two. A change that skips states of the
 * order above (two changes between two looks; from nothing, a history) tells each state
 * passed through, each dated by its records, so a watcher that looked at every step, one
 * that looked seldom and a history say the same (a group stage's finalize followed by the
 * start before the next look was not told; a history of a two-stage tournament told
 * neither its group stage's start nor its finalize).
 */
function stateEvents(prev: TournamentSnapshot | undefined, next: TournamentSnapshot): WatchEvent[] {
  const tournament = next.tournament;
  const t = `t${tournament.id}`;
  const events: WatchEvent[] = [];
  let prevState = prev?.state ?? "pending";
  if (next.state === prevState) return events;
  const step = (state: string, at: string) => {
    const type = state === "group_stages_finalized" ? "group_stage.finalized" : undefined;
    events.push({
      id: `${t}.state.${state}.${at}`,
      type: type ?? "tournament.state_changed",
      at,
      tournament,
      state,
      previous_state: prevState,
    });
    prevState = state;
  };
  const twoStage = next.groupStage || [...next.matches.values()].some((m) => !m.finalStage);
  const order = twoStage ? TWO_STAGES : ONE_STAGE;
  const to = order.indexOf(next.state);
  const from = order.indexOf(prevState);
  for (let i = from + 1; to !== -1 && i < to; i++) step(order[i]!, stateAt(next, order[i]!));
  // A step back (a reopen of the last match: awaiting review to under way) is dated by the
  // reopen; before, by the start, under the start's own id (resuming from it sent it all again).
  const back = to !== -1 && to < from;
  step(next.state, back ? reopenedAt(prev!, next) : stateAt(next, next.state));
  return events;
}

/** The latest reopen between the two (a match complete before, not now or completed again). */
function reopenedAt(prev: TournamentSnapshot, next: TournamentSnapshot): string {
  let last: string | undefined;
  for (const [id, m] of next.matches) {
    const before = prev.matches.get(id);
    if (before?.info.state !== "complete" || before.completedAt === m.completedAt) continue;
    if (last === undefined || time(m.updatedAt) > time(last)) last = m.updatedAt;
  }
  return last ?? next.updatedAt;
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
    for (const [type, at, eventId, match] of found)
      events.push({ id: `${t}.${eventId}`, type, at, tournament, match });
  }
  const order = (e: WatchEvent) =>
    e.match === undefined ? 0 : (next.matches.get(e.match.id)?.order ?? 0);
  return orderEvents(events, order);
}

export { notified, orderEvents } from "./watch-order.js";
