/**
 * The viewer's layout of a single elimination with placement matches (consolation rank 9, 16
 * players, and 13 with byes), from the records the service gives: the winners tree, then one
 * part per range of places, titled by it, each match once, no two boxes overlapping.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bracketData } from "../../src/bracket-model/data.js";
import type { ResourceObject } from "../../src/model/resource.js";
import { type Box, layoutBracket, type MatchesPart, NORMAL } from "../../src/viewer/layout.js";
import { betterSeed, playAll, SIXTEEN } from "../helpers/bracket-fixtures.js";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { createWith, ok } from "../helpers/cli-tournament.js";
import { startService } from "../helpers/service.js";

let sb: Sandbox;
beforeAll(() => {
  sb = createSandbox();
});
afterAll(() => sb.cleanup());

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

async function laidOut(players: number) {
  const s = await createWith(
    sb,
    ["--name", `P${players}`, "--type", "single elimination", "--consolation-rank", "9"],
    SIXTEEN.slice(0, players),
  );
  ok(await sb.run(["tournament", "start", s.t]));
  await playAll(sb, s, betterSeed);
  const data = bracketData(await records(s.t));
  return { data, parts: layoutBracket(data, { compact: false })[0]!.parts as MatchesPart[] };
}

describe("layoutBracket: placement matches", () => {
  it("16 players to rank 9: the tree, then each range of places in its own part", async () => {
    const { data, parts } = await laidOut(16);
    expect(parts.map((p) => p.title)).toEqual([
      undefined,
      "Third place match",
      "Places 5-8",
      "5th place match",
      "7th place match",
      "Places 9-16",
      "Places 9-12",
      "9th place match",
      "11th place match",
      "Places 13-16",
      "13th place match",
      "15th place match",
    ]);
    expect(parts.map((p) => p.boxes.length)).toEqual([15, 1, 2, 1, 1, 4, 2, 1, 1, 2, 1, 1]);
    expect(parts[5]!.labels.map((l) => l.title)).toEqual(["Places 9-16"]);
    expect(parts[7]!.labels.map((l) => l.title)).toEqual(["9th place"]);
    const boxes = parts.flatMap((p) => p.boxes.map((b) => b.match.id));
    expect(new Set(boxes).size).toBe(data.matches.length);
    for (const part of parts)
      for (const [i, a] of part.boxes.entries())
        for (const b of part.boxes.slice(i + 1)) expect(overlaps(a, b)).toBe(false);
  });

  it("13 players to rank 9: the ranges the byes left, every match shown once", async () => {
    const { data, parts } = await laidOut(13);
    const titles = parts.map((p) => p.title);
    expect(titles).toContain("9th place match");
    expect(titles).not.toContain("15th place match");
    const boxes = parts.flatMap((p) => p.boxes.map((b) => b.match.id));
    expect(boxes.sort((a, b) => a - b)).toEqual(
      data.matches.map((m) => m.id).sort((a, b) => a - b),
    );
  });
});
