/**
 * The store's log of its connection's row writes (src/store/cache/row-changes.ts): what was
 * written to a tournament since a mark, and undefined whenever the log cannot tell (the cache
 * dropped everything after the mark, even with nothing logged since; entries dropped past
 * the log's size).
 */
import { describe, expect, it } from "vitest";
import { RowChanges } from "../../src/store/cache/row-changes.js";

describe("the row change log", () => {
  it("takes back a rolled-back transaction's entries alone (undo), keeping the marks before", () => {
    const log = new RowChanges();
    const mark = log.position;
    log.match(11, 1);
    const from = log.position;
    log.match(12, 1);
    log.matchRows(1);
    log.undo(from);
    // 11's update stands, 12's and the rows added are taken back; positions are not reused.
    expect(log.since(mark, 1)).toMatchObject({ updates: 1, matchRows: false });
    expect(log.since(mark, 1)?.matches).toEqual(new Set([11]));
    expect(log.position).toBe(from + 2);
    log.match(13, 1);
    expect(log.since(mark, 1)?.updates).toBe(2);
    // A rollback begun before what the log holds voids it.
    const before = log.position;
    log.lose();
    log.match(14, 1);
    log.undo(before);
    expect(log.since(log.position, 1)).toBeDefined();
    expect(log.since(before, 1)).toBeUndefined();
  });

  it("tells the match ids written, and a tournament's added or deleted matches and participants", () => {
    const log = new RowChanges();
    const mark = log.position;
    log.match(11, 1);
    log.match(12);
    log.match(11, 1);
    log.match(13, 2);
    log.matchRows(2);
    log.participants(3);
    // Each update of tournament 1's rows counted; 12's tournament was not told.
    expect(log.since(mark, 1)).toEqual({
      matches: new Set([11, 12, 13]),
      matchRows: false,
      participants: false,
      updates: 2,
      unattributed: [12],
    });
    expect(log.since(mark, 2)?.updates).toBe(1);
    expect(log.since(mark, 2)?.matchRows).toBe(true);
    expect(log.since(mark, 3)?.participants).toBe(true);
    log.participants(undefined);
    expect(log.since(mark, 1)?.participants).toBe(true);
    expect(log.since(log.position, 2)).toEqual({
      matches: new Set(),
      matchRows: false,
      participants: false,
      updates: 0,
      unattributed: [],
    });
  });

  it("cannot tell past a loss, even one with nothing logged since the mark", () => {
    const log = new RowChanges();
    const mark = log.position;
    log.lose();
    expect(log.since(mark, 1)).toBeUndefined();
    const after = log.position;
    log.match(5);
    expect(log.since(after, 1)?.matches).toEqual(new Set([5]));
  });

  it("cannot tell for marks older than the entries it kept", () => {
    const log = new RowChanges();
    const mark = log.position;
    for (let i = 0; i < 70_000; i++) log.match(i);
    expect(log.since(mark, 1)).toBeUndefined();
    const recent = log.position;
    log.match(1);
    expect(log.since(recent, 1)?.matches).toEqual(new Set([1]));
    expect(log.since(log.position + 1, 1)).toBeUndefined();
  });
});
