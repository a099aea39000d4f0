/**
 * Ranks set by hand through the CLI (docs/races.md): `--rank auto` (or 0) clears one, so the
 * round ranks that racer by time again (before, `--rank 0` was refused and nothing cleared
 * it); a rank another racer holds by hand is refused with the service's 422 naming the
 * holder (exit 5), where before both were taken.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { createGrandPrix, ok } from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

const json = async (...args: string[]) => ok(await sb.run([...args, "--json"])).json();

async function timedRound(): Promise<string> {
  const { race } = await createGrandPrix(sb, 1, ["Ada", "Grace", "Linus"]);
  ok(await sb.run(["race", "start", race]));
  for (const [who, time] of [
    ["Ada", "1:00.000"],
    ["Grace", "1:01.000"],
    ["Linus", "1:02.000"],
  ])
    ok(await sb.run(["race", "update", race, who!, "--time", time!]));
  return race;
}

const ranks = async (race: string) =>
  Object.fromEntries(
    (await json("race", "times", "list", race)).map((t: { name: string; rank: number }) => [
      t.name,
      t.rank,
    ]),
  );

describe("race update --rank", () => {
  it("--rank auto, or 0, clears a rank set by hand: the racer ranks by time again", async () => {
    const race = await timedRound();
    ok(await sb.run(["race", "update", race, "Ada", "--rank", "3"]));
    expect(await ranks(race)).toEqual({ Ada: 3, Grace: 1, Linus: 2 });
    const cleared = await json("race", "update", race, "Ada", "--rank", "auto");
    expect(cleared).toMatchObject({ name: "Ada", rank: 1 });
    expect(await ranks(race)).toEqual({ Ada: 1, Grace: 2, Linus: 3 });
    // Her rank follows her time again: a slower time moves her down.
    ok(await sb.run(["race", "update", race, "Ada", "--time", "1:03.000"]));
    expect(await ranks(race)).toEqual({ Ada: 3, Grace: 1, Linus: 2 });
    ok(await sb.run(["race", "times", "update", race, "Linus", "--rank", "1"]));
    ok(await sb.run(["race", "times", "update", race, "Linus", "--rank", "0"]));
    expect(await ranks(race)).toEqual({ Ada: 3, Grace: 1, Linus: 2 });
    const bad = await sb.run(["race", "update", race, "Ada", "--rank", "first"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--rank needs a whole number from 1 to 1000000, or auto");
  });

  it("a rank another racer holds by hand is refused (exit 5) naming who holds it and the way on", async () => {
    const race = await timedRound();
    ok(await sb.run(["race", "update", race, "Ada", "--rank", "2"]));
    const second = await sb.run(["race", "update", race, "Grace", "--rank", "2"]);
    expect(second.code).toBe(5);
    expect(second.stderr).toContain(
      `rank 2 in round 1 of race spring_gp is Ada's, set by hand: one rank set by hand is one racer's (equal times share a rank by themselves); give Grace another rank, or clear Ada's first (rank 0: ranked by time; tourney race update spring_gp "Ada" --rank auto)`,
    );
    expect(await ranks(race)).toEqual({ Ada: 2, Grace: 1, Linus: 3 });
    ok(await sb.run(["race", "update", "spring_gp", "Ada", "--rank", "auto"]));
    ok(await sb.run(["race", "update", race, "Grace", "--rank", "2"]));
    expect(await ranks(race)).toEqual({ Ada: 1, Grace: 2, Linus: 3 });
  });

  it("bulk-update: two rows giving one rank are refused by line, nothing sent", async () => {
    const race = await timedRound();
    const r = await sb.run(["race", "times", "bulk-update", race], {
      stdin: "Ada,1:00,,2\nGrace,1:01\nLinus,1:02,,2\n",
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      "line 3: rank 2 is given on line 1 too: a rank set by hand is one racer's (equal times share a rank by themselves; 0 ranks by time)",
    );
    expect(await ranks(race)).toEqual({ Ada: 1, Grace: 2, Linus: 3 });
  });

  it("bulk-update of more than 20 rows hands a rank from one racer to another", async () => {
    const racers = Array.from({ length: 25 }, (_, i) => `R${i + 1}`);
    const made = await json("race", "create", "--name", "Many");
    const race = String(made.id);
    ok(await sb.run(["race", "participants", "bulk-add", race, ...racers]));
    ok(await sb.run(["race", "start", race]));
    ok(await sb.run(["race", "update", race, "R25", "--time", "1:00", "--rank", "2"]));
    // R1 takes 2nd in the first request of 20; R25 gives it up in the second. Before, the
    // first request was refused: R25 still held it.
    const rows = racers.map(
      (name, i) => `${name},${61 + i}s${i === 0 ? ",,2" : i === 24 ? ",,0" : ""}`,
    );
    const r = await sb.run(["race", "times", "bulk-update", race, "--json"], {
      stdin: `${rows.join("\n")}\n`,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.json().map((t: { name: string }) => t.name)).toEqual(racers);
    const now = await ranks(race);
    expect([now.R1, now.R2, now.R25]).toEqual([2, 1, 25]);
  });
});
