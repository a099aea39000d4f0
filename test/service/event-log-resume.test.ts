/**
 * A Last-Event-ID the event log no longer keeps (pushed out of its last events; after a
 * restart of serve, test/e2e/event-stream-resume.test.ts): the backlog is the history from
 * the time the id carries, after the event it names (of one instant, in the order the
 * stream sent them), nothing before it. Before, it was empty. An id without a time: as
 * before, nothing.
 */
import { describe, expect, it } from "vitest";
import { diffTournament, tournamentSnapshot } from "../../src/model/watch-events.js";
import { EventLog } from "../../src/service/public/event-log.js";

const run = async <T>(steps: Generator<void, T>): Promise<T> => {
  for (;;) {
    const next = steps.next();
    if (next.done === true) return next.value;
  }
};

const AT = { start: "2026-01-01T10:00:00Z", done: "2026-01-01T10:30:00Z" };
const tournament = {
  id: "1",
  attributes: {
    name: "Resume Cup",
    state: "underway",
    tournament_type: "single elimination",
    timestamps: { updated_at: AT.done, started_at: AT.start },
  },
};
const people = ["1", "2", "3", "4"].map((id) => ({ id, attributes: { name: `P${id}` } }));
function match(id: string, players: [number, number] | null, winner?: number) {
  const complete = winner !== undefined;
  return {
    id,
    attributes: {
      state: complete ? "complete" : players === null ? "pending" : "open",
      identifier: id,
      round: id === "3" ? 2 : 1,
      player1_id: players?.[0] ?? null,
      player2_id: players?.[1] ?? null,
      winner_id: winner ?? null,
      scores: complete ? "2-0" : "",
      suggested_play_order: Number(id),
      timestamps: {
        created_at: id === "3" && players !== null ? AT.done : AT.start,
        updated_at: complete ? AT.done : AT.start,
        completed_at: complete ? AT.done : null,
      },
    },
  };
}
/** Started: matches 1 and 2 open. Then both completed at one instant, the final opened. */
const started = tournamentSnapshot(
  tournament,
  people,
  [match("1", [1, 4]), match("2", [2, 3]), match("3", null)],
  AT.start,
);
const played = tournamentSnapshot(
  tournament,
  people,
  [match("1", [1, 4], 1), match("2", [2, 3], 2), match("3", [1, 2])],
  AT.done,
);

/** A log keeping its last 2 events, after both looks were sent. */
function smallLog() {
  const log = new EventLog(2);
  const first = diffTournament(undefined, started);
  const second = diffTournament(started, played);
  log.append(first);
  log.append(second);
  return { log, sent: [...first, ...second].map((e) => e.id) };
}

describe("EventLog: a Last-Event-ID no longer kept", () => {
  it("resumes from the id's time, after it: at one instant in the order sent", async () => {
    const { log, sent } = smallLog();
    expect(sent).toEqual([
      `t1.state.underway.${AT.start}`,
      `t1.m1.opened.1.4.${AT.start}`,
      `t1.m2.opened.2.3.${AT.start}`,
      `t1.m1.completed.${AT.done}`,
      `t1.m2.completed.${AT.done}`,
      `t1.m3.opened.1.2.${AT.done}`,
    ]);
    // Kept: the last 2. The others resume through the history.
    expect(log.backlog({ lastEventId: sent[4]! }).map((e) => e.id)).toEqual([sent[5]]);
    expect(log.needsHistory({ lastEventId: sent[4]! })).toBe(false);
    expect(log.needsHistory({ lastEventId: sent[0]! })).toBe(true);
    expect(log.backlog({ lastEventId: sent[0]! })).toEqual([]); // no history yet
    await log.history(played, run);
    expect(log.needsHistory({ lastEventId: sent[0]! })).toBe(false);
    for (const at of [0, 1, 2, 3]) {
      const resume = { lastEventId: sent[at]! };
      expect(
        log.backlog(resume).map((e) => e.id),
        sent[at],
      ).toEqual(sent.slice(at + 1));
    }
  });

  it("an id not in the history either: of its instant, those sent after its kind", async () => {
    const { log, sent } = smallLog();
    // Match 1's completion at the instant of the other completion, then match 3's opening;
    // a match underway at that instant (which the history does not hold) came after both,
    // but before its own completion.
    const reported = { lastEventId: `t1.m1.completed.${AT.done}` };
    await log.history(played, run);
    expect(log.backlog(reported).map((e) => e.id)).toEqual(sent.slice(4));
    const underway = { lastEventId: `t1.m9.underway.${AT.done}` };
    expect(log.backlog(underway)).toEqual([]);
    const own = { lastEventId: `t1.m2.underway.${AT.done}` };
    expect(log.backlog(own).map((e) => e.id)).toEqual([sent[4]]);
    const earlier = { lastEventId: "t1.m9.underway.2026-01-01T10:15:00.000Z" };
    expect(log.backlog(earlier).map((e) => e.id)).toEqual(sent.slice(3));
  });

  it("an id without a time is answered as before: nothing, no history computed", () => {
    const { log } = smallLog();
    for (const lastEventId of ["nonsense", "t1.m1.completed.null", "t1.m1.completed.yesterday"]) {
      expect(log.needsHistory({ lastEventId }), lastEventId).toBe(false);
      expect(log.backlog({ lastEventId }), lastEventId).toEqual([]);
    }
  });
});
