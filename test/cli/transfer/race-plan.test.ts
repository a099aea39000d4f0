/**
 * `race publish --dry-run` (race-plan.ts) lists everything the import then does, on the
 * embedded backend: the times, the points and ranks set after them (given by hand, and a
 * finalized round's table points), the starts and finalizes, the resets of rounds the
 * target finalized with other results, and the refusal it would stop at. Each plan is
 * checked against what the import of the same document into the same target then sends
 * (its summary and its progress steps). Before, the dry run listed the times only: neither
 * points nor ranks nor resets.
 */
import { expect, it } from "vitest";
import { readRaceExport } from "../../../src/cli/transfer/race-export-reader.js";
import { importRace } from "../../../src/cli/transfer/race-importer.js";
import { planRaceImport } from "../../../src/cli/transfer/race-plan.js";
import type { ApiClient } from "../../../src/client/api-client.js";
import { useTransferPair } from "../../helpers/transfer-pair.js";

const pair = useTransferPair();

async function timeRound(c: ApiClient, race: string, n: number, times: readonly number[]) {
  const all = c.races.elapsedTimes(race, n);
  const entries = (await all.listAll()).slice(0, times.length);
  await all.bulkUpdate(entries.map((t, i) => ({ elapsedTimeId: Number(t.id), time: times[i]! })));
  return entries;
}

/**
 * A grand prix of 3 rounds, 3 racers: round 1 finalized with Ann's points given by hand,
 * round 2 finalized with Cy's rank given and Bob without a time, round 3 under way with
 * one time.
 */
async function sourceRace(c: ApiClient) {
  const race = await c.races.create({
    name: "Spring GP",
    raceType: "grand prix",
    grandPrixOptions: { rounds: 3 },
  });
  await c.participants.bulkAdd({ race: race.id }, [
    { name: "Ann" },
    { name: "Bob" },
    { name: "Cy" },
  ]);
  await c.races.changeState(race.id, "start");
  const [ann] = await timeRound(c, race.id, 1, [61_000, 62_000, 63_000]);
  await c.races.elapsedTimes(race.id, 1).update(ann!.id, { points: 40 });
  await c.races.changeState(race.id, "end_round");
  const [, , cy] = await c.races.elapsedTimes(race.id, 2).listAll();
  await timeRound(c, race.id, 2, [70_000]);
  await c.races.elapsedTimes(race.id, 2).update(cy!.id, { elapsedTime: 75_000, rank: 1 });
  await c.races.changeState(race.id, "end_round");
  await timeRound(c, race.id, 3, [50_000]);
  return readRaceExport(c, String(race.attributes.url));
}

/** The plan, then the import of the same document: its summary and its steps. */
async function planThenImport(doc: Awaited<ReturnType<typeof sourceRace>>) {
  const target = await pair.target.client();
  const plan = await planRaceImport(target, doc);
  const steps: string[] = [];
  const progress = { step: (line: string) => steps.push(line), count() {}, end() {} };
  const summary = await importRace(target, doc, progress);
  return { plan, summary, steps, again: await planRaceImport(target, doc) };
}

/** What the plan's lines add up to, as the import's summary counts it. */
function counted(plan: readonly string[]) {
  const rounds = plan.filter((l) => /^round \d+: (?!reset)/.test(l));
  const sum = (re: RegExp) => rounds.reduce((n, l) => n + Number(re.exec(l)?.[1] ?? 0), 0);
  return {
    times: sum(/send (\d+) times?\b/),
    adjusted: sum(/set the points or ranks of (\d+)/),
    rounds: rounds.reduce((n, l) => n + (l.match(/\b(start|finalize)\b/g)?.length ?? 0), 0),
  };
}

it("into an empty target: the times, then the points and ranks, as the import sends them", async () => {
  const doc = await sourceRace(await pair.source.client());
  const { plan, summary, again } = await planThenImport(doc);
  expect(plan).toEqual([
    "create race spring_gp (Spring GP, grand prix)",
    "add 3 participants: Ann, Bob, Cy",
    "start",
    // round 1 finalized: the table's points of Bob and Cy go in too, with Ann's 40
    "round 1: send 3 times, set the points or ranks of 3: Ann, Bob, Cy, finalize",
    // Cy's rank 1 against a slower time; Ann's table points; Bob has neither
    "round 2: start, send 2 times, set the points or ranks of 2: Ann, Cy, finalize",
    "round 3: start, send 1 time",
    "dry run: nothing was sent",
  ]);
  expect(summary).toMatchObject({ created: true, added: 3, ...counted(plan) });
  expect(summary).toMatchObject({ times: 6, adjusted: 5, rounds: 4 });
  expect(again).toEqual([
    "race spring_gp is there (underway): continue it",
    "round 1: the same there, nothing to send",
    "round 2: the same there, nothing to send",
    "round 3: send 0 times",
    "dry run: nothing was sent",
  ]);
});

it("a target that finalized round 1 with other times: the resets, last first, then all again", async () => {
  const doc = await sourceRace(await pair.source.client());
  const t = await pair.target.client();
  const race = await t.races.create({
    name: "Spring GP",
    raceType: "grand prix",
    grandPrixOptions: { rounds: 3 },
  });
  await t.participants.bulkAdd({ race: race.id }, [
    { name: "Ann" },
    { name: "Bob" },
    { name: "Cy" },
  ]);
  await t.races.changeState(race.id, "start");
  await timeRound(t, race.id, 1, [59_000, 62_000, 63_000]);
  await t.races.changeState(race.id, "end_round");
  const { plan, summary, steps } = await planThenImport(doc);
  expect(plan).toEqual([
    "race spring_gp is there (underway): continue it",
    "round 2: reset (its results differ from the file's)",
    "round 1: reset (its results differ from the file's)",
    "round 1: start, send 3 times, set the points or ranks of 3: Ann, Bob, Cy, finalize",
    "round 2: start, send 2 times, set the points or ranks of 2: Ann, Cy, finalize",
    "round 3: start, send 1 time",
    "dry run: nothing was sent",
  ]);
  expect(steps.filter((s) => s.includes("reset"))).toEqual(plan.filter((l) => l.includes("reset")));
  expect(summary).toMatchObject({ created: false, added: 0, ...counted(plan) });
});

it("a target race under way without a racer of the file: the refusal the import stops at", async () => {
  const doc = await sourceRace(await pair.source.client());
  const t = await pair.target.client();
  const race = await t.races.create({
    name: "Spring GP",
    raceType: "grand prix",
    grandPrixOptions: { rounds: 3 },
  });
  await t.participants.bulkAdd({ race: race.id }, [{ name: "Ann" }, { name: "Bob" }]);
  await t.races.changeState(race.id, "start");
  const plan = await planRaceImport(t, doc);
  expect(plan).toEqual([
    "race spring_gp is there (underway): continue it",
    "stop: the target's race spring_gp has started without Cy; the publish would send nothing more (exit 5)",
    "dry run: nothing was sent",
  ]);
  await expect(importRace(t, doc)).rejects.toThrow("has started without Cy");
  const other = await pair.target.client();
  await other.races.update(race.id, { name: "Autumn GP" });
  expect((await planRaceImport(other, doc))[0]).toBe(
    "stop: the target already has a race at url spring_gp that is not this one (target: Autumn GP (grand prix), file: Spring GP (grand prix)); the publish would send nothing (exit 5)",
  );
  await expect(importRace(other, doc)).rejects.toThrow("that is not this one");
});
