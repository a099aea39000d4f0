/**
 * The standings' text of a shared snapshot (issue 24): a page is taken from the previous
 * version only when `sameJson` proves its records give the same JSON text, and the pages
 * are cut by the records' ids (so a record moved up moves no other page's cut), each
 * page at most MAX_STANDINGS_PAGE records: one unit of the work gate.
 */
import { describe, expect, it } from "vitest";
import { Pieces } from "../../src/service/public/snapshot-pieces.js";
import {
  MAX_STANDINGS_PAGE,
  sameJson,
  writeStandings,
} from "../../src/service/public/snapshot-standings-text.js";
import { WorkGate } from "../../src/service/public/work-gate.js";

const row = (id: number, wins = 0) => ({
  id: `final:0:${id}`,
  type: "standing",
  attributes: { participant_id: id, rank: null, wins, tie_breaks: {} },
});

describe("sameJson", () => {
  it("is true only when JSON.stringify gives the same text", () => {
    const pairs: [unknown, unknown][] = [
      [row(1), row(1)],
      [row(1), row(1, 1)],
      [
        { a: 1, b: 2 },
        { b: 2, a: 1 },
      ],
      [{ a: 1 }, { a: 1, b: undefined }],
      [
        [1, null],
        [1, null],
      ],
      [[1], { 0: 1 }],
      [Number.NaN, Number.NaN],
      [{ when: new Date(0) }, { when: new Date(0) }],
      [{ toJSON: () => 1 }, { toJSON: () => 1 }],
      [{ x: "1" }, { x: 1 }],
    ];
    const said = pairs.map(([a, b]) => sameJson(a, b));
    expect(said).toEqual([true, false, false, false, true, false, false, false, false, false]);
    // Whenever it says same, the texts are the same.
    for (const [i, [a, b]] of pairs.entries())
      if (said[i]) expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });
});

interface Written {
  readonly pages: ReadonlyMap<string, readonly unknown[]>;
  readonly kept: number;
  readonly pieces: Pieces;
}

/** `rows` written as a snapshot's standings, after the version `before`. */
async function write(rows: readonly unknown[], before?: Written): Promise<Written> {
  const pieces = new Pieces((await before?.pieces.done())?.pieces);
  const text = await writeStandings(new WorkGate(), rows, pieces, before?.pages);
  return { ...text, pieces };
}

describe("writeStandings", () => {
  it("cuts pages of at most MAX_STANDINGS_PAGE records, by id, and keeps those unchanged", async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => row(i + 1));
    const first = await write(rows);
    const sizes = [...first.pages.values()].map((page) => page.length);
    expect(sizes.reduce((a, b) => a + b)).toBe(5000);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(MAX_STANDINGS_PAGE);
    expect(sizes.length).toBeGreaterThan(5000 / MAX_STANDINGS_PAGE);
    // Record 4000 wins and moves to the top: every record before it one place on.
    const moved = [row(4000, 1), ...rows.filter((r) => r.attributes.participant_id !== 4000)];
    const next = await write(moved, first);
    expect(next.kept).toBeGreaterThanOrEqual(sizes.length - 3);
    const fresh = await write(moved);
    const text = async (w: typeof next) => (await w.pieces.done()).list.map((p) => p.digest);
    expect(await text(next)).toEqual(await text(fresh));
    expect([...next.pages.keys()]).toEqual([...fresh.pages.keys()]);
  });
});
