/**
 * The event log's `?since=` answers (issue 24): readers asking the same `since` of one
 * history, with no event between, share one list (not a filter of the whole history per
 * connection); an event appended is in the next answer; another `since` filters anew.
 */
import { describe, expect, it } from "vitest";
import { tournamentSnapshot, type WatchEvent } from "../../src/model/watch-events.js";
import { EventLog } from "../../src/service/public/event-log.js";

/** Runs steps at once, counting them. */
function counted() {
  const run = async <T>(steps: Generator<void, T>): Promise<T> => {
    for (;;) {
      run.steps++;
      const next = steps.next();
      if (next.done === true) return next.value;
      await new Promise<void>((done) => setImmediate(done));
    }
  };
  run.steps = 0;
  return run;
}

const tournament = {
  id: "1",
  attributes: {
    name: "Log Cup",
    state: "underway",
    tournament_type: "single elimination",
    timestamps: { updated_at: "2026-01-01T10:00:00Z", started_at: "2026-01-01T10:00:00Z" },
  },
};
const people = ["1", "2", "3", "4"].map((id) => ({ id, attributes: { name: `P${id}` } }));
const match = (id: string, p1: string, p2: string, at: string) => ({
  id,
  attributes: {
    state: "open",
    identifier: id,
    round: 1,
    player1_id: Number(p1),
    player2_id: Number(p2),
    suggested_play_order: Number(id),
    timestamps: { created_at: at, updated_at: at },
  },
});

describe("EventLog ?since=", () => {
  it("answers one list to every reader of the same since until an event is appended", async () => {
    const snapshot = tournamentSnapshot(
      tournament,
      people,
      [match("1", "1", "2", "2026-01-01T10:00:00Z"), match("2", "3", "4", "2026-01-01T11:00:00Z")],
      "2026-01-01T12:00:00Z",
    );
    const log = new EventLog();
    await log.history(snapshot, counted());
    const since = { since: "2000-01-01T00:00:00Z" };
    const first = log.backlog(since);
    expect(first.filter((e) => e.type === "match.opened")).toHaveLength(2);
    expect(log.backlog(since)).toBe(first);
    const later = log.backlog({ since: "2026-01-01T10:30:00Z" });
    expect(later.map((e) => e.match?.id)).toEqual(["2"]);
    const event = { ...first.at(-1)!, id: "extra", at: "2026-01-01T13:00:00Z" } as WatchEvent;
    log.append([event]);
    const after = log.backlog(since);
    expect(after).not.toBe(first);
    expect(after.at(-1)!.id).toBe("extra");
    expect(after).toHaveLength(first.length + 1);
  });

  it("computes the history a step at a time, once for all who ask, with the events sent meanwhile after it", async () => {
    const matches = Array.from({ length: 4500 }, (_, i) =>
      match(String(i + 1), "1", "2", "2026-01-01T10:00:00Z"),
    );
    const snapshot = tournamentSnapshot(tournament, people, matches, "2026-01-01T12:00:00Z");
    const log = new EventLog();
    const run = counted();
    const histories = EventLog.histories;
    const first = log.history(snapshot, run);
    const second = log.history(snapshot, run);
    // A look made while it runs: its event follows the history's own.
    const event = { id: "later", type: "match.underway", at: "2026-01-01T13:00:00Z" } as WatchEvent;
    log.append([event]);
    await Promise.all([first, second]);
    expect(EventLog.histories).toBe(histories + 1);
    // 4,504 participants and matches, 2,000 a step: three steps and the last.
    expect(run.steps).toBeGreaterThanOrEqual(3);
    const all = log.backlog({ since: "2000-01-01T00:00:00Z" });
    expect(all.filter((e) => e.type === "match.opened")).toHaveLength(4500);
    expect(all.at(-1)!.id).toBe("later");
  });
});
