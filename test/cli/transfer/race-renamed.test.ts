/**
 * A racer renamed in the file's race after the target's started (publish again after `race
 * participants update --name`): the import renames them on the target, found by their seed
 * and their times, and goes on; the dry run says so (race-renames.ts, as participant-renames.ts
 * does for tournaments). Before, every later import stopped: "the target's race hand_gp has
 * started without Deb: nothing more was sent" (exit 5). Where the seed and the times do not
 * tell who it is, the stop stays, naming the target's racers the file does not have and the
 * way out.
 */
import { expect, it } from "vitest";
import { outcomeOf } from "../../../src/cli/exit-codes.js";
import { participantOf, readRaceExport } from "../../../src/cli/transfer/race-export-reader.js";
import { importRace, raceSummaryLine } from "../../../src/cli/transfer/race-importer.js";
import { planRaceImport } from "../../../src/cli/transfer/race-plan.js";
import type { ApiClient } from "../../../src/client/api-client.js";
import { useTransferPair } from "../../helpers/transfer-pair.js";

const pair = useTransferPair();

/** A two-round grand prix of `names`, started; what sets round `n`'s times by name. */
async function hillGp(c: ApiClient, names: readonly string[]) {
  const race = await c.races.create({
    name: "Hill GP",
    raceType: "grand prix",
    grandPrixOptions: { rounds: 2 },
  });
  await c.participants.bulkAdd(
    { race: race.id },
    names.map((name) => ({ name })),
  );
  await c.races.changeState(race.id, "start");
  return race.id;
}

async function setTimes(c: ApiClient, race: string, n: number, times: Record<string, number>) {
  const people = await c.participants.listAll({ race });
  const idOf = new Map(people.map((p) => [String(p.attributes.name), p.id]));
  const all = c.races.elapsedTimes(race, n);
  const records = await all.listAll();
  const byRacer = new Map(records.map((t) => [participantOf(t, new Map()), t.id]));
  await all.bulkUpdate(
    Object.entries(times).map(([name, time]) => ({
      elapsedTimeId: Number(byRacer.get(idOf.get(name)!)),
      time,
    })),
  );
}

async function rename(c: ApiClient, race: string, from: string, to: string) {
  const p = (await c.participants.listAll({ race })).find((r) => r.attributes.name === from)!;
  await c.participants.update({ race }, p.id, { name: to });
}

/** The export without its clock and the ids that differ between backends. */
const comparable = (doc: Awaited<ReturnType<typeof readRaceExport>>) => {
  const { exported_at: _e, race, ...rest } = doc;
  const { timestamps: _t, ...settings } = race;
  return { ...rest, race: settings };
};

it("renamed mid-race: renamed on the target too, the times follow, a re-run sends nothing", async () => {
  const source = await pair.source.client();
  const target = await pair.target.client();
  const race = await hillGp(source, ["Ann", "Bob", "Cy", "Dee"]);
  await setTimes(source, race, 1, { Ann: 61_000, Dee: 60_000 });
  await importRace(target, await readRaceExport(source, "hill_gp"));
  await rename(source, race, "Dee", "Deb");
  await setTimes(source, race, 1, { Bob: 62_000, Cy: 63_000 });
  await source.races.changeState(race, "end_round");
  await setTimes(source, race, 2, { Deb: 59_000 });
  const doc = await readRaceExport(source, "hill_gp");
  const plan = await planRaceImport(target, doc);
  expect(plan).toEqual([
    "race hill_gp is there (underway): continue it",
    "rename 1 participant: Dee to Deb",
    "round 1: send 2 times, set the points or ranks of 4: Ann, Bob, Cy, Deb, finalize",
    "round 2: start, send 1 time",
    "dry run: nothing was sent",
  ]);
  const summary = await importRace(target, doc);
  expect(raceSummaryLine(summary)).toBe(
    "hill_gp: found, 0 participants added, 3 times sent, 2 rounds started or finalized, 4 points or ranks set, 1 participant renamed\n",
  );
  expect(comparable(await readRaceExport(target, "hill_gp"))).toEqual(comparable(doc));
  expect((await importRace(target, doc)).renamed).toBe(0);
});

it("a target whose seed and times do not tell: stopped, naming who the file lacks and the way out", async () => {
  const source = await pair.source.client();
  const target = await pair.target.client();
  const race = await hillGp(source, ["Ann", "Bob", "Cy", "Deb"]);
  await setTimes(source, race, 1, { Deb: 60_000 });
  // The target's own race: Dee is its seed 4, as Deb is the file's, but with another time.
  const there = await hillGp(target, ["Ann", "Bob", "Cy", "Dee"]);
  await setTimes(target, there, 1, { Dee: 70_000 });
  const doc = await readRaceExport(source, "hill_gp");
  const why =
    "the target's race hill_gp has started without Deb; the target has Dee, whom the file does not: if one of them was renamed, and their seed and times did not tell who, give them the file's name there (tourney race participants update hill_gp NAME --name NEW) and import again";
  expect(await planRaceImport(target, doc)).toEqual([
    "race hill_gp is there (underway): continue it",
    `stop: ${why}; the publish would send nothing more (exit 5)`,
    "dry run: nothing was sent",
  ]);
  const error = await importRace(target, doc).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(outcomeOf(error).code).toBe(5);
  expect(outcomeOf(error).lines.join("\n")).toBe(
    `error: ${why.replace("hill_gp has started without Deb;", "hill_gp has started without Deb: nothing more was sent;")}`,
  );
  const names = (await target.participants.listAll({ race: there })).map((p) => p.attributes.name);
  expect(names).toEqual(["Ann", "Bob", "Cy", "Dee"]);
});

