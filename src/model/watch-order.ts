/**
 * The order of the events one look finds (model/watch-events.ts, race-watch-events.ts),
 * and which of them the notification flags let through.
 */

/** What ordering and the flags read of an event (watch-events.ts WatchEvent). */
interface EventLike {
  readonly type: string;
  readonly at: string;
  readonly state?: string;
  readonly match?: { readonly id: string };
  readonly participant?: { readonly id: string };
}

/**
 * Order of a tournament's events of one instant: a start's state before its
 * matches open, an end's after the last completion.
 */
const EARLY_STATES = new Set(["underway", "group_stages_underway", "checking_in", "checked_in"]);
const RANKS: Readonly<Record<string, number>> = {
  "participant.checked_in": 1,
  "match.reopened": 2,
  "match.completed": 3,
  "group_stage.finalized": 4,
  "match.opened": 5,
  "match.underway": 6,
};
function rank(event: EventLike): number {
  if (event.type === "tournament.state_changed") return EARLY_STATES.has(event.state ?? "") ? 0 : 9;
  return RANKS[event.type] ?? 7;
}
/** Where an event of one instant stands among the others (service/public/event-resume.ts). */
export const eventRank: (event: EventLike) => number = rank;

/** A tournament's states in the order it passes through them. */
const STATES = [
  "pending",
  "checking_in",
  "checked_in",
  "group_stages_underway",
  "group_stages_finalized",
  "underway",
  "awaiting_review",
  "complete",
];

/**
 * Last of an instant's order, what its id tells apart (the stream's order is one an id
 * places itself in, service/public/event-resume.ts): events of one rank and play order by
 * their match's id, their participant's id, or their state's place in the order above.
 * Before, by the order a look found them in, which an id does not tell.
 */
export function eventTie(event: EventLike): number {
  if (event.match !== undefined) return Number(event.match.id) || 0;
  if (event.participant !== undefined) return Number(event.participant.id) || 0;
  return event.state === undefined ? 0 : STATES.indexOf(event.state);
}

/**
 * Events in the order they happened: by time, then (one instant) by `rankOf`, then
 * by `order` (play order, time id), then `eventTie`; two events of one match keep the
 * order they were found in (a match that opened and completed between two looks).
 */
export function orderEvents<E extends EventLike>(
  events: E[],
  order: (e: E) => number,
  rankOf: (e: E) => number = rank,
): E[] {
  const keyed = events.map((event, index) => ({ event, index, time: Date.parse(event.at) || 0 }));
  keyed.sort((x, y) => {
    if (x.time !== y.time) return x.time - y.time;
    const same = x.event.match !== undefined && x.event.match.id === y.event.match?.id;
    if (same) return x.index - y.index;
    return (
      rankOf(x.event) - rankOf(y.event) ||
      order(x.event) - order(y.event) ||
      eventTie(x.event) - eventTie(y.event) ||
      x.index - y.index
    );
  });
  return keyed.map((k) => k.event);
}

/**
 * Whether the notification flags let `event` through (`--all` skips this):
 * `upon_matches_open` (a race's `uponMatchesOpen`) governs matches opening and a
 * race's rounds starting; `upon_tournament_ends` (`uponTournamentEnds`) the change
 * to complete (a race's to completed).
 */
export function notified(
  snapshot: { readonly notifications: { matchesOpen: boolean; tournamentEnds: boolean } },
  event: EventLike,
): boolean {
  if (event.type === "match.opened" || event.type === "round.started")
    return snapshot.notifications.matchesOpen;
  if (event.type === "tournament.state_changed" && event.state === "complete")
    return snapshot.notifications.tournamentEnds;
  if (event.type === "race.state_changed" && event.state === "completed")
    return snapshot.notifications.tournamentEnds;
  return true;
}
