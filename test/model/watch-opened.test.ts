/**
 * When matches opened (model/watch-opened.ts): the index that answers a whole
 * tournament's history gives the very answer a scan of every match gives.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { openedAtOf, type Pairing } from "../../src/model/watch-opened.js";

const iso = (minute: number) => new Date(Date.UTC(2026, 10, 25, 10, minute)).toISOString();

const pairing = fc.record({
  ids: fc.tuple(
    fc.option(fc.constantFrom("1", "2", "3", "4", "5"), { nil: null }),
    fc.option(fc.constantFrom("1", "2", "3", "4", "5"), { nil: null }),
  ),
  completedAt: fc.option(fc.integer({ min: 0, max: 50 }).map(iso), { nil: null }),
  createdAt: fc.integer({ min: 0, max: 50 }).map(iso),
  roundRobin: fc.boolean(),
});

describe("openedAtOf", () => {
  it("answers as the first (scanned) answers do once it uses its index", () => {
    fc.assert(
      fc.property(fc.array(pairing, { minLength: 1, maxLength: 40 }), (list) => {
        const all = new Map<string, Pairing>(list.map((m, i) => [String(i), m]));
        const scanned = list.map((m) => openedAtOf(all)(m));
        const indexed = openedAtOf(all);
        for (let i = 0; i < 16; i++) indexed(list[0]!);
        expect(list.map((m) => indexed(m))).toEqual(scanned);
      }),
      { numRuns: 300 },
    );
  });

  it("indexes at once when told no scan is worth it (a diff from nothing), with the same answers", () => {
    fc.assert(
      fc.property(fc.array(pairing, { minLength: 1, maxLength: 40 }), (list) => {
        const all = new Map<string, Pairing>(list.map((m, i) => [String(i), m]));
        const scanned = list.map((m) => openedAtOf(all)(m));
        let walks = 0;
        const counted = {
          values: () => {
            walks++;
            return all.values();
          },
        };
        const indexed = openedAtOf(counted, 0);
        expect(list.map((m) => indexed(m))).toEqual(scanned);
        expect(walks).toBeLessThanOrEqual(1);
      }),
      { numRuns: 200 },
    );
  });
});