/** Swaps the names of `a` and `b` in the race, through a spare name (as a person would). */
async function swap(c: ApiClient, race: string, a: string, b: string) {
  await rename(c, race, a, "tmp");
  await rename(c, race, b, a);
  await rename(c, race, "tmp", b);
}

it("two names swapped mid-race: both renamed there (through a spare name), the times follow", async () => {
  const source = await pair.source.client();
  const target = await pair.target.client();
  const race = await hillGp(source, ["Ann", "Bob", "Cy", "Dee"]);
  await setTimes(source, race, 1, { Ann: 61_000, Bob: 62_000 });
  await importRace(target, await readRaceExport(source, "hill_gp"));
  await swap(source, race, "Ann", "Bob");
  await setTimes(source, race, 1, { Cy: 63_000 });
  const doc = await readRaceExport(source, "hill_gp");
  expect(await planRaceImport(target, doc)).toEqual([
    "race hill_gp is there (underway): continue it",
    "rename 2 participants: Ann to Bob, Bob to Ann",
    "round 1: send 1 time",
    "dry run: nothing was sent",
  ]);
  const summary = await importRace(target, doc);
  expect(raceSummaryLine(summary)).toBe(
    "hill_gp: found, 0 participants added, 1 time sent, 0 rounds started or finalized, 0 points or ranks set, 2 participants renamed\n",
  );
  expect(comparable(await readRaceExport(target, "hill_gp"))).toEqual(comparable(doc));
  expect((await importRace(target, doc)).renamed).toBe(0);
});

it("names moved along a chain (S1 to Sam One, S2 to S1): renamed in order there", async () => {
  const source = await pair.source.client();
  const target = await pair.target.client();
  const race = await hillGp(source, ["S1", "S2", "S3", "S4"]);
  await importRace(target, await readRaceExport(source, "hill_gp"));
  await rename(source, race, "S1", "Sam One");
  await rename(source, race, "S2", "S1");
  await setTimes(source, race, 1, { "Sam One": 61_000, S1: 62_000 });
  const doc = await readRaceExport(source, "hill_gp");
  const plan = await planRaceImport(target, doc);
  expect(plan, plan.join("\n")).toContain("rename 2 participants: S1 to Sam One, S2 to S1");
  expect(await importRace(target, doc)).toMatchObject({ renamed: 2, times: 2, added: 0 });
  expect(comparable(await readRaceExport(target, "hill_gp"))).toEqual(comparable(doc));
});

it("names swapped before any time there: stopped with commands that work, then imported", async () => {
  const source = await pair.source.client();
  const target = await pair.target.client();
  const race = await hillGp(source, ["Ann", "Bob", "Cy", "Dee"]);
  await importRace(target, await readRaceExport(source, "hill_gp"));
  await swap(source, race, "Ann", "Bob");
  await setTimes(source, race, 1, { Ann: 61_000 });
  const doc = await readRaceExport(source, "hill_gp");
  const plan = await planRaceImport(target, doc);
  expect(plan[1]).toBe(
    "stop: the target's race hill_gp has the file's names at other seeds, by seed and times (Ann (seed 1) is the file's Bob, Bob (seed 2) is the file's Ann), and no time there tells whether they were swapped in the file's race or the target was seeded otherwise; the publish would send nothing (exit 5)",
  );
  const error = await importRace(target, doc).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(outcomeOf(error).code).toBe(5);
  const commands = outcomeOf(error)
    .lines.join("\n")
    .split("\n")
    .filter((l) => l.startsWith("  tourney race participants update"));
  expect(commands).toEqual([
    "  tourney race participants update hill_gp Ann --name 'Ann (renaming)'",
    "  tourney race participants update hill_gp Bob --name Ann",
    "  tourney race participants update hill_gp 'Ann (renaming)' --name Bob",
  ]);
  const times = await target.races.elapsedTimes(race, 1).listAll();
  expect(times.map((t) => t.attributes.elapsedTime)).toEqual([null, null, null, null]);
  // The commands, as a shell splits them, are taken by the target in that order.
  for (const command of commands) {
    const [, from, to] = /update hill_gp ('[^']*'|\S+) --name ('[^']*'|\S+)$/.exec(command)!;
    await rename(target, race, from!.replace(/^'|'$/g, ""), to!.replace(/^'|'$/g, ""));
  }
  expect((await importRace(target, doc)).times).toBe(1);
  expect(comparable(await readRaceExport(target, "hill_gp"))).toEqual(comparable(doc));
});
