/**
 * The viewer's layout (src/viewer/layout.ts), without a browser, from the
 * records the service gives for tournaments the CLI set up: the parts of each
 * format, no two boxes overlapping, every box inside its part, a line for each
 * match feeding another, and the round filter and compact mode.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bracketData, type ViewMatch } from "../../src/bracket-model/data.js";
import type { ResourceObject } from "../../src/model/resource.js";
import { type Box, layoutBracket, type MatchesPart, NORMAL } from "../../src/viewer/layout.js";
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
import { createWith, ok } from "../helpers/cli-tournament.js";
import { startService } from "../helpers/service.js";

let sb: Sandbox;

beforeAll(() => {
  sb = createSandbox();
});
afterAll(() => sb.cleanup());

/** The tournament's records, as data.json carries them. */
async function records(t: string) {
  const s = await startService({ dbPath: join(sb.env.TOURNEY_DATA_DIR!, "tourney.db") });
  const get = async (path: string) =>
    (await s.request("GET", `/v2.1/tournaments/${t}${path}`)).json.data as ResourceObject[];
  const out = {
    tournament: (await get(".json")) as unknown as ResourceObject,
    participants: await get("/participants.json?per_page=1000"),
    matches: await get("/matches.json?per_page=1000"),
    standings: await get("/standings.json"),
  };
  s.service.close();
  return out;
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + NORMAL.boxWidth &&
  b.x < a.x + NORMAL.boxWidth &&
  a.y < b.y + b.height &&
  b.y < a.y + a.height;

function checkPart(part: MatchesPart): void {
  for (const [i, a] of part.boxes.entries()) {
    expect(a.x + NORMAL.boxWidth).toBeLessThanOrEqual(part.width);
    expect(a.y + a.height).toBeLessThanOrEqual(part.height);
    expect(a.y).toBeGreaterThanOrEqual(NORMAL.labelHeight);
    for (const b of part.boxes.slice(i + 1))
      expect(overlaps(a, b), `${a.match.identifier} ${b.match.identifier}`).toBe(false);
  }
}

describe("layoutBracket", () => {
  it("lays out a played double elimination: three trees in one area, 15 boxes apart, a line per feed", async () => {
    const s = await doubleEliminationEight(sb);
    await playAll(sb, s, resetResults);
    const data = bracketData(await records(s.t));
    const [section, ...more] = layoutBracket(data, { compact: false });
    expect(more).toEqual([]);
    const [part, ...others] = section!.parts as MatchesPart[];
    expect(others).toEqual([]);
    expect(part!.brackets.map((b) => b.title)).toEqual([
      "Winners bracket",
      "Losers bracket",
      "Grand final",
    ]);
    expect(part!.brackets.map((b) => b.labels.flatMap((l) => l.matches).length)).toEqual([7, 6, 2]);
    expect(part!.boxes).toHaveLength(15);
    checkPart(part!);
    // Winners: 4 + 2 matches feed the next round; losers: 2 + 2 + 1; the two finals feed the
    // grand final, and the grand final both places of its reset (issue 28).
    expect((part!.links.match(/M/g) ?? []).length).toBe(6 + 5 + 2 + 2);
    const [winners, losers, finals] = part!.brackets;
    expect(winners!.labels.map((l) => l.title)).toEqual(["Round 1", "Round 2", "Winners final"]);
    expect(finals!.labels.map((l) => l.title)).toEqual(["Grand final", "Reset"]);
    // The grand final right of the winners final and level with it; the losers bracket below.
    const at = (m: ViewMatch) => part!.boxes.find((b) => b.match === m)!;
    const wf = at(winners!.labels.at(-1)!.matches[0]!);
    const gf = at(finals!.labels[0]!.matches[0]!);
    expect(gf.x).toBeGreaterThan(wf.x);
    expect(gf.y).toBe(wf.y);
    expect(losers!.y).toBeGreaterThan(Math.max(wf.y + wf.height, gf.y + gf.height));
  });

  it("keeps only the rounds asked for, and draws compact boxes smaller", async () => {
    const s = await singleEliminationEight(sb);
    await playAll(sb, s, springCupResults);
    const data = bracketData(await records(s.t));
    const all = layoutBracket(data, { compact: false })[0]!.parts as MatchesPart[];
    expect(all.map((p) => p.title)).toEqual([undefined, "Third place match"]);
    expect(all[0]!.labels.map((l) => l.title)).toEqual(["Round 1", "Semifinals", "Final"]);
    const late = layoutBracket(data, { compact: false, from: 2 })[0]!.parts as MatchesPart[];
    expect(late[0]!.labels.map((l) => l.title)).toEqual(["Semifinals", "Final"]);
    expect(late.flatMap((p) => p.boxes).length).toBe(4);
    const first = layoutBracket(data, { compact: false, to: 1 })[0]!.parts as MatchesPart[];
    expect(first.map((p) => p.boxes.length)).toEqual([4]);
    const compact = layoutBracket(data, { compact: true })[0]!.parts[0] as MatchesPart;
    expect(compact.width).toBeLessThan(all[0]!.width);
    expect(compact.height).toBeLessThan(all[0]!.height);
  });

  it("lays out brackets with byes (6 and 13 players) without overlapping boxes", async () => {
    for (const players of [6, 13]) {
      const names = Array.from({ length: players }, (_, i) => `Player ${i + 1}`);
      const s = await createWith(
        sb,
        ["--name", `Byes ${players}`, "--type", "double elimination"],
        names,
      );
      ok(await sb.run(["tournament", "start", s.t]));
      await reportOpen(sb, s, betterSeed);
      const data = bracketData(await records(s.t));
      const parts = layoutBracket(data, { compact: false })[0]!.parts as MatchesPart[];
      expect(parts.flatMap((p) => p.boxes).length).toBe(data.matches.length);
      for (const p of parts) checkPart(p);
    }
  });

  it("lays out groups, each with its rounds and standings, then the final stage", async () => {
    const s = await fourGroups(sb);
    const data = bracketData(await records(s.t));
    const sections = layoutBracket(data, { compact: false });
    expect(sections.map((x) => x.title)).toEqual(["Group 1", "Group 2", "Group 3", "Group 4"]);
    for (const section of sections) {
      expect(section.parts.map((p) => p.kind)).toEqual(["matches", "standings"]);
      const standings = section.parts[1]!;
      expect(standings.kind === "standings" && standings.rows.length).toBe(4);
      checkPart(section.parts[0] as MatchesPart);
    }
  });
});
