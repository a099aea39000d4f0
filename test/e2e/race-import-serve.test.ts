/**
 * `tourney race import` into a real `serve` on loopback through a remote profile
 * (issue 29): a grand prix of 25 (times sent in bulk updates of 20 over HTTP)
 * run on the embedded default, exported, imported there in two goes (a file cut
 * after round 1 first, as an interrupted import leaves it, then the whole one):
 * the same document on both sides, and a third run sends nothing. `race publish
 * --to lan` likewise, its dry run listing the steps first.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { runRaceExport } from "../../src/cli/commands/race/export.js";
import { runBinary } from "../helpers/binary.js";
import { makeTestFactory } from "../helpers/factory.js";
import { type ServedSandbox, servedSandbox } from "../helpers/remote-profile.js";

let sandbox: ServedSandbox;
beforeAll(async () => {
  sandbox = await servedSandbox("race-import");
}, 60_000);
afterAll(async () => sandbox.close());

async function exported(remote: boolean) {
  const env = remote ? sandbox.remote : sandbox.local;
  const f = makeTestFactory({ env, homeDir: join(sandbox.dir, "home") });
  try {
    await runRaceExport(f.factory, { race: "lan_gp" });
    const { exported_at: _e, race, ...rest } = f.json();
    const { timestamps: _t, currentLap, ...settings } = race;
    return { ...rest, race: { ...settings, currentLap: currentLap?.number ?? null } };
  } finally {
    await f.factory.close();
  }
}

async function runLocally() {
  const f = makeTestFactory({ env: sandbox.local, homeDir: join(sandbox.dir, "home") });
  const c = await f.factory.client();
  const race = await c.races.create({
    name: "LAN GP",
    raceType: "grand prix",
    grandPrixOptions: { rounds: 3 },
  });
  const names = Array.from({ length: 25 }, (_, i) => ({ name: `Rider ${i + 1}` }));
  await c.participants.bulkAdd({ race: race.id }, names);
  await c.races.changeState(race.id, "start");
  for (const [n, count] of [
    [1, 25],
    [2, 22],
  ] as const) {
    const times = c.races.elapsedTimes(race.id, n);
    const entries = (await times.listAll()).slice(0, count);
    await times.bulkUpdateAll(
      entries.map((t, i) => ({ elapsedTimeId: Number(t.id), time: 90_000 + i * 137 + n })),
    );
    if (n === 1) await c.races.changeState(race.id, "end_round");
  }
  await f.factory.close();
}

const importing = async (file: string) => {
  const run = await runBinary(["race", "import", file], sandbox.remote);
  expect(run.code, run.stderr).toBe(0);
  expect(run.stderr).toBe("");
  return run.stdout;
};

it("a grand prix reaches serve in two goes, the same, and a third run sends nothing", async () => {
  await runLocally();
  const whole = join(sandbox.dir, "race.json");
  const out = await runBinary(["race", "export", "lan_gp", "--output", whole], sandbox.local);
  expect(out.code, out.stderr).toBe(0);
  const doc = JSON.parse(readFileSync(whole, "utf8"));
  const cut = join(sandbox.dir, "cut.json");
  const firstRound = doc.rounds.map((r: any) => (r.number === 1 ? r : { ...r, state: "pending" }));
  writeFileSync(cut, JSON.stringify({ ...doc, rounds: firstRound }));
  expect(await importing(cut)).toBe(
    // round 1's table points go in before its finalize: 10 places score
    "lan_gp: created, 25 participants added, 25 times sent, 1 round started or finalized, 10 points or ranks set\n",
  );
  expect(await importing(whole)).toBe(
    "lan_gp: found, 0 participants added, 22 times sent, 1 round started or finalized, 0 points or ranks set\n",
  );
  expect(await exported(true)).toEqual(await exported(false));
  expect(await importing(whole)).toBe(
    "lan_gp: found, 0 participants added, 0 times sent, 0 rounds started or finalized, 0 points or ranks set\n",
  );
});

it("race publish --to lan: the dry run lists the steps, the publish sends them once", async () => {
  const f = makeTestFactory({ env: sandbox.local, homeDir: join(sandbox.dir, "home") });
  const c = await f.factory.client();
  const race = await c.races.create({ name: "Hill climb", raceType: "time trial" });
  await c.participants.bulkAdd({ race: race.id }, [{ name: "Ann" }, { name: "Bob" }]);
  await c.races.changeState(race.id, "start");
  const times = c.races.elapsedTimes(race.id, 1);
  const entries = await times.listAll();
  await times.bulkUpdate([{ elapsedTimeId: Number(entries[0]!.id), time: 61_234 }]);
  await f.factory.close();
  const publish = (...more: string[]) =>
    runBinary(["race", "publish", "hill_climb", "--to", "lan", ...more], sandbox.local);
  const dry = await publish("--dry-run");
  expect(dry.code, dry.stderr).toBe(0);
  expect(dry.stdout).toBe(
    [
      "create race hill_climb (Hill climb, time trial)",
      "add 2 participants: Ann, Bob",
      "start",
      "round 1: send 1 time",
      "dry run: nothing was sent",
      "",
    ].join("\n"),
  );
  const first = await publish();
  expect(first.stdout).toBe(
    "hill_climb: created, 2 participants added, 1 time sent, 0 rounds started or finalized, 0 points or ranks set\n",
  );
  const again = await publish("--dry-run");
  expect(again.stdout).toMatch(
    /^race hill_climb is there \(underway\): continue it\nround 1: send 0 times\n/,
  );
});

it("race publish --to lan of a grand prix with points given by hand: the same race there, a re-run sends nothing", async () => {
  const run = (...args: string[]) => runBinary(args, sandbox.local);
  for (const args of [
    ["race", "create", "--name", "Hand GP", "--type", "grand prix", "--rounds", "2"],
    ["race", "participants", "bulk-add", "hand_gp", "Ada", "Grace"],
    ["race", "start", "hand_gp"],
    ["race", "update", "hand_gp", "Ada", "--time", "1:00.000", "--points", "7"],
    ["race", "update", "hand_gp", "Grace", "--time", "1:01.000"],
    ["race", "end-round", "hand_gp"],
  ]) {
    const r = await run(...args);
    expect(r.code, r.stderr).toBe(0);
  }
  const publish = await run("race", "publish", "hand_gp", "--to", "lan");
  expect(publish.code, publish.stderr).toBe(0);
  const standings = async (env: Record<string, string>) =>
    (await runBinary(["race", "standings", "hand_gp", "--json", "name,points"], env)).stdout;
  expect(await standings(sandbox.remote)).toBe(await standings(sandbox.local));
  expect(await standings(sandbox.remote)).toMatch(/"Ada","points":7/);
  const again = await run("race", "publish", "hand_gp", "--to", "lan");
  expect(again.stdout).toBe(
    "hand_gp: found, 0 participants added, 0 times sent, 0 rounds started or finalized, 0 points or ranks set\n",
  );
});
