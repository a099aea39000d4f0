/**
 * End to end (an outside review), on a remote profile (serve on loopback): `race times
 * bulk-update` of 24 rows whose 22nd gives a rank a racer not in the file holds by hand is
 * refused before anything is sent (exit 2, naming the line). Before, the first request of 20
 * rows was written, then the second refused (422).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT, runBinary } from "../helpers/binary.js";
import { type ServedSandbox, servedSandbox } from "../helpers/remote-profile.js";
import { tourney } from "../helpers/watch-process.js";

const RACERS = Array.from({ length: 25 }, (_, i) => `R${i + 1}`);

describe.runIf(BUILT)("bulk-update on a remote profile, a rank held by hand", () => {
  let sb: ServedSandbox;
  beforeAll(async () => {
    sb = await servedSandbox("race-bulk-held-rank");
  });
  afterAll(() => sb.close());

  it("is refused before the first request: nothing written", async () => {
    const env = sb.remote;
    await tourney(env, "race", "create", "--name", "TT", "--url", "tt");
    const added = await runBinary(
      ["race", "participants", "bulk-add", "tt"],
      env,
      `${RACERS.join("\n")}\n`,
    );
    expect(added.code, added.stderr).toBe(0);
    await tourney(env, "race", "start", "tt");
    await tourney(
      env,
      "race",
      "times",
      "update",
      "tt",
      "R25",
      "--time",
      "2:00.000",
      "--rank",
      "22",
    );
    const rows = RACERS.slice(0, 24).map((r, i) => `${r},1:${String(i + 10)}.000,${i + 1}`);
    const bad = await runBinary(
      ["race", "times", "bulk-update", "tt"],
      env,
      `participant,time,rank\n${rows.join("\n")}\n`,
    );
    expect(bad.code, bad.stderr).toBe(2);
    expect(bad.stderr).toContain('line 23: rank 22 in round 1 is "R25"\'s, set by hand');
    const listed = JSON.parse(await tourney(env, "race", "times", "list", "tt", "--json"));
    const timed = listed.filter((t: { elapsedTime: number | null }) => t.elapsedTime !== null);
    expect(timed.map((t: { name: string }) => t.name)).toEqual(["R25"]);
  }, 90_000);
});
