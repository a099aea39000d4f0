/**
 * `tourney bracket` through the CLI harness on the embedded backend, compared
 * with committed snapshots (test/cli/__snapshots__/bracket/*.txt): piped
 * (ASCII, no colour, as wide as it needs) and at a terminal of a fixed width
 * (box-drawing, colour, drawn a few rounds at a time). Colour codes are stored
 * with ESC written as "␛" so the files read as text.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  betterSeed,
  doubleEliminationEight,
  fourGroups,
  playAll,
  reportOpen,
  resetResults,
  singleEliminationEight,
  springCupResults,
} from "../helpers/bracket-fixtures.js";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { ok } from "../helpers/cli-tournament.js";

const ESC = String.fromCharCode(27);
const COLOUR = new RegExp(`${ESC}\\[[\\d;]*m`, "g");

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

const snapshot = (name: string) => `__snapshots__/bracket/${name}.txt`;

async function piped(t: string, ...flags: string[]): Promise<string> {
  const r = ok(await sb.run(["bracket", t, ...flags]));
  expect(r.stdout).not.toContain(ESC);
  expect(r.stdout).not.toMatch(/[─│┌┐└┘├┤]/);
  return r.stdout;
}

async function terminal(t: string, columns: number, ...flags: string[]): Promise<string> {
  const r = ok(
    await sb.run(["bracket", t, ...flags], { tty: true, env: { COLUMNS: String(columns) } }),
  );
  for (const line of r.stdout.replace(COLOUR, "").split("\n"))
    expect(line.length).toBeLessThanOrEqual(columns);
  return r.stdout.replaceAll(ESC, "␛");
}

describe("tourney bracket: single elimination of 8 with a third-place match", () => {
  it("marks the open matches, then draws the played bracket, its champion and the third place", async () => {
    const s = await singleEliminationEight(sb);
    await reportOpen(sb, s, springCupResults);
    const early = await piped(s.t);
    await expect(early).toMatchFileSnapshot(snapshot("single-elimination-8.round-1.piped"));
    expect(early).toContain("> open");
    // Slots still to be decided say whose they are (issue 28): the final's, the third place's.
    expect(early).toMatch(/\+- Winner of E +-\+/);
    expect(early).toMatch(/^ Loser of E\n +G\n Loser of F$/m);
    await playAll(sb, s, springCupResults);
    const done = await piped(s.t);
    await expect(done).toMatchFileSnapshot(snapshot("single-elimination-8.piped"));
    expect(done).not.toContain("> open");
    await expect(await terminal(s.t, 60)).toMatchFileSnapshot(
      snapshot("single-elimination-8.tty-60"),
    );
  });
});

describe("tourney bracket: double elimination of 8 with a grand-final reset", () => {
  it("draws the winners and losers brackets, the grand final and the reset", async () => {
    const s = await doubleEliminationEight(sb);
    await playAll(sb, s, resetResults);
    const done = await piped(s.t);
    expect(done).toContain("Losers bracket");
    expect(done).toContain("Reset");
    await expect(done).toMatchFileSnapshot(snapshot("double-elimination-8.piped"));
    await expect(await terminal(s.t, 80)).toMatchFileSnapshot(
      snapshot("double-elimination-8.tty-80"),
    );
  });
});

describe("tourney bracket: four round robin groups, then the final stage", () => {
  it("draws each group's grid, then the final stage's bracket", async () => {
    const s = await fourGroups(sb);
    await playAll(sb, s, betterSeed);
    ok(await sb.run(["tournament", "finalize-group-stage", s.t]));
    ok(await sb.run(["tournament", "start", s.t]));
    await reportOpen(sb, s, betterSeed);
    const drawn = await piped(s.t);
    expect(drawn.indexOf("Group 1")).toBeLessThan(drawn.indexOf("Group 4"));
    expect(drawn.indexOf("Group 4")).toBeLessThan(drawn.indexOf("Final stage"));
    await expect(drawn).toMatchFileSnapshot(snapshot("four-groups.piped"));
    await expect(await terminal(s.t, 72)).toMatchFileSnapshot(snapshot("four-groups.tty-72"));
  });
});

describe("tourney bracket within the terminal's width", () => {
  it("draws a round robin grid wider than the terminal in parts, and cuts a long title", async () => {
    const name = "The Extraordinarily Long Annual Invitational Round Robin Cup";
    ok(
      await sb.run([
        "tournament",
        "create",
        "--name",
        name,
        "--url",
        "rr",
        "--type",
        "round robin",
      ]),
    );
    const players = Array.from({ length: 12 }, (_, i) => `Player ${i + 1}`);
    ok(await sb.run(["participants", "bulk-add", "rr", ...players]));
    ok(await sb.run(["tournament", "start", "rr"]));
    // terminal() checks that no line is wider than the terminal.
    const at80 = (await terminal("rr", 80)).replace(/␛\[[\d;]*m/g, "");
    // The grid in parts: every part has the rank, the player, the record and the points.
    const headers = at80.split("\n").filter((l) => l.startsWith("| #") || l.startsWith("│ #"));
    expect(headers.length).toBeGreaterThan(1);
    for (const h of headers) expect(h).toMatch(/Player.*W-L-T.*Pts/);
    // Each opponent's column is drawn once, in order across the parts.
    const opponents = headers.flatMap((h) => h.match(/\b\d+\b/g) ?? []).map(Number);
    expect(opponents).toEqual(players.map((_, i) => i + 1));
    for (const player of players) expect(at80).toContain(player);
    // The title cut to the width, its name first.
    const at40 = (await terminal("rr", 40)).replace(/␛\[[\d;]*m/g, "");
    expect(at40.split("\n")[0]).toMatch(/^The Extraordinarily Long Annual Invit/);
    // Piped (no width): one grid, the whole title.
    const whole = await piped("rr");
    expect(whole.split("\n")[0]).toBe(`${name} - round robin - underway`);
    expect(whole.split("\n").filter((l) => l.startsWith("| #")).length).toBe(1);
  });
});
