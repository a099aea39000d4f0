/**
 * A Last-Event-ID the event log no longer holds (serve started again since, or the id
 * pushed out of its last events): the stream resumes from the time the id carries, as a
 * `?since=` history would, without the event it names or those before it. The ids are
 * made in model/watch-events.ts and end with their event's own time (`at`):
 * `t2.m7.completed.<at>`, `t2.m7.opened.<pairing>.<at>`, `t2.m7.underway.<at>`,
 * `t2.m7.reopened.<at>`, `t2.state.<state>.<at>`, `p5.checked_in.<at>`. With its kind
 * and match (participant, state) an id places its event in the stream's order (time, then
 * model/watch-order.ts's rank, play order and tie), so ids increase in the order the
 * events are sent and a resume sends exactly the events after the one named (of those the
 * history still holds). Before, a reopen's id carried the completion it undid, and a step
 * back to under way (the last match reopened) the start's time and id: resuming from either
 * sent again what came between.
 */

import { existingTime } from "../../model/calendar-date.js";
import type { WatchEvent } from "../../model/watch-events.js";
import { eventRank, eventTie } from "../../model/watch-order.js";

/** What an id tells of its event: its time, its type, its state or match. */
export interface Mark {
  readonly id: string;
  readonly time: number;
  readonly type: WatchEvent["type"];
  readonly at: string;
  readonly state?: string;
  readonly match?: { readonly id: string };
  readonly participant?: { readonly id: string };
}

const ID =
  /^(?:t\d+\.)?(?:(p\d+)\.checked_in|state\.([a-z_]+)|m(\d+)\.(opened|underway|completed|reopened)(?:\.[\d.]+)?)\.(\d{4}-\d\d-\d\dT[\d:.]+(?:Z|[+-]\d\d:\d\d))$/;

/** The order a look finds one match's events in (model/watch-events.ts `matchEvents`). */
const FOUND = ["reopened", "opened", "underway", "completed"];

/** The mark of `id`; undefined when it is not an id of a tournament's event with a time. */
export function markOf(id: string): Mark | undefined {
  const found = ID.exec(id);
  if (found === null) return undefined;
  const [, participant, state, match, kind, at] = found;
  const time = existingTime(at!);
  if (time === undefined) return undefined;
  if (participant !== undefined) {
    const who = { id: participant.slice(1) };
    return { id, time, at: at!, type: "participant.checked_in", participant: who };
  }
  if (state !== undefined) {
    const type = state === "group_stages_finalized" ? "group_stage.finalized" : undefined;
    return { id, time, at: at!, type: type ?? "tournament.state_changed", state };
  }
  return { id, time, at: at!, type: `match.${kind}` as Mark["type"], match: { id: match! } };
}

interface Timed {
  readonly event: WatchEvent;
  readonly time: number;
}

/**
 * Of events of the same instant, which comes first: as model/watch-order.ts orders them
 * (one match's events in the order a look finds them, else by kind, then play order, then
 * the match's or participant's id or the state's place). 0: the event the mark names.
 */
function compare(event: WatchEvent, mark: Mark, orderOf: (match: string) => number): number {
  const match = event.match?.id;
  if (match !== undefined && match === mark.match?.id)
    return FOUND.indexOf(event.type.slice(6)) - FOUND.indexOf(mark.type.slice(6));
  const rank = eventRank(event) - eventRank(mark);
  if (rank !== 0) return rank;
  const order = orderOf(match ?? "") - orderOf(mark.match?.id ?? "");
  return order !== 0 ? order : eventTie(event) - eventTie(mark);
}

/**
 * The events of `history` after the one `mark` names, at or after `since`: where the
 * history holds it, those after it there (the order they were sent in); else those later
 * than its time, and those of its instant ordered after it.
 */
export function resumedAfter(
  history: readonly Timed[],
  mark: Mark,
  since: number,
  orderOf: (match: string) => number,
): WatchEvent[] {
  let named = -1;
  for (let i = history.length - 1; i >= 0 && named === -1; i--)
    if (history[i]!.event.id === mark.id) named = i;
  const out: WatchEvent[] = [];
  if (named !== -1) {
    for (const { event, time } of history.slice(named + 1)) if (time >= since) out.push(event);
    return out;
  }
  for (const { event, time } of history) {
    if (time < since || time < mark.time) continue;
    if (time === mark.time && compare(event, mark, orderOf) <= 0) continue;
    out.push(event);
  }
  return out;
}
