/**
 * `tourney watch --since` parsed (parseWatch, no I/O): a duration, an ISO date or time; a
 * bare number is refused (Date.parse read "12" as December 2001) save four digits, a year
 * (ISO 8601), taken as its start in UTC as the other date-only forms are.
 */
import { describe, expect, it } from "vitest";
import { parseWatch } from "../../src/cli/commands/watch/watch.js";
import { UsageError } from "../../src/cli/errors.js";

const NOW = new Date("2026-11-27T15:00:00Z");
const since = (value: string) => parseWatch("t", { since: value }, NOW).since;

describe("watch --since", () => {
  it("a bare year is that year's start (UTC), as a year and month is that month's", () => {
    expect(since("2026")).toBe("2026-01-01T00:00:00.000Z");
    expect(since("1999")).toBe("1999-01-01T00:00:00.000Z");
    expect(since("2026-11")).toBe("2026-11-01T00:00:00.000Z");
    expect(since("2026-11-27")).toBe("2026-11-27T00:00:00.000Z");
    expect(since("30m")).toBe("2026-11-27T14:30:00.000Z");
  });

  it("other bare numbers need a unit", () => {
    for (const value of ["0", "12", "202", "20261"]) {
      expect(() => since(value), value).toThrow(UsageError);
      expect(() => since(value), value).toThrow(`--since ${value} needs a unit (${value}s,`);
    }
  });
});
