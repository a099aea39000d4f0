/**
 * `tourney race publish --to lan` of a grand prix with tied times, to a real `serve` on
 * loopback (outside review): the built binary, as a user runs it. The dry run lists what
 * the publish then does (the times, the table points of the three who score, no rank by
 * hand), serve's standings are the source's (Ada and Bo 1st on 10 points, Cy 3rd on 4,
 * Dee 4th on 0), a re-publish sends nothing. Before f197da4 the tie's ranks were set by
 * hand (1, 1), leaving 2nd free for Dee, who came out 2nd on 6 points ahead of Cy.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { runBinary } from "../helpers/binary.js";
import { type ServedSandbox, servedSandbox } from "../helpers/remote-profile.js";

let sandbox: ServedSandbox;
beforeAll(async () => {
  sandbox = await servedSandbox("race-ties");
}, 60_000);
afterAll(async () => sandbox.close());

async function run(args: readonly string[], remote = false, stdin?: string) {
  const r = await runBinary(args, remote ? sandbox.remote : sandbox.local, stdin);
  expect(r.code, `${args.join(" ")}: ${r.stderr}`).toBe(0);
  return r.stdout;
}

const STANDINGS = [
  "1\t1\tAda\t10\t1\t00:01:00.000\t1",
  "1\t2\tBo\t10\t1\t00:01:00.000\t1",
  "3\t3\tCy\t4\t3\t00:01:01.000\t1",
  "4\t4\tDee\t0\t4\t00:01:02.000\t1",
  "5\t5\tEve\t0\t5\t00:01:03.000\t1",
];

it("a tied round reaches serve with the source's ranks and points, as its dry run said", async () => {
  await run(["race", "create", "--name", "Cup GP", "--type", "grand prix", "--rounds", "1"]);
  await run(["race", "update", "cup_gp", "--set", "pointsTable=[10,6,4]"]);
  await run(["race", "participants", "bulk-add", "cup_gp", "Ada", "Bo", "Cy", "Dee", "Eve"]);
  await run(["race", "start", "cup_gp"]);
  const csv = "participant,time\nAda,60s\nBo,60s\nCy,61s\nDee,62s\nEve,63s\n";
  await run(["race", "times", "bulk-update", "cup_gp"], false, csv);
  await run(["race", "end-round", "cup_gp"]);
  expect((await run(["race", "standings", "cup_gp"])).trim().split("\n")).toEqual(STANDINGS);

  const publish = ["race", "publish", "cup_gp", "--to", "lan"];
  expect((await run([...publish, "--dry-run"])).trim().split("\n")).toEqual([
    "create race cup_gp (Cup GP, grand prix)",
    "add 5 participants: Ada, Bo, Cy, Dee, Eve",
    "start",
    "round 1: send 5 times, set the points or ranks of 3: Ada, Bo, Cy, finalize",
    "dry run: nothing was sent",
  ]);
  expect(await run(publish)).toContain(
    "cup_gp: created, 5 participants added, 5 times sent, 1 round started or finalized, 3 points or ranks set",
  );
  expect((await run(["race", "standings", "cup_gp"], true)).trim().split("\n")).toEqual(STANDINGS);
  const times = await run(["race", "times", "list", "cup_gp", "--json"], true);
  expect(JSON.parse(times).map((t: any) => [t.name, t.rank, t.rankGiven, t.points])).toEqual([
    ["Ada", 1, false, 10],
    ["Bo", 1, false, 10],
    ["Cy", 3, false, 4],
    ["Dee", 4, false, 0],
    ["Eve", 5, false, 0],
  ]);
  const again = await run(publish);
  expect(again).toContain("cup_gp: found, 0 participants added, 0 times sent");
  expect(again).toContain("0 points or ranks set");
}, 120_000);
