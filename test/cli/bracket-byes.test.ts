/**
 * `tourney bracket` of a swiss stage with an odd field and of a free for all with a bye (an
 * outside review): the player sitting a round out is in the standings table, at the rank
 * `tournament standings` gives, and their round shows the bye. Before, the table listed
 * only the players of the matches (5 players: Ann, Bob, Cat, Dan at rank 2, no rank 1, Eve
 * absent) and no round showed a bye.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { betterSeed, reportOpen } from "../helpers/bracket-fixtures.js";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { createWith, ok } from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

const NINE = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fox", "Gil", "Hob", "Ivo"];

/** The standings table's rows as [rank, name], as drawn. */
function tableRows(drawing: string): [string, string][] {
  const table = drawing.split("\nRounds\n")[0]!;
  return table
    .split("\n")
    .filter((l) => /^\| +\d* *\| /.test(l) && !l.includes("Player"))
    .map((l) => {
      const cells = l.split("|").map((c) => c.trim());
      return [cells[1]!, cells[2]!];
    });
}

/** The service's standings as [rank, name]. */
async function serviceRows(t: string): Promise<[string, string][]> {
  const rows = ok(await sb.run(["tournament", "standings", t, "--json"])).json();
  return rows.map((r: { rank: number | null; name: string }) => [String(r.rank ?? ""), r.name]);
}

/** The names in the bye boxes under each round's heading, by round ("Round 1": ["Eve"]). */
function byes(drawing: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const rounds = drawing.split("\nRounds\n")[1] ?? drawing;
  const lines = rounds.split("\n");
  const heads = [...(lines.find((l) => /Round \d/.test(l)) ?? "").matchAll(/Round \d+/g)];
  lines.forEach((l, i) => {
    for (const m of l.matchAll(/\+ bye -+\+/g)) {
      const head = heads.filter((h) => h.index! <= m.index! + 1).at(-1)![0];
      const name = lines[i + 1]!.slice(m.index! + 1, m.index! + m[0].length - 1).trim();
      out[head] = [...(out[head] ?? []), name];
    }
  });
  return out;
}

describe("tourney bracket: swiss with an odd field", () => {
  it("lists the bye's player at the service's rank and shows the bye in its round (5 players)", async () => {
    const s = await createWith(sb, ["--name", "Swiss Five", "--type", "swiss"], NINE.slice(0, 5));
    ok(await sb.run(["tournament", "start", s.t]));
    let drawing = ok(await sb.run(["bracket", s.t])).stdout;
    expect(tableRows(drawing)).toEqual(await serviceRows(s.t));
    expect(tableRows(drawing)[0]).toEqual(["1", "Eve"]);
    expect(byes(drawing)).toEqual({ "Round 1": ["Eve"] });

    await reportOpen(sb, s, betterSeed);
    drawing = ok(await sb.run(["bracket", s.t])).stdout;
    expect(tableRows(drawing)).toEqual(await serviceRows(s.t));
    expect(tableRows(drawing)).toHaveLength(5);
    const second = byes(drawing);
    expect(second["Round 1"]).toEqual(["Eve"]);
    expect(second["Round 2"]).toHaveLength(1);
    expect(second["Round 2"]![0]).not.toBe("Eve");
  });

  it("9 players: all nine listed as the service ranks them, the bye in round 1", async () => {
    const s = await createWith(sb, ["--name", "Swiss Nine", "--type", "swiss"], NINE);
    ok(await sb.run(["tournament", "start", s.t]));
    const drawing = ok(await sb.run(["bracket", s.t])).stdout;
    expect(tableRows(drawing)).toEqual(await serviceRows(s.t));
    expect(tableRows(drawing)).toHaveLength(9);
    expect(byes(drawing)).toEqual({ "Round 1": ["Ivo"] });
  });
});

describe("tourney bracket: free for all with a bye", () => {
  it("shows the round 1 bye once round 2 is drawn", async () => {
    const s = await createWith(
      sb,
      ["--name", "Trio", "--type", "free for all", "--max-participants", "2"],
      ["Ada", "Bea", "Cyd"],
    );
    ok(await sb.run(["tournament", "start", s.t]));
    ok(await sb.run(["match", "report", s.t, "A", "--ranks", "Cyd=1,Bea=2", "--advancing", "Cyd"]));
    const drawing = ok(await sb.run(["bracket", s.t])).stdout;
    expect(byes(drawing)).toEqual({ "Round 1": ["Ada"] });
  });
});
