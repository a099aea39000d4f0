/**
 * A tournament's match counts from the cache's held rows (issue 24): its record asks them
 * after every write, and they used to be a pass over every active row (the selection a
 * write clears), 25-38 ms at 50,000 players in one unit of serve's work. They are kept
 * as rows are added and written: the same numbers as SQL's, with no selection made.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { defaultSettings } from "../../src/service/validation/tournament-settings.js";
import { HeldMatches } from "../../src/store/cache/held-matches.js";
import { type Db, openDatabase } from "../../src/store/database.js";
import { openStore } from "../../src/store/store.js";
import { planRows } from "../helpers/match-rows.js";

const NOW = "2026-11-26T10:00:00.000Z";
let db: Db | undefined;
afterEach(() => {
  db?.close();
  vi.restoreAllMocks();
});

const rows = (count: number, from = 1) => planRows(count, from, (i) => i % 5 !== 0);

const result = (state: "complete" | "open") => ({
  state,
  winnerId: state === "complete" ? 1 : null,
  loserId: state === "complete" ? 2 : null,
  tie: false,
  scoreSets: null,
  entries: null,
  completedAt: state === "complete" ? NOW : null,
});

describe("the held rows' match counts", () => {
  it("follow adds, results, reopens and (de)activations, with no pass over the rows", () => {
    db = openDatabase(":memory:");
    const store = openStore(db);
    const plain = openStore(db, { cache: false });
    const t = store.tournaments.insert({
      settings: { ...defaultSettings(), name: "c", url: "c" },
      communityId: null,
      randomSeed: 1,
      now: NOW,
    });
    store.matches.insertMany(t, rows(40), NOW);
    const ids = store.matches.list(t, {}).map((row) => row.id);
    const selected = vi.spyOn(HeldMatches.prototype, "selected");
    const ref = { tournamentId: t, stage: "final", groupId: null } as const;
    const expectSql = () => {
      expect(store.matches.counts([t])).toEqual(plain.matches.counts([t]));
      // The stage's incomplete rows, kept per stage too (a report asks it, issue 27).
      expect(store.matches.countIncomplete(ref)).toBe(plain.matches.countIncomplete(ref));
    };
    expectSql();
    for (const id of ids.slice(0, 10)) store.matches.setResult(id, result("complete"), NOW);
    expectSql();
    store.matches.setResult(ids[3]!, result("open"), NOW);
    store.matches.setStateOf(ids[4]!, "complete", false, NOW);
    store.matches.setStateOf(ids[20]!, "open", false, NOW);
    expectSql();
    store.matches.insertMany(t, rows(7, 41), NOW);
    store.matches.setStateOf(ids[4]!, "complete", true, NOW);
    expectSql();
    expect(store.matches.counts([t]).get(t)).toEqual({ total: 37, complete: 9 });
    expect(store.matches.countIncomplete(ref)).toBe(28);
    expect(plain.matches.countIncomplete(ref, 5)).toBe(5); // counted no further than asked
    expect(selected).not.toHaveBeenCalled();
  });
});
