/**
 * Events of one instant, one kind and one play order (two check-ins, two completions, two
 * openings of matches whose play order the snapshot does not tell apart): an id the history
 * no longer holds resumes after exactly its own place among them, as the stream ordered them
 * (model/watch-order.ts eventTie: the participant's or match's id). Before, such ties were
 * sent again ("kept on a tie, rather than lose one"): resuming from the second check-in sent
 * the first again.
 */
import { describe, expect, it } from "vitest";
import type { WatchEvent } from "../../src/model/watch-events.js";
import { orderEvents } from "../../src/model/watch-order.js";
import { markOf, resumedAfter } from "../../src/service/public/event-resume.js";

const T = "2026-01-01T10:00:00.000Z";
const tournament = { id: "1", url: "cup", name: "Cup" };
const match = (id: string) => ({
  id,
  identifier: id,
  round: 1,
  group_id: null,
  bracket: "winners",
  state: "open",
  player1: null,
  player2: null,
  winner: null,
  loser: null,
  scores: "",
  station_id: null,
  station: null,
});
const found: WatchEvent[] = [
  { id: `t1.m4.opened.7.8.${T}`, type: "match.opened", at: T, tournament, match: match("4") },
  {
    id: `p2.checked_in.${T}`,
    type: "participant.checked_in",
    at: T,
    tournament,
    participant: { id: "2", name: "B" },
  },
  { id: `t1.m2.completed.${T}`, type: "match.completed", at: T, tournament, match: match("2") },
  {
    id: `t1.state.underway.${T}`,
    type: "tournament.state_changed",
    at: T,
    tournament,
    state: "underway",
  },
  {
    id: `p1.checked_in.${T}`,
    type: "participant.checked_in",
    at: T,
    tournament,
    participant: { id: "1", name: "A" },
  },
  { id: `t1.m1.completed.${T}`, type: "match.completed", at: T, tournament, match: match("1") },
  { id: `t1.m3.opened.5.6.${T}`, type: "match.opened", at: T, tournament, match: match("3") },
];

describe("resuming among events of one instant, kind and play order", () => {
  it("an id the history no longer holds: exactly the events after its place", () => {
    // As a look orders them: the state, check-ins, completions, openings; ties by id.
    const sent = orderEvents([...found], () => 0);
    expect(sent.map((e) => e.id)).toEqual([
      `t1.state.underway.${T}`,
      `p1.checked_in.${T}`,
      `p2.checked_in.${T}`,
      `t1.m1.completed.${T}`,
      `t1.m2.completed.${T}`,
      `t1.m3.opened.5.6.${T}`,
      `t1.m4.opened.7.8.${T}`,
    ]);
    const time = Date.parse(T);
    for (const [i, named] of sent.entries()) {
      // The records no longer tell the event named (a check-in undone, a result reopened).
      const history = sent.filter((e) => e !== named).map((event) => ({ event, time }));
      const resumed = resumedAfter(history, markOf(named.id)!, -Infinity, () => 0);
      expect(
        resumed.map((e) => e.id),
        named.id,
      ).toEqual(sent.slice(i + 1).map((e) => e.id));
    }
  });
});
