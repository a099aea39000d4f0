/**
 * End to end: a grand prix run with the built binary's race verbs against
 * `tourney serve` through a remote profile — `race update` at the finish line,
 * a bulk update of more than 20 times (batches of 20 over HTTP), the refusals
 * and their exit codes, and the standings — the same commands as on the
 * embedded default.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT, runBinary } from "../helpers/binary.js";
import { type ServedSandbox, servedSandbox } from "../helpers/remote-profile.js";

describe.runIf(BUILT)("race verbs over tourney serve", () => {
  let sandbox: ServedSandbox;
  let env: Record<string, string>;

  beforeAll(async () => {
    sandbox = await servedSandbox("race");
    env = sandbox.remote;
  });
  afterAll(() => sandbox.close());

  const tourney = async (args: string[], stdin = "") => {
    const r = await runBinary(args, env, stdin);
    expect(r.code, r.stderr).toBe(0);
    return r.stdout;
  };

  it("race update sets times at the finish line; rounds end; standings add up", async () => {
    const created = await tourney([
      "race",
      "create",
      "--name",
      "LAN GP",
      "--type",
      "grand prix",
      "--rounds",
      "2",
      "--json",
    ]);
    const race = JSON.parse(created);
    expect(race).toMatchObject({ url: "lan_gp", raceType: "grand prix", state: "pending" });
    await tourney(["race", "participants", "bulk-add", "lan_gp"], "Ada\nGrace\nLinus\n");
    await tourney(["race", "start", "lan_gp"]);

    // Round 1, at the finish line: m:ss.fff, milliseconds, a seed, DNF.
    const ada = JSON.parse(
      await tourney(["race", "update", "lan_gp", "Ada", "--time", "1:02.345", "--json"]),
    );
    expect(ada).toMatchObject({
      name: "Ada",
      elapsedTime: 62_345,
      formattedTime: "00:01:02.345",
      rank: 1,
    });
    await tourney(["race", "update", "lan_gp", "#2", "--time", "61000ms"]);
    await tourney(["race", "update", "lan_gp", "Linus", "--dnf"]);
    expect(await tourney(["race", "times", "list", "lan_gp"])).toMatch(
      /^1\t2\tGrace\t00:01:01\.000\t-\t\d+\n2\t1\tAda\t00:01:02\.345\t-\t\d+\n-\t3\tLinus\t-\t-\t\d+\n$/,
    );

    // Refusals keep their exit codes over HTTP.
    const malformed = await runBinary(
      ["race", "update", "lan_gp", "Ada", "--time", "1:02,345"],
      env,
    );
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toContain('--time: "1:02,345" is not a time');
    const unknown = await runBinary(["race", "update", "lan_gp", "Nobody", "--time", "1:00"], env);
    expect(unknown.code).toBe(3);
    const outOfOrder = await runBinary(["race", "round", "start", "lan_gp", "2"], env);
    expect(outOfOrder.code).toBe(5);
    expect(outOfOrder.stderr).toContain("round 1 is under way");

    const next = JSON.parse(await tourney(["race", "end-round", "lan_gp", "--json"]));
    expect(next).toMatchObject({ state: "underway", currentLap: { number: 2 } });
    await tourney(["race", "update", "lan_gp", "Linus", "--time", "58.5s"]);
    await tourney(["race", "update", "lan_gp", "Ada", "--time", "59.000s"]);
    await tourney(["race", "update", "lan_gp", "Grace", "--time", "1:00.000"]);
    const done = JSON.parse(await tourney(["race", "end-round", "lan_gp", "--json"]));
    expect(done.state).toBe("completed");

    // Round 1: Grace 25, Ada 18, Linus 0 (DNF); round 2: Linus 25, Ada 18, Grace 15.
    const standings = JSON.parse(await tourney(["race", "standings", "lan_gp", "--json"]));
    expect(
      standings.map((s: { rank: number; name: string; points: number }) => [
        s.rank,
        s.name,
        s.points,
      ]),
    ).toEqual([
      [1, "Grace", 40],
      [2, "Ada", 36],
      [3, "Linus", 25],
    ]);
  });

  it("bulk-update sends 25 times in requests of 20 over HTTP", async () => {
    await tourney(["race", "create", "--name", "Big TT"]);
    const racers = Array.from({ length: 25 }, (_, i) => `Racer ${i + 1}`);
    await tourney(["race", "participants", "bulk-add", "big_tt"], `${racers.join("\n")}\n`);
    await tourney(["race", "start", "big_tt"]);
    const file = join(sandbox.dir, "times.csv");
    writeFileSync(
      file,
      racers.map((name, i) => `${name},1:${String(10 + i).padStart(2, "0")}.000`).join("\n"),
    );
    const logged = await runBinary(
      ["race", "times", "bulk-update", "big_tt", "--file", file, "--verbose"],
      env,
    );
    expect(logged.code, logged.stderr).toBe(0);
    expect(logged.stderr.match(/POST \S+\/bulk_update/g)).toHaveLength(2);
    const list = JSON.parse(await tourney(["race", "times", "list", "big_tt", "--json"]));
    expect(list.map((t: { name: string; rank: number }) => [t.name, t.rank]).slice(0, 2)).toEqual([
      ["Racer 1", 1],
      ["Racer 2", 2],
    ]);
    expect(list.at(-1)).toMatchObject({
      name: "Racer 25",
      rank: 25,
      formattedTime: "00:01:34.000",
    });
  });
});
