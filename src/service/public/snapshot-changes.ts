/**
 * What a new version of a tournament's snapshot may take from the previous one without
 * reading it (issue 24). serve's store logs the match and participant rows its own
 * connection writes (store/cache/row-changes.ts); from that log, since the mark the previous
 * version took, a match page is taken unread when it holds the same matches in the same
 * order as before (no match added, deleted, hidden or shown before it) and none of them was
 * written or changed station; the participants' pages are taken unread when no participant
 * of the tournament was written. When the log cannot tell (another process wrote to the
 * file, a transaction rolled back, the log's oldest entries dropped), everything is read.
 *
 * A match record is its row (its written columns), the station holding it (the stations'
 * records, read whole every version) and where its players come from (ids of other matches
 * of its stage, which change only when match rows are added or deleted: every page is read
 * then). A participant record is its row alone.
 */
import type { RecordLike } from "../../model/watch-events.js";
import type { RowsWritten } from "../../store/cache/row-changes.js";

/** The station holding each match, from the stations' records, as the match records name it. */
export function stationsOf(stations: readonly RecordLike[]): Map<number, number> {
  const held = new Map<number, number>();
  for (const station of stations) {
    const match = station.attributes.match_id;
    if (typeof match === "number") held.set(match, Number(station.id));
  }
  return held;
}

/** What the previous version knew of its pages. */
export interface PagesBefore {
  /** The ids of each page of matches, in list order. */
  readonly matchPages: readonly (readonly number[])[];
  /** The station holding each match. */
  readonly stations: ReadonlyMap<number, number>;
}

/** What may be taken unread from the previous version. */
export interface Unread {
  /** No participant of the tournament was written: its participant pages, all of them. */
  readonly participants: boolean;
  /** Whether the page `page` (from 1) of matches, now holding `ids`, is the previous version's. */
  matches(page: number, ids: readonly number[]): boolean;
}

/** The matches whose station is not the one it was. */
function restationed(
  before: ReadonlyMap<number, number>,
  now: ReadonlyMap<number, number>,
): Set<number> {
  const moved = new Set<number>();
  for (const [match, station] of now) if (before.get(match) !== station) moved.add(match);
  for (const [match, station] of before) if (now.get(match) !== station) moved.add(match);
  return moved;
}

/**
 * What the version after `before` may take unread, given the rows `written` since its mark
 * and the stations now; undefined when nothing can be (the writes are unknown).
 */
export function unreadSince(
  before: PagesBefore,
  written: RowsWritten | undefined,
  stations: ReadonlyMap<number, number>,
): Unread | undefined {
  if (written === undefined) return undefined;
  const moved = restationed(before.stations, stations);
  const changed = (id: number) => written.matches.has(id) || moved.has(id);
  return {
    participants: !written.participants,
    matches: (page, ids) => {
      const was = before.matchPages[page - 1];
      if (written.matchRows || was === undefined || was.length !== ids.length) return false;
      for (let i = 0; i < ids.length; i++) if (was[i] !== ids[i] || changed(ids[i]!)) return false;
      return true;
    },
  };
}
