/**
 * The remote backend sends every field the published description requires
 * (src/client/required-fields.ts; test/contract/prism-mock.test.ts checks the bodies),
 * and `tourney serve` takes those bodies as the embedded backend's: a tournament's
 * and a race's current type sent back while under way is no change, a race created
 * without --url still gets a free url, an elapsed time's `points` of 0 leaves the
 * round's own points, a time given no --time keeps its time, an attachment note
 * goes with a null url.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT, runBinary } from "../helpers/binary.js";
import { type ServedSandbox, servedSandbox } from "../helpers/remote-profile.js";

describe.runIf(BUILT)("the required fields the remote backend sends, taken by serve", () => {
  let sandbox: ServedSandbox;

  beforeAll(async () => {
    sandbox = await servedSandbox("required-fields");
  });
  afterAll(() => sandbox.close());

  const tourney = async (args: string[], stdin = "") => {
    const r = await runBinary(args, sandbox.remote, stdin);
    expect(r.code, r.stderr).toBe(0);
    return r;
  };
  const json = async (args: string[]) => JSON.parse((await tourney([...args, "--json"])).stdout);

  it("a tournament under way is renamed (its type sent unchanged)", async () => {
    await tourney(["tournament", "create", "--name", "Cup", "--type", "single elimination"]);
    await tourney(["participants", "bulk-add", "cup"], "Ada\nGrace\n");
    await tourney(["tournament", "start", "cup"]);
    expect(await json(["tournament", "update", "cup", "--name", "Cup Two"])).toMatchObject({
      name: "Cup Two",
      tournament_type: "single elimination",
      state: "underway",
    });
  });

  it("an attachment note goes without a url", async () => {
    await tourney([
      "tournament",
      "create",
      "--name",
      "Notes",
      "--set",
      "match_options.accept_attachments=true",
    ]);
    await tourney(["participants", "bulk-add", "notes"], "Ada\nGrace\n");
    await tourney(["tournament", "start", "notes"]);
    const note = await json(["attachment", "add", "notes", "A", "--description", "score sheet"]);
    expect(note).toMatchObject({ url: null, description: "score sheet" });
  });

  it("races: a free url on create, a rename under way, a time's points and time kept", async () => {
    expect(await json(["race", "create", "--name", "Derby"])).toMatchObject({ url: "derby" });
    const again = await tourney(["race", "create", "--name", "Derby", "--json"]);
    expect(JSON.parse(again.stdout)).toMatchObject({ url: "derby_2" });
    expect(again.stderr).toContain('the url "derby" is taken');

    await tourney(["race", "participants", "bulk-add", "derby"], "Ada\nGrace\n");
    await tourney(["race", "start", "derby"]);
    expect(await json(["race", "update", "derby", "--name", "Derby Day"])).toMatchObject({
      name: "Derby Day",
      url: "derby",
      raceType: "time trial",
      state: "underway",
    });

    await tourney(["race", "update", "derby", "Ada", "--time", "1:02.000"]);
    const grace = await json(["race", "update", "derby", "Grace", "--time", "1:01.000"]);
    expect(grace).toMatchObject({ elapsedTime: 61_000, rank: 1 });
    const points = await json(["race", "times", "update", "derby", "Ada", "--points", "7"]);
    expect(points).toMatchObject({ elapsedTime: 62_000, points: 7 });
  });
});
