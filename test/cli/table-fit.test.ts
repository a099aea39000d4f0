/**
 * Tables on an 80-column terminal (an outside review): a column empty in every row is
 * left out (not from piped rows or --json), identifiers are never cut, names are cut
 * only after the other columns, the widest of those first.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { displayWidth } from "../../src/cli/output/display-width.js";
import { fitWidths } from "../../src/cli/output/table.js";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { ok } from "../helpers/cli-tournament.js";

const AT_80 = { tty: true, env: { COLUMNS: "80", NO_COLOR: "1" } };
const PLAYERS = "Ada\nGrace\nLinus\nMargaret\nAlan\nBarbara\nEdsger\nDonald\n";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

/** README's quick start, then a station. */
async function quickStart(): Promise<void> {
  ok(await sb.run(["tournament", "create", "--name", "Spring Cup"]));
  ok(await sb.run(["participants", "bulk-add", "spring_cup"], { stdin: PLAYERS }));
  ok(await sb.run(["tournament", "start", "spring_cup"]));
  ok(
    await sb.run(["match", "report", "spring_cup", "A", "--winner", "Ada", "--scores", "3-1,3-2"]),
  );
  ok(await sb.run(["station", "create", "spring_cup", "Table 1"]));
}

describe("a table on an 80-column terminal", () => {
  it("match list leaves out the empty columns and shows the names whole", async () => {
    await quickStart();
    const r = ok(await sb.run(["match", "list", "spring_cup", "--state", "open"], AT_80));
    const lines = r.stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^ID +MATCH +ROUND +STATE +PLAYER 1 +PLAYER 2$/);
    expect(lines[1]).toMatch(/^2 +B +1 +open +Margaret +Alan$/);
    expect(lines[3]).toMatch(/^4 +D +1 +open +Linus +Barbara$/);
    expect(r.stdout).not.toContain("…");
  });

  it("piped rows and --json keep every column", async () => {
    await quickStart();
    const piped = ok(await sb.run(["match", "list", "spring_cup", "--state", "open"]));
    expect(piped.stdout.split("\n")[0]).toBe("2\tB\t1\t-\topen\tMargaret\tAlan\t-\t-\t-\t-");
    const json = ok(
      await sb.run([
        "match",
        "list",
        "spring_cup",
        "--state",
        "open",
        "--json",
        "winner_id,underway_at",
      ]),
    );
    expect(JSON.parse(json.stdout)[0]).toEqual({ winner_id: null, underway_at: null });
  });

  it("tournament list keeps the url whole and cuts the type before the name", async () => {
    const name = "Saturday Smash Night";
    ok(await sb.run(["tournament", "create", "--name", name, "--type", "double elimination"]));
    const r = ok(await sb.run(["tournament", "list"], AT_80));
    const lines = r.stdout.trimEnd().split("\n");
    for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(80);
    expect(lines[1]).toContain(" saturday_smash_night ");
    expect(lines[1]).toContain(name);
    expect(lines[1]).toMatch(/ doubl… /);
  });

  it("fitWidths: identifiers keep their width, names give way last", () => {
    expect(fitWidths([2, 30, 30, 18], 60, ["keep", "name", "keep", "other"])).toEqual([
      2, 16, 30, 6,
    ]);
    expect(fitWidths([2, 12, 18, 8], 40, ["keep", "name", "other", "other"])).toEqual([
      2, 12, 12, 8,
    ]);
  });
});

it("match list --help tells the SCORES column from --json's scores", async () => {
  const help = ok(await sb.run(["match", "list", "--help"])).stdout.replace(/\s+/g, " ");
  expect(help).toContain(
    'SCORES is their score_in_sets ([[3, 1], [3, 2]]); their scores is the sets won ("2 - 0")',
  );
});

it("--json of a table's header name says which field holds it", async () => {
  await quickStart();
  const active = await sb.run(["participants", "list", "spring_cup", "--json", "active"]);
  expect(active.code).toBe(2);
  expect(active.stderr).toContain(
    `"active" is in the field states: --json states, or --jq '.[].states.active'`,
  );
  const type = await sb.run(["tournament", "view", "spring_cup", "--json", "type"]);
  expect(type.stderr).toContain(`"type" is the field tournament_type: --json tournament_type`);
});
