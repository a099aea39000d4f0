/**
 * A Last-Event-ID whose time names no day or time that exists is no id made here: Date.parse
 * read "...T24:00:00.000Z" as the next day's midnight and "2026-02-30" as 2 March, so a
 * forged id resumed from a time it does not name (an outside review). markOf now takes such
 * an id as one with no time, as it takes any other text that is not an id.
 */
import { describe, expect, it } from "vitest";
import { existingTime } from "../../src/model/calendar-date.js";
import { markOf } from "../../src/service/public/event-resume.js";

describe("event ids with impossible times", () => {
  it("existingTime refuses days and times that do not exist, takes those that do", () => {
    expect(existingTime("2026-11-27T24:00:00.000Z")).toBeUndefined();
    expect(existingTime("2026-02-30T10:00:00.000Z")).toBeUndefined();
    expect(existingTime("2026-02-29T10:00:00.000Z")).toBeUndefined();
    expect(existingTime("2026-11-27T23:60:00.000Z")).toBeUndefined();
    expect(existingTime("2028-02-29T10:00:00.000Z")).toBe(Date.UTC(2028, 1, 29, 10));
    expect(existingTime("2026-11-27T23:59:59.999Z")).toBe(Date.UTC(2026, 10, 27, 23, 59, 59, 999));
  });

  it("markOf: no mark for such an id, a mark for the same id on a real day", () => {
    expect(markOf("t1.m7.completed.2026-11-27T24:00:00.000Z")).toBeUndefined();
    expect(markOf("t1.state.underway.2026-02-30T10:00:00.000Z")).toBeUndefined();
    expect(markOf("t1.p3.checked_in.2026-06-31T10:00:00.000Z")).toBeUndefined();
    expect(markOf("t1.m7.completed.2026-11-28T00:00:00.000Z")).toMatchObject({
      type: "match.completed",
      time: Date.UTC(2026, 10, 28),
    });
  });
});
