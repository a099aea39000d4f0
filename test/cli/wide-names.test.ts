/**
 * Wide names line up (issue 26, item 3): `Zoë 🎮` (an emoji, two columns) and `李小龙`
 * (three wide characters, six columns) in a table at a terminal, in a single elimination's
 * tree and in a round robin's grid, piped and at a terminal: every column, connector and
 * border stands at the same terminal column on every line, as string-width measures it.
 */
import stringWidth from "string-width";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { ok } from "../helpers/cli-tournament.js";

const NAMES = ["Zoë 🎮", "李小龙", "Ada", "Grace"];
const ESC = String.fromCharCode(27);
const COLOUR = new RegExp(`${ESC}\\[[\\d;]*m`, "g");

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

async function tournament(type: string): Promise<void> {
  ok(await sb.run(["tournament", "create", "--name", "Wide Cup", "--type", type]));
  ok(await sb.run(["participants", "bulk-add", "wide_cup", ...NAMES]));
  ok(await sb.run(["tournament", "start", "wide_cup"]));
}

/** The terminal columns where `mark` stands in `line`. */
function columnsOf(line: string, mark: RegExp): number[] {
  const found: number[] = [];
  for (const m of line.matchAll(new RegExp(mark.source, "g")))
    found.push(stringWidth(line.slice(0, m.index)));
  return found;
}

describe("names of wide characters and emoji", () => {
  it("keep a table's columns in line at a terminal", async () => {
    await tournament("single elimination");
    const r = ok(
      await sb.run(["participants", "list", "wide_cup"], {
        tty: true,
        env: { COLUMNS: "200", NO_COLOR: "1" },
      }),
    );
    const lines = r.stdout.trimEnd().split("\n");
    const active = columnsOf(lines[0]!, /ACTIVE/)[0]!;
    for (const name of NAMES) {
      const row = lines.find((l) => l.includes(name))!;
      expect(columnsOf(row, /true/)[0], row).toBe(active);
    }
  });

  it("keep a tree's connectors in line, piped and at a terminal", async () => {
    await tournament("single elimination");
    ok(await sb.run(["match", "report", "wide_cup", "A", "--winner", "Zoë 🎮", "--scores", "3-1"]));
    const piped = ok(await sb.run(["bracket", "wide_cup"])).stdout.split("\n");
    const atTerminal = ok(
      await sb.run(["bracket", "wide_cup"], { tty: true, env: { COLUMNS: "120" } }),
    ).stdout.replace(COLOUR, "");
    for (const [lines, connector] of [
      [piped, /-\+/],
      [atTerminal.split("\n"), /─[┐┘]/],
    ] as const) {
      // Each first-round player's line ends in the connector to the next round.
      const firstRound = NAMES.map((name) => lines.find((l) => l.startsWith(` ${name}`))!);
      const at = firstRound.map((l) => columnsOf(l, connector)[0]);
      expect(new Set(at).size, firstRound.join("\n")).toBe(1);
      expect(at[0]).toBeGreaterThan(0);
    }
  });

  it("keep a round robin grid's borders in line", async () => {
    await tournament("round robin");
    const piped = ok(await sb.run(["bracket", "wide_cup"])).stdout.split("\n");
    const grid = piped.filter((l) => l.startsWith("|"));
    expect(grid.length).toBeGreaterThan(NAMES.length);
    const borders = grid.map((l) => columnsOf(l, /\|/).join(","));
    expect(new Set(borders).size, grid.join("\n")).toBe(1);
    for (const name of NAMES) expect(grid.some((l) => l.includes(name))).toBe(true);
  });
});
