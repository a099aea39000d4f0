import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT, runBinary } from "../helpers/binary.js";
import { type ServedSandbox, servedSandbox } from "../helpers/remote-profile.js";

describe.runIf(BUILT)("match and state verbs over tourney serve", () => {
  let sandbox: ServedSandbox;
  let env: Record<string, string>;

  beforeAll(async () => {
    sandbox = await servedSandbox("match");
    env = sandbox.remote;
  });
  afterAll(() => sandbox.close());

  const tourney = async (...args: string[]) => {
    const r = await runBinary(args, env);
    expect(r.code, r.stderr).toBe(0);
    return r.stdout;
  };

  it("starts, reports by identifier and name, finalizes and reads standings", async () => {
    const t = String(
      JSON.parse(await tourney("tournament", "create", "--name", "LAN Cup", "--json")).id,
    );
    const added = await runBinary(
      ["participants", "bulk-add", t],
      env,
      "Ada\nGrace\nLinus\nAlan\n",
    );
    expect(added.code, added.stderr).toBe(0);
    await tourney("tournament", "start", t);
    expect(await tourney("match", "list", t, "--state", "open")).toMatch(
      /^\d+\tA\t1\t-\topen\tAda\tAlan\t-\t-\t-\n\d+\tB\t1\t-\topen\tGrace\tLinus\t-\t-\t-\n$/,
    );
    await tourney("match", "report", t, "A", "--winner", "Ada", "--scores", "3-1,2-3,3-0");
    await tourney("match", "report", t, "B", "--winner", "#3", "--scores", "1-2");
    const final = JSON.parse(await tourney("match", "view", t, "C", "--json"));
    expect(final.state).toBe("open");
    await tourney("match", "report", t, "C", "--winner", "Linus", "--scores", "0-2");
    await tourney("tournament", "finalize", t);
    // Piped standings: a header naming the columns, then the rows (issue 26, item 12).
    const standings = (await tourney("tournament", "standings", t)).split("\n");
    expect(standings[0]).toMatch(/^stage\tgroup_id\trank\tparticipant_id\tname\twins\tlosses\t/);
    expect(standings[1]).toMatch(/^final\t-\t1\t\d+\tLinus\t2\t0\t/);
    const ranks = JSON.parse(await tourney("participants", "list", t, "--json")).map(
      (p: { name: string; final_rank: number }) => [p.name, p.final_rank],
    );
    expect(ranks).toEqual([
      ["Ada", 2],
      ["Grace", 3],
      ["Linus", 1],
      ["Alan", 3],
    ]);
  });
});
