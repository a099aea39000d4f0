/**
 * isoTime (model/iso-time.ts): toISOString's text, made from the UTC fields without loading
 * the local time zone. Compared with toISOString itself, at the edges of each field and of
 * the four-digit years, and where toISOString throws.
 */
import { describe, expect, it } from "vitest";
import { isoTime } from "../../src/model/iso-time.js";

describe("isoTime", () => {
  it("is toISOString's text for any date", () => {
    const times = [
      0,
      -1,
      1,
      999,
      Date.UTC(2026, 0, 1, 0, 0, 0, 5),
      Date.UTC(2026, 11, 31, 23, 59, 59, 999),
      Date.UTC(2024, 1, 29, 9, 8, 7, 60),
      Date.UTC(100, 0, 1),
      -62167219200000, // 0000-01-01T00:00:00.000Z
      -62167219200001, // the last millisecond of year -1: toISOString writes -000001
      253402300799999, // 9999-12-31T23:59:59.999Z
      253402300800000, // +010000-01-01
      8.64e15,
      -8.64e15,
    ];
    for (let i = 0; i < 2000; i++) times.push(Math.floor((i * 7919 - 1e6) * 2.9e8));
    for (const time of times) {
      const date = new Date(time);
      expect(isoTime(date), String(time)).toBe(date.toISOString());
    }
  });

  it("throws toISOString's RangeError for an invalid date", () => {
    expect(() => isoTime(new Date(Number.NaN))).toThrow(RangeError);
  });
});
