/**
 * `match report --ranks` in a free for all where a player was removed after the start
 * (`participants delete`: "later it deactivates and forfeits"): the removed player may be
 * left out of --ranks (the service places them last), may not advance, and finishes below
 * every player still in. Before, leaving them out was refused ("--ranks gives no rank to
 * P2") and ranking them first let them advance and finish first (a reviewer's recipe).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { createWith, ok, viewMatch } from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

describe("match report --ranks with a removed free-for-all player", () => {
  it("leaves the removed player out; they cannot advance and finish last", async () => {
    const names = ["P1", "P2", "P3", "P4", "P5", "P6", "P7", "P8"];
    const { t, ids } = await createWith(
      sb,
      ["--name", "FF", "--type", "free for all", "--max-participants", "4"],
      names,
    );
    ok(await sb.run(["tournament", "start", t]));
    ok(await sb.run(["participants", "delete", t, "P2", "--yes"]));
    const b = await viewMatch(sb, t, "B");
    expect(b.participant_ids).toEqual(["P2", "P3", "P6", "P7"].map((n) => ids.get(n)));

    const advancing = await sb.run([
      "match",
      "report",
      t,
      "B",
      "--ranks",
      "P3=1,P6=2,P7=3",
      "--advancing",
      "P2,P3",
    ]);
    expect({ code: advancing.code, stderr: advancing.stderr }).toEqual({
      code: 2,
      stderr:
        "error: --advancing P2: P2 was removed from the tournament and forfeits, so cannot advance from match B (P2, P3, P6, P7); leave P2 out (placed last)\n",
    });
    // Ranked and advancing: the service refuses it (422, exit 5), naming who and why.
    const ranked = await sb.run([
      "match",
      "report",
      t,
      "B",
      "--ranks",
      "P2=1,P3=2,P6=3,P7=4",
      "--advancing",
      "P2,P3",
    ]);
    expect(ranked.code).toBe(5);
    expect(ranked.stderr).toContain(
      `P2 (${ids.get("P2")}) was removed from the tournament and forfeits: it cannot advance from match B (`,
    );
    expect((await viewMatch(sb, t, "B")).state).toBe("open");

    // An active player left out is still refused, the removed one not named.
    const short = await sb.run(["match", "report", t, "B", "--ranks", "P3=1,P6=2"]);
    expect(short.code).toBe(2);
    expect(short.stderr).toBe(
      "error: --ranks gives no rank to P7: rank every player of match B (P2, P3, P6, P7) (1 = best)\n",
    );

    ok(
      await sb.run([
        "match",
        "report",
        t,
        "B",
        "--ranks",
        "P3=1,P6=2,P7=3",
        "--advancing",
        "P3,P6",
      ]),
    );
    const done = await viewMatch(sb, t, "B");
    expect(done.state).toBe("complete");
    expect(
      done.points_by_participant.map((e: { participant_id: number; rank: number }) => e.rank),
    ).toEqual([4, 1, 2, 3]);
    ok(
      await sb.run([
        "match",
        "report",
        t,
        "A",
        "--ranks",
        "P1=1,P4=2,P5=3,P8=4",
        "--advancing",
        "P1,P4",
      ]),
    );
    const c = await viewMatch(sb, t, "C");
    expect(c.participant_ids).not.toContain(ids.get("P2"));
    ok(await sb.run(["match", "report", t, "C", "--ranks", "P3=1,P1=2,P6=3,P4=4"]));
    ok(await sb.run(["tournament", "finalize", t]));
    const list = ok(
      await sb.run(["participants", "list", t, "--json", "name,final_rank"]),
    ).json() as { name: string; final_rank: number }[];
    const rank = new Map(list.map((p) => [p.name, p.final_rank]));
    expect(rank.get("P2")).toBe(8);
    expect(rank.get("P8")).toBe(7);
    expect(rank.get("P3")).toBe(1);
  });
});
