/**
 * A race's Last-Event-ID its topic no longer keeps (serve started again since, or the id
 * pushed out of its last 1,024 events), resumed through the race's history as its records
 * tell it now (model/race-watch-events.ts, diffed from nothing), as a tournament's is
 * (public/event-resume.ts): the events after the one named, none before it, not it.
 *
 * Each event of the history is placed by its key in the stream's order (its time, then of
 * one instant `raceRank` and its time's id): a state's or a round's exactly, by the time it
 * carries (`r4.state.underway.<at>`, `r4.round2.started.<at>`, `r4.round2.finished.<at>`,
 * `r4.round2.<round's start>.time17.62345.<at>`, a time as it was sent). A time of the
 * history cannot be: its record's `updated_at`, its `at`, moves on each time entered after
 * it that re-ranks it, and at its round's finish, so it was recorded somewhere between its
 * round's start and its `at` (seen again later, its id is a later one). An event is sent when it lies after the
 * one named whatever the time it was recorded at, skipped when before it; when one may lie
 * on either side (a time of the round under way, against a time named or a round's start
 * named before it), the history cannot say whether the client has it. Then, without
 * `since`, the stream says so: one `stream.reload` event (its id `r4.reload.<serve's
 * time>`), after which the client reads the race again and the live events follow; with
 * `since` (`tourney watch`, which skips ids it already has) those events are sent too.
 */
import { existingTime } from "../model/calendar-date.js";
import { type RaceSnapshot, raceRank } from "../model/race-watch-events.js";
import type { WatchEvent } from "../model/watch-events.js";
import type { EventSubject } from "../model/watch-snapshot-head.js";

/** Where an event stands in the stream's order: its time, then its rank and time's id. */
type Key = readonly [number, number, number];

/** The earliest and latest keys an event may have had when it was sent. */
interface Bounds {
  readonly low: Key;
  readonly high: Key;
}

const AT = String.raw`(\d{4}-\d\d-\d\dT[\d:.]+(?:Z|[+-]\d\d:\d\d))`;
const STATE_ID = new RegExp(String.raw`^r\d+\.state\.([a-z_]+)\.${AT}$`);
const ROUND_ID = new RegExp(String.raw`^r\d+\.round(\d+)\.(started|finished)\.${AT}$`);
const RELOAD_ID = new RegExp(String.raw`^r\d+\.reload\.${AT}$`);
const TIME_ID = new RegExp(String.raw`^r\d+\.round(\d+)\..+\.time(\d+)\.(?:\d+|none)\.${AT}$`);

function compare(a: Key, b: Key): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

const exact = (key: Key): Bounds => ({ low: key, high: key });

/** Where `event` of the history may have stood when it was sent. */
function boundsOf(event: WatchEvent, snapshot: RaceSnapshot): Bounds {
  const at = Date.parse(event.at);
  const rank = raceRank(event);
  const order = Number(event.elapsed_time?.id) || 0;
  if (event.type !== "elapsed_time.recorded") return exact([at, rank, order]);
  const started = Date.parse(snapshot.rounds.get(event.round ?? 0)?.startedAt ?? "");
  return {
    low: [Number.isNaN(started) ? -Infinity : started, rank, order],
    high: [at, rank, order],
  };
}

/**
 * Where the event `id` names stood: exactly, by the time its id carries (a state's, a
 * round's, a time's as sent, a reload's); "foreign" when it is no id of a race's event.
 */
function markOf(id: string): Bounds | "foreign" {
  // An id whose time names no day or time that exists was never made here.
  const state = STATE_ID.exec(id);
  if (state !== null) {
    const at = existingTime(state[2]!);
    const rank = raceRank({ type: "race.state_changed", state: state[1]! });
    return at === undefined ? "foreign" : exact([at, rank, 0]);
  }
  const round = ROUND_ID.exec(id);
  if (round !== null) {
    const type = round[2] === "started" ? "round.started" : "round.finished";
    const at = existingTime(round[3]!);
    return at === undefined
      ? "foreign"
      : exact([at, raceRank({ type, round: Number(round[1]) }), 0]);
  }
  const reload = RELOAD_ID.exec(id);
  if (reload !== null) {
    const at = existingTime(reload[1]!);
    return at === undefined ? "foreign" : exact([at, -2, 0]);
  }
  // A time's id ends with its at as sent: placed exactly, whatever its record says now.
  const time = TIME_ID.exec(id);
  if (time === null) return "foreign";
  const at = existingTime(time[3]!);
  const rank = raceRank({ type: "elapsed_time.recorded", round: Number(time[1]) });
  return at === undefined ? "foreign" : exact([at, rank, Number(time[2])]);
}

/** What a client that resumed from an id no longer kept is sent first. */
export type RaceResumed = readonly WatchEvent[] | "reload";

/**
 * The backlog of a client resuming from `id` (not kept) with or without `since`: the
 * history's events after the one named; "reload" when, without `since`, the history
 * cannot say of some event whether it came before or after.
 */
export function resumedRace(
  snapshot: RaceSnapshot,
  history: readonly WatchEvent[],
  id: string,
  since?: string,
): RaceResumed {
  const from = since === undefined ? -Infinity : Date.parse(since);
  const recent = history.filter((e) => e.id !== id && Date.parse(e.at) >= from);
  const mark = markOf(id);
  // Not an id serve sends: nothing, or the history since then.
  if (mark === "foreign") return since === undefined ? [] : recent;
  const out: WatchEvent[] = [];
  let unsure = false;
  for (const event of recent) {
    const bounds = boundsOf(event, snapshot);
    if (compare(bounds.high, mark.low) < 0) continue;
    const after = compare(bounds.low, mark.high) > 0;
    // The same place exactly: the event named (told again under another id it never was).
    const same = compare(bounds.low, bounds.high) === 0 && compare(bounds.low, mark.low) === 0;
    if (same && compare(mark.low, mark.high) === 0) continue;
    if (!after) unsure = true;
    out.push(event);
  }
  return unsure && since === undefined ? "reload" : out;
}

/** The event telling a client to read race `race` again (serve's time `now`). */
export function reloadEvent(race: EventSubject, now: string): WatchEvent {
  return { id: `r${race.id}.reload.${now}`, type: "stream.reload", at: now, tournament: race };
}
