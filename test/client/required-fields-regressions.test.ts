/**
 * What the remote backend's required fields (src/client/required-fields.ts, 0069435) must
 * not cost, against the built `tourney serve`: a time's hand-set points survive an update
 * that gives none, a twelfth race of one name still gets a url.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT, runBinary } from "../helpers/binary.js";
import { type ServedSandbox, servedSandbox } from "../helpers/remote-profile.js";

describe.runIf(BUILT)("the remote backend's required fields against serve", () => {
  let sandbox: ServedSandbox;

  beforeAll(async () => {
    sandbox = await servedSandbox("required-regressions");
  });
  afterAll(() => sandbox.close());

  const tourney = async (args: string[], stdin = "", env = sandbox.remote) => {
    const r = await runBinary(args, env, stdin);
    expect(r.code, r.stderr).toBe(0);
    return r;
  };
  const json = async (args: string[]) => JSON.parse((await tourney([...args, "--json"])).stdout);

  it("a time's points set by hand stay when updated without --points (update and bulk)", async () => {
    await tourney(["race", "create", "--name", "GP", "--type", "grand prix", "--rounds", "2"]);
    await tourney(["race", "participants", "bulk-add", "gp"], "Ada\nGrace\nLin\n");
    await tourney(["race", "start", "gp"]);
    await tourney(["race", "times", "update", "gp", "Ada", "--points", "9"]);
    const timed = await json(["race", "times", "update", "gp", "Ada", "--time", "1:01"]);
    expect(timed).toMatchObject({ elapsedTime: 61_000, points: 9 });
    const ranked = await json(["race", "times", "update", "gp", "Ada", "--rank", "2"]);
    expect(ranked).toMatchObject({ elapsedTime: 61_000, points: 9, rank: 2 });
    await tourney(["race", "times", "bulk-update", "gp"], "Ada,1:00\nGrace,1:02\n");
    const times = await json(["race", "times", "list", "gp"]);
    const byName = (name: string) =>
      times.find((t: Record<string, unknown>) => JSON.stringify(t).includes(name));
    expect(byName("Ada")).toMatchObject({ elapsedTime: 60_000, points: 9 });
    // Computed points are not taken as set by hand: the round's table scores Grace.
    await tourney(["race", "end-round", "gp"]);
    const ended = await json(["race", "times", "list", "gp", "--round", "1"]);
    const grace = ended.find((t: Record<string, unknown>) => JSON.stringify(t).includes("Grace"));
    expect(grace).toMatchObject({ points: 18 });
  });

  it("a race create without --url finds a free one past derby_10", async () => {
    for (let n = 1; n <= 11; n++) await tourney(["race", "create", "--name", "Derby"]);
    const twelfth = await tourney(["race", "create", "--name", "Derby", "--json"]);
    expect(JSON.parse(twelfth.stdout)).toMatchObject({ url: "derby_12" });
    expect(twelfth.stderr).toContain('the url "derby" is taken');
  });
});
