/**
 * A free for all of 2 a match with an odd field (an outside review's recipe): Ada, Bea
 * and Cyd at --max-participants 2 made match A (Ada, Cyd) and match B of Bea alone,
 * which no report could complete ("some but not all participants must advance", exit 5):
 * the tournament never finished. Now the best seed sits round 1 out (a bye) and meets
 * the winner of A in round 2; match list and bracket show no match of one player, and an
 * export of the finished tournament imports to the same results.
 */
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { createWith, matchesJson, ok, tournamentState } from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

/** Each match's identifier, round and players' names, from match list --json. */
async function tables(t: string, names: ReadonlyMap<number, string>) {
  return (await matchesJson(sb, t)).map((m) => [
    m.identifier,
    m.round,
    (m.participant_ids as number[]).map((id) => names.get(id)),
  ]);
}

describe("free for all, 2 a match, an odd field", () => {
  it("gives the best seed a bye: every match has two players and the tournament finishes", async () => {
    const { t, ids } = await createWith(
      sb,
      ["--name", "Trio", "--type", "free for all", "--max-participants", "2"],
      ["Ada", "Bea", "Cyd"],
    );
    const names = new Map([...ids].map(([name, id]) => [id, name]));
    ok(await sb.run(["tournament", "start", t]));
    expect(await tables(t, names)).toEqual([["A", 1, ["Bea", "Cyd"]]]);
    ok(await sb.run(["match", "report", t, "A", "--ranks", "Cyd=1,Bea=2", "--advancing", "Cyd"]));
    expect(await tables(t, names)).toEqual([
      ["A", 1, ["Bea", "Cyd"]],
      ["B", 2, ["Ada", "Cyd"]],
    ]);
    const bracket = ok(await sb.run(["bracket", t, "--no-color"])).stdout;
    expect(bracket).toMatch(/Round 1[\s\S]*Round 2/);
    expect(bracket).not.toMatch(/Round 3/);
    ok(await sb.run(["match", "report", t, "B", "--ranks", "Ada=1,Cyd=2"]));
    expect(await tournamentState(sb, t)).toBe("awaiting_review");
    ok(await sb.run(["tournament", "finalize", t, "--yes"]));
    const standings = ok(await sb.run(["tournament", "standings", t, "--json"])).json();
    expect(standings.map((r: { name: string; rank: number }) => [r.name, r.rank])).toEqual([
      ["Ada", 1],
      ["Cyd", 2],
      ["Bea", 3],
    ]);

    // Export, delete, import: the same matches and final ranks.
    const file = join(sb.dir, "trio.json");
    ok(await sb.run(["tournament", "export", t, "-o", file]));
    const before = await tables(t, names);
    ok(await sb.run(["tournament", "delete", t, "--yes"]));
    ok(await sb.run(["tournament", "import", file]));
    expect(await tournamentState(sb, "trio")).toBe("complete");
    const again = await sb.run(["participants", "list", "trio", "--json"]);
    const people: { id: number; name: string }[] = ok(again).json();
    const renamed = new Map(people.map((p) => [p.id, p.name]));
    expect(await tables("trio", renamed)).toEqual(before);
    const imported = again.json();
    expect(
      imported.map((p: { name: string; final_rank: number }) => [p.name, p.final_rank]),
    ).toEqual([
      ["Ada", 1],
      ["Bea", 3],
      ["Cyd", 2],
    ]);
  });

  it("6 players, one advancing a match: round 2 is one match and a bye, round 3 the final", async () => {
    const players = ["P1", "P2", "P3", "P4", "P5", "P6"];
    const { t, ids } = await createWith(
      sb,
      ["--name", "Six", "--type", "free for all", "--max-participants", "2"],
      players,
    );
    const names = new Map([...ids].map(([name, id]) => [id, name]));
    ok(await sb.run(["tournament", "start", t]));
    ok(await sb.run(["match", "report", t, "A", "--ranks", "P1=1,P6=2", "--advancing", "P1"]));
    ok(await sb.run(["match", "report", t, "B", "--ranks", "P5=1,P2=2", "--advancing", "P5"]));
    ok(await sb.run(["match", "report", t, "C", "--ranks", "P3=1,P4=2", "--advancing", "P3"]));
    // Before: D held P1 and P5, E held P3 alone and could not be reported.
    expect((await tables(t, names)).slice(3)).toEqual([["D", 2, ["P3", "P5"]]]);
    ok(await sb.run(["match", "report", t, "D", "--ranks", "P3=1,P5=2", "--advancing", "P3"]));
    expect((await tables(t, names)).slice(4)).toEqual([["E", 3, ["P1", "P3"]]]);
    ok(await sb.run(["match", "report", t, "E", "--ranks", "P3=1,P1=2"]));
    expect(await tournamentState(sb, t)).toBe("awaiting_review");
  });
});
