/**
 * Printer.listPages writes, a page at a time, the very text `list` writes for all the
 * records at once: JSON compact and indented, tab-separated rows, the table.
 */
import { describe, expect, it } from "vitest";
import type { OutputMode } from "../../src/cli/output/printer.js";
import { type Column, Printer } from "../../src/cli/output/printer.js";
import type { FlatRecord } from "../../src/cli/output/records.js";

class Capture {
  text = "";
  writes = 0;
  constructor(readonly isTTY: boolean) {}
  write(chunk: string): boolean {
    this.text += chunk;
    this.writes += 1;
    return true;
  }
}

const COLUMNS: Column[] = [
  { header: "ID", value: "id" },
  { header: "NAME", value: "name" },
  { header: "WHEN", value: "timestamps.at" },
];

function records(from: number, count: number): FlatRecord[] {
  return Array.from({ length: count }, (_, i) => ({
    id: from + i,
    name: `P "${from + i}"\twith a tab`,
    scores: [[3, 1], []],
    timestamps: { at: i % 2 === 0 ? null : "2025-01-01T00:00:00Z" },
  }));
}

async function* paged(pages: FlatRecord[][]): AsyncGenerator<FlatRecord[]> {
  for (const page of pages) yield page;
}

async function both(mode: OutputMode, tty: boolean, pages: FlatRecord[][]) {
  const whole = new Capture(tty);
  await new Printer(whole, new Capture(false), mode, false).list(pages.flat(), COLUMNS, "none");
  const paging = new Capture(tty);
  const notes = new Capture(false);
  await new Printer(paging, notes, mode, false).listPages(paged(pages), COLUMNS, "none");
  return { whole: whole.text, paged: paging.text, writes: paging.writes, notes: notes.text };
}

const SHAPES: [string, FlatRecord[][]][] = [
  ["three pages, one empty", [records(1, 3), [], records(4, 2)]],
  ["one record", [records(1, 1)]],
  ["no page", []],
  ["only empty pages", [[], []]],
];

describe("Printer.listPages", () => {
  for (const [name, pages] of SHAPES) {
    it(`JSON, compact and indented, and TSV as list writes them: ${name}`, async () => {
      for (const [mode, tty] of [
        ["json", false],
        ["json", true],
        ["tsv", false],
      ] as const) {
        const r = await both(mode, tty, pages);
        expect(r.paged).toBe(r.whole);
        if (mode === "json") expect(JSON.parse(r.paged)).toEqual(pages.flat());
      }
    });
  }

  it("writes JSON as the pages come, not once at the end", async () => {
    const r = await both("json", false, [records(1, 2), records(3, 2), records(5, 2)]);
    expect(r.writes).toBe(4); // three pages and the closing bracket
  });

  it("list writes its tab-separated rows in one write, none when there are none", async () => {
    const out = new Capture(false);
    await new Printer(out, new Capture(false), "tsv", false).list(records(1, 1000), COLUMNS);
    expect(out.writes).toBe(1);
    expect(out.text.split("\n").length).toBe(1001);
    expect(out.text.split("\n")[1]).toBe('2\tP "2" with a tab\t2025-01-01T00:00:00Z');
    const none = new Capture(false);
    await new Printer(none, new Capture(false), "tsv", false).list([], COLUMNS);
    expect(none.writes).toBe(0);
  });

  it("a table waits for every row, and says so when there is none", async () => {
    const full = await both("table", true, [records(1, 2), records(3, 1)]);
    expect(full.paged).toBe(full.whole);
    expect(full.paged).toContain('P "3"');
    const empty = await both("table", true, [[]]);
    expect(empty.paged).toBe("");
    expect(empty.notes).toBe("none\n");
  });
});
