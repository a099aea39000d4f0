/**
 * `tourney watch --json`: a match event tells the match's group and bracket as the v2.1 match
 * record names them, `group_id` (null outside a group stage) and `bracket` (winners, losers,
 * grand_final, third_place, placement, round_robin, ...), and a placement match's `places`.
 * Before, only the terminal lines said where a match stands (9b8525b, from a read of the
 * match list); the JSON event carried neither, and a losers round or a group's match could
 * not be told from its round alone. Embedded (the sandbox's store), the history of a finished
 * tournament; serve's stream and polling: test/e2e/watch-json-bracket.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  betterSeed,
  doubleEliminationEight,
  fourGroups,
  playAll,
  resetResults,
} from "../helpers/bracket-fixtures.js";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { createWith, matchesJson, ok, playOut } from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

interface Where {
  readonly group_id: number | null;
  readonly bracket: string;
  readonly places?: readonly number[];
}

/** The finished tournament's match events (`watch --since --json`): each match's place as told. */
async function told(t: string): Promise<Map<string, Where[]>> {
  ok(await sb.run(["tournament", "finalize", t, "--yes"]));
  const r = ok(await sb.run(["watch", t, "--since", "1d", "--until", "complete", "--json"]));
  const byMatch = new Map<string, Where[]>();
  for (const line of r.stdout.trimEnd().split("\n")) {
    const e = JSON.parse(line);
    if (e.match === undefined) continue;
    const { group_id, bracket, places } = e.match;
    const where = places === undefined ? { group_id, bracket } : { group_id, bracket, places };
    byMatch.set(e.match.id, [...(byMatch.get(e.match.id) ?? []), where]);
  }
  return byMatch;
}

/** Each match's place as `match list --json` has it. */
async function listed(t: string): Promise<Map<string, Where>> {
  const rows = await matchesJson(sb, t);
  return new Map(
    rows.map((m) => [
      String(m.id),
      m.places === undefined
        ? { group_id: m.group_id, bracket: m.bracket }
        : { group_id: m.group_id, bracket: m.bracket, places: m.places },
    ]),
  );
}

/** Every event of every match tells its place as the match list does; the places told. */
async function sameAsList(t: string): Promise<Where[]> {
  const events = await told(t);
  const list = await listed(t);
  expect([...events.keys()].sort()).toEqual([...list.keys()].sort());
  for (const [id, wheres] of events) for (const w of wheres) expect(w).toEqual(list.get(id));
  return [...list.values()];
}

describe("tourney watch --json: a match event's group and bracket", () => {
  it("double elimination: winners, losers, the grand final and its reset", async () => {
    const s = await doubleEliminationEight(sb);
    await playAll(sb, s, resetResults);
    const places = await sameAsList(s.t);
    expect(new Set(places.map((p) => p.bracket))).toEqual(
      new Set(["winners", "losers", "grand_final"]),
    );
    expect(places.filter((p) => p.bracket === "grand_final")).toHaveLength(2);
    expect(places.every((p) => p.group_id === null && p.places === undefined)).toBe(true);
  });

  it("placement matches to rank 5: third_place, placement and their places", async () => {
    const names = ["Ada", "Bea", "Cyd", "Dot", "Eli", "Fay", "Gus"];
    const { t, ids } = await createWith(
      sb,
      ["--name", "Cup", "--type", "single elimination", "--consolation-rank", "5"],
      names,
    );
    ok(await sb.run(["tournament", "start", t]));
    const seed = new Map([...ids].map(([name, id]) => [id, names.indexOf(name)]));
    await playOut(sb, t, (m) =>
      seed.get(m.player1_id)! < seed.get(m.player2_id)! ? m.player1_id : m.player2_id,
    );
    const places = await sameAsList(t);
    expect(places.filter((p) => p.places !== undefined)).toEqual([
      { group_id: null, bracket: "placement", places: [5, 8] },
      { group_id: null, bracket: "placement", places: [5, 6] },
    ]);
    expect(places.filter((p) => p.bracket === "third_place")).toHaveLength(1);
  });

  it("a group stage: each group's id, then the final stage's null", async () => {
    const s = await fourGroups(sb);
    await playAll(sb, s, betterSeed);
    ok(await sb.run(["tournament", "finalize-group-stage", s.t]));
    ok(await sb.run(["tournament", "start", s.t]));
    await playAll(sb, s, betterSeed);
    const places = await sameAsList(s.t);
    const groups = places.filter((p) => p.group_id !== null);
    expect(new Set(groups.map((p) => p.group_id)).size).toBe(4);
    expect(new Set(groups.map((p) => p.bracket))).toEqual(new Set(["round_robin"]));
    const final = places.filter((p) => p.group_id === null);
    expect(final.length).toBeGreaterThan(0);
    expect(final.every((p) => p.bracket !== "round_robin")).toBe(true);
  });
});
