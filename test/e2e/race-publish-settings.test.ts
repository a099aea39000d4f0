/**
 * `race publish --to lan` into a race of the same url made there with other settings that
 * shape it (another number of rounds, another points table): the publish stops before
 * sending anything (exit 5), naming each differing setting with both values and the way on,
 * as a tournament import does; the dry run names the stop. A pending target too (the import
 * never changes the target's settings: the message gives the `race update --set`). Before,
 * it went on (exit 0): 3 rounds played here finalized on a target of 5, which stayed under
 * way with rounds 4 and 5 pending, and a target with the default points table kept it.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { runBinary } from "../helpers/binary.js";
import { type ServedSandbox, servedSandbox } from "../helpers/remote-profile.js";

let sandbox: ServedSandbox;
beforeAll(async () => {
  sandbox = await servedSandbox("race-settings");
}, 60_000);
afterAll(async () => sandbox.close());

const local = (...args: string[]) => runBinary(args, sandbox.local);
const remote = (...args: string[]) => runBinary(args, sandbox.remote);

async function ok(run: Promise<{ code: number | null; stderr: string; stdout: string }>) {
  const r = await run;
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
}

/** A grand prix of Ann and Bob here, `rounds` rounds all played; `more` its other options. */
async function playedHere(name: string, url: string, rounds: number, more: string[] = []) {
  await ok(
    local(
      "race",
      "create",
      "--name",
      name,
      "--type",
      "grand prix",
      "--rounds",
      `${rounds}`,
      ...more,
    ),
  );
  await ok(local("race", "participants", "bulk-add", url, "Ann", "Bob"));
  await ok(local("race", "start", url));
  for (let n = 1; n <= rounds; n++) {
    await ok(local("race", "update", url, "Ann", "--time", `1:0${n}.000`));
    await ok(local("race", "update", url, "Bob", "--time", "1:30.000"));
    await ok(local("race", "end-round", url));
  }
}

it("another number of rounds there: the publish stops, nothing sent, and the dry run says so", async () => {
  await playedHere("Rounds GP", "rounds_gp", 3);
  await ok(
    remote("race", "create", "--name", "Rounds GP", "--type", "grand prix", "--rounds", "5"),
  );
  const dry = await local("race", "publish", "rounds_gp", "--to", "lan", "--dry-run");
  expect(dry.code, dry.stderr).toBe(5);
  expect(dry.stdout).toBe(
    "stop: the target's race rounds_gp has other settings than the file's (grandPrixOptions.rounds: file 3, target 5); the publish would send nothing (exit 5)\ndry run: nothing was sent\n",
  );
  const publish = await local("race", "publish", "rounds_gp", "--to", "lan");
  expect(publish.code).toBe(5);
  expect(publish.stdout).toBe("");
  expect(publish.stderr).toContain(
    "the target's race rounds_gp has other settings than the file's; its rounds or points would differ\n  grandPrixOptions.rounds: file 3, target 5\nnothing was sent; while it is pending, give it the file's settings (tourney race update rounds_gp --set grandPrixOptions.rounds=3) and import again",
  );
  const there = JSON.parse(
    await ok(remote("race", "participants", "list", "rounds_gp", "--json", "name")),
  );
  expect(there).toEqual([]);
  // The way out the message gives: aligned, the publish goes through.
  await ok(remote("race", "update", "rounds_gp", "--set", "grandPrixOptions.rounds=3"));
  expect(await ok(local("race", "publish", "rounds_gp", "--to", "lan"))).toMatch(
    /^rounds_gp: found, 2 participants added, 6 times sent, 5 rounds started or finalized/,
  );
});

it("another points table there (the default): the publish stops, naming both tables", async () => {
  await playedHere("Table GP", "table_gp", 1, ["--set", "pointsTable=[10,6,4]"]);
  await ok(remote("race", "create", "--name", "Table GP", "--type", "grand prix", "--rounds", "1"));
  const publish = await local("race", "publish", "table_gp", "--to", "lan");
  expect(publish.code).toBe(5);
  expect(publish.stderr).toContain("  pointsTable: file [10,6,4], target null\n");
  expect(publish.stderr).toContain("--set pointsTable='[10,6,4]'");
  const race = JSON.parse(
    await ok(remote("race", "show", "table_gp", "--json", "state,pointsTable")),
  );
  expect(race).toEqual({ state: "pending", pointsTable: null });
});
