/**
 * When the page fetches its data again after a failure (src/viewer/browser/retry.ts): never
 * before the answer's Retry-After, doubling from 1 s without one, jittered upwards by at most
 * half, never past a minute.
 */
import { describe, expect, it } from "vitest";
import { MAX_WAIT_MS, retryAfterMs, retryDelay } from "../../src/viewer/browser/retry.js";

const least = () => 0;
const most = () => 0.999_999;

describe("retryDelay", () => {
  it("waits the answer's Retry-After at least, and up to half as long again", () => {
    expect(retryDelay(1, 5000, least)).toBe(5000);
    expect(retryDelay(1, 5000, most)).toBe(7500);
    expect(retryDelay(2, 5000, least)).toBe(5000);
  });

  it("without Retry-After: 1 s, then twice as long each failure in a row", () => {
    expect([1, 2, 3, 4, 5].map((n) => retryDelay(n, undefined, least))).toEqual([
      1000, 2000, 4000, 8000, 16000,
    ]);
    // Past Retry-After once the failures in a row make the wait longer.
    expect(retryDelay(4, 5000, least)).toBe(8000);
  });

  it("never waits past a minute, whatever the failures or Retry-After", () => {
    expect(retryDelay(50, undefined, most)).toBe(MAX_WAIT_MS);
    expect(retryDelay(1, 3_600_000, most)).toBe(MAX_WAIT_MS);
    expect(retryDelay(7, undefined, least)).toBe(MAX_WAIT_MS);
  });

  it("spreads the waits of pages refused together", () => {
    const waits = new Set(Array.from({ length: 20 }, () => retryDelay(1, 5000)));
    expect(waits.size).toBeGreaterThan(1);
    for (const w of waits) expect(w).toBeGreaterThanOrEqual(5000);
    for (const w of waits) expect(w).toBeLessThanOrEqual(7500);
  });
});

describe("retryAfterMs", () => {
  it("reads seconds and HTTP dates; nothing from anything else", () => {
    expect(retryAfterMs("5")).toBe(5000);
    expect(retryAfterMs(" 0 ")).toBe(0);
    const now = Date.parse("2026-11-27T20:00:00Z");
    expect(retryAfterMs("Fri, 27 Nov 2026 20:00:30 GMT", now)).toBe(30_000);
    expect(retryAfterMs("Fri, 27 Nov 2026 19:00:00 GMT", now)).toBe(0);
    expect(retryAfterMs(null)).toBeUndefined();
    expect(retryAfterMs("soon")).toBeUndefined();
    expect(retryAfterMs("-5")).toBeUndefined();
  });
});
