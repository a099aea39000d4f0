/**
 * The round-robin grid (src/cli/bracket/grid.ts) reads each match a bounded number of times,
 * whatever the number of players: it used to filter every match for each cell of the grid
 * (n^4: a 512-player round robin's `tourney bracket` never finished). The matches here
 * count the reads of their players (`slots`) and throw past a budget linear in the matches.
 */
import { describe, expect, it } from "vitest";
import type { Slot, StandingRow, ViewMatch } from "../../src/bracket-model/data.js";
import type { StageStandings } from "../../src/bracket-model/players.js";
import { drawGrid, drawStandings } from "../../src/cli/bracket/grid.js";
import { ASCII, renderLines } from "../../src/cli/bracket/index.js";

/** Reads of any match's slots so far, and the most allowed. */
const reads = { n: 0, budget: Number.POSITIVE_INFINITY };

function slot(id: number, score: string, winner: boolean): Slot {
  return { id, name: `P${id}`, score, rank: null, winner, from: null };
}

/** A round robin of n players, every pair once: complete (the lower id wins 11-7 7-11 11-9, or ties), open or pending. */
function roundRobin(n: number): ViewMatch[] {
  const matches: ViewMatch[] = [];
  let id = 0;
  for (let a = 1; a <= n; a++)
    for (let b = a + 1; b <= n; b++) {
      id++;
      const kind = (a + b) % 4;
      const state = kind === 0 ? "open" : kind === 1 ? "pending" : "complete";
      const tie = kind === 3;
      const slots =
        state !== "complete"
          ? [slot(a, "", false), slot(b, "", false)]
          : tie
            ? [slot(a, "5", false), slot(b, "5", false)]
            : [slot(a, "11 7 11", true), slot(b, "7 11 9", false)];
      const m = {
        id,
        identifier: `M${id}`,
        round: 1 + (id % 7),
        bracket: "round_robin",
        group: null,
        state,
        underway: false,
        tie,
        get slots() {
          reads.n++;
          if (reads.n > reads.budget)
            throw new Error(`over budget: ${reads.n} reads of matches' slots`);
          return slots;
        },
      };
      matches.push(m);
    }
  return matches;
}

function standings(n: number, rows: StandingRow[] = []): StageStandings {
  const ids = Array.from({ length: n }, (_, i) => i + 1);
  return {
    rows: new Map(rows.map((r) => [r.participantId, r])),
    seeds: new Map(ids.map((id) => [id, id])),
    names: new Map(ids.map((id) => [id, `P${id}`])),
  };
}

describe("the round-robin grid", () => {
  it("draws a 512-player round robin reading each match at most 12 times", () => {
    const matches = roundRobin(512);
    expect(matches.length).toBe(130_816);
    reads.n = 0;
    reads.budget = 12 * matches.length;
    let lines: string[];
    try {
      // No width: one table.
      const [grid, ...more] = drawGrid(matches, standings(512), ASCII);
      expect(more).toEqual([]);
      lines = renderLines(grid!, false).split("\n");
    } finally {
      reads.budget = Number.POSITIVE_INFINITY;
    }
    expect(lines.length).toBe(512 + 5); // rules, the header, a row a player, the last newline
    // Player 1 against itself (nothing), 2 (tie), 3 (open), 4 (pending), 5 (won in sets:
    // 2-1); with no standings rows, the record is counted: 127 wins, 0 losses, 128 ties.
    const p1 = lines[3]!.split("|").map((c) => c.trim());
    expect(p1.slice(1, 8)).toEqual(["", "1. P1", "", "5-5", ">", ".", "2-1"]);
    expect(p1.slice(-3, -1)).toEqual(["127-0-128", ""]);
    // Player 512 against 2 (lost in sets: 1-2) and itself (nothing); cell 2 + k is against k.
    const p512 = lines[3 + 511]!.split("|").map((c) => c.trim());
    expect(p512[2]).toBe("512. P512");
    expect(p512[2 + 2]).toBe("1-2");
    expect(p512[2 + 512]).toBe("");
    expect(p512.at(-3)).toBe("0-128-128");
  });

  it("draws a standings table (records counted) reading each match at most 4 times", () => {
    const matches = roundRobin(400);
    reads.n = 0;
    reads.budget = 4 * matches.length;
    const ranked: StandingRow[] = [
      {
        participantId: 7,
        name: "P7",
        stage: "final",
        group: null,
        rank: 1,
        wins: 9,
        losses: 1,
        ties: 0,
        points: 27,
      },
    ];
    let text: string;
    try {
      text = renderLines(drawStandings(matches, standings(400, ranked), ASCII), false);
    } finally {
      reads.budget = Number.POSITIVE_INFINITY;
    }
    const rows = text.split("\n");
    expect(rows[3]).toMatch(/^\| +1 \| P7 +\| +9-1-0 \| +27 \|$/);
    expect(rows[4]).toMatch(/^\| +\| P1 +\| +99-0-100 \| +\|$/);
  });
});
