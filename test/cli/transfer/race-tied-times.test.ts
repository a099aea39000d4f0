/**
 * `tourney race import` of a grand prix whose rounds have tied times (outside review): the
 * target's ranks and points are the source's. Tied racers share a rank and the next one by
 * time takes the rank after the tie's places (1, 1, 3), nobody's rank is set by hand that
 * was not in the source, and the dry run (race-plan.ts) lists what the import then does.
 * Before f197da4 every rank that differed from the target's under-way round was sent, so the
 * 1, 1 of a tie was pinned by hand and left 2nd free for the racer after it: Dee 2nd with 6
 * points ahead of Cy.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { runRaceExport } from "../../../src/cli/commands/race/export.js";
import { runRaceImport } from "../../../src/cli/commands/race/import.js";
import { readRaceExport } from "../../../src/cli/transfer/race-export-reader.js";
import { planRaceImport } from "../../../src/cli/transfer/race-plan.js";
import type { ApiClient } from "../../../src/client/api-client.js";
import type { FactoryHarness } from "../../helpers/factory.js";
import { useTransferPair } from "../../helpers/transfer-pair.js";

const pair = useTransferPair();

async function exported(h: FactoryHarness, race: string) {
  const f = h.make();
  await runRaceExport(f.factory, { race });
  return f.json();
}

/** The document without the export's time, the clocks and the ids. */
function comparable(doc: any) {
  const { exported_at: _e, race, ...rest } = doc;
  const { timestamps: _t, currentLap, ...settings } = race;
  return { ...rest, race: { ...settings, currentLap: currentLap?.number ?? null } };
}

/** The import's summary line. */
async function imported(file: string) {
  const f = pair.target.make();
  await runRaceImport(f.factory, { file });
  return f.stdout();
}

/** What the plan's round lines add up to (as race-plan.test.ts counts them). */
function counted(plan: readonly string[]) {
  const sum = (re: RegExp) => plan.reduce((n, l) => n + Number(re.exec(l)?.[1] ?? 0), 0);
  return [sum(/send (\d+) times?\b/), sum(/set the points or ranks of (\d+)/)];
}

/** The summary line's counts of times sent and of points or ranks set. */
function summed(line: string) {
  const n = (re: RegExp) => Number(re.exec(line)?.[1]);
  return [n(/(\d+) times? sent/), n(/(\d+) points? or ranks? set/)];
}

/** A rank set by hand in a round, after its times. */
type Hand = { round: number; name: string; rank: number };

/**
 * A grand prix of `names` started, the times of each round entered by `timeOf` (and the
 * rank `hand` set by hand), ended.
 */
async function playedRace(
  c: ApiClient,
  names: readonly string[],
  rounds: number,
  timeOf: (name: string, round: number) => number,
  { pointsTable, hand }: { pointsTable?: number[]; hand?: Hand } = {},
) {
  const race = await c.races.create({
    name: "Cup GP",
    raceType: "grand prix",
    grandPrixOptions: { rounds },
    ...(pointsTable === undefined ? {} : { pointsTable }),
  });
  await c.participants.bulkAdd(
    { race: race.id },
    names.map((name) => ({ name })),
  );
  await c.races.changeState(race.id, "start");
  const people = await c.participants.listAll({ race: race.id });
  const nameOf = new Map(people.map((p) => [p.id, String(p.attributes.name)]));
  for (let n = 1; n <= rounds; n++) {
    const times = c.races.elapsedTimes(race.id, n);
    const entries = (await times.listAll()).map((t) => {
      const link = t.relationships?.participant as { data: { id: string } };
      const name = nameOf.get(link.data.id)!;
      return { elapsedTimeId: Number(t.id), time: timeOf(name, n), name };
    });
    await times.bulkUpdateAll(entries.map(({ name: _n, ...e }) => e));
    const held = entries.find((e) => hand?.round === n && e.name === hand.name);
    if (held !== undefined) await times.update(held.elapsedTimeId, { rank: hand!.rank });
    await c.races.changeState(race.id, "end_round");
  }
  return String(race.attributes.url);
}

/** Each racer's standing: name, rank, points, total time. */
async function standingsOf(c: ApiClient, url: string) {
  const all = await c.races.standings(url);
  return all.map((s) => {
    const a = s.attributes;
    return [a.name, a.rank, a.points, a.totalTime];
  });
}

/** Export, dry run, import, export again: the plan's counts, the summary, both documents. */
async function transfer(url: string) {
  const first = await exported(pair.source, url);
  const file = join(pair.source.dir, `${url}.json`);
  writeFileSync(file, JSON.stringify(first));
  const doc = await readRaceExport(await pair.source.client(), url);
  const plan = await planRaceImport(await pair.target.client(), doc);
  const summary = await imported(file);
  const second = await exported(pair.target, url);
  return { first, plan, summary, second, file };
}

it("a tie in a round: the target's ranks and points are the source's (1, 1, 3), none by hand", async () => {
  const times: Record<string, number> = { Ada: 60, Bo: 60, Cy: 61, Dee: 62, Eve: 63 };
  const url = await playedRace(
    await pair.source.client(),
    Object.keys(times),
    1,
    (name) => times[name]! * 1000,
    { pointsTable: [10, 6, 4] },
  );
  const want = [
    ["Ada", 1, 10, 60_000],
    ["Bo", 1, 10, 60_000],
    ["Cy", 3, 4, 61_000],
    ["Dee", 4, 0, 62_000],
    ["Eve", 5, 0, 63_000],
  ];
  expect(await standingsOf(await pair.source.client(), url)).toEqual(want);
  const { first, plan, summary, second, file } = await transfer(url);
  expect(comparable(second)).toEqual(comparable(first));
  expect(await standingsOf(await pair.target.client(), url)).toEqual(want);
  const ranks = second.rounds[0].times.map((t: any) => [t.participant, t.rank, t.rankGiven]);
  expect(ranks).toEqual([
    ["Ada", 1, false],
    ["Bo", 1, false],
    ["Cy", 3, false],
    ["Dee", 4, false],
    ["Eve", 5, false],
  ]);
  expect(counted(plan)).toEqual(summed(summary));
  // A re-run finds the same race: nothing to send, as its dry run says.
  expect(
    await planRaceImport(
      await pair.target.client(),
      await readRaceExport(await pair.source.client(), url),
    ),
  ).toEqual([
    "race cup_gp is there (completed): continue it",
    "round 1: the same there, nothing to send",
    "dry run: nothing was sent",
  ]);
  expect(await imported(file)).toBe(
    `${url}: found, 0 participants added, 0 times sent, 0 rounds started or finalized, 0 points or ranks set\n`,
  );
});

/** A generator of numbers in [0, 1) from `seed` (mulberry32): the same race at each run. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

it("2,000 racers, 3 rounds of random times with ties: export -> import -> export the same", async () => {
  const names = Array.from({ length: 2000 }, (_, i) => `R${String(i + 1).padStart(4, "0")}`);
  const next = random(20261127);
  // Within 1.5 s of one another to the millisecond: hundreds of ties a round.
  const url = await playedRace(await pair.source.client(), names, 3, () =>
    Math.floor(90_000 + next() * 1500),
  );
  const { first, plan, summary, second } = await transfer(url);
  const ties = first.rounds[0].times.filter(
    (t: any, _i: number, all: any[]) => all.filter((o) => o.rank === t.rank).length > 1,
  );
  expect(ties.length).toBeGreaterThan(100);
  expect(comparable(second)).toEqual(comparable(first));
  expect(await standingsOf(await pair.target.client(), url)).toEqual(
    await standingsOf(await pair.source.client(), url),
  );
  expect(second.rounds.map(byHand)).toEqual([[], [], []]);
  expect(counted(plan)).toEqual(summed(summary));
  expect(summed(summary)[0]).toBe(6000);
}, 120_000);

/** The racers of `round` ranked by hand. */
const byHand = (round: any) =>
  round.times.filter((t: any) => t.rankGiven).map((t: any) => t.participant);

it("2,000 racers, ties beside a rank set by hand, imported in two goes: the same, as each dry run said", async () => {
  const names = Array.from({ length: 2000 }, (_, i) => `R${String(i + 1).padStart(4, "0")}`);
  const next = random(7);
  const url = await playedRace(
    await pair.source.client(),
    names,
    3,
    () => Math.floor(90_000 + next() * 1500),
    { hand: { round: 2, name: "R1999", rank: 2 } },
  );
  const whole = await exported(pair.source, url);
  // An import stopped after round 1 (a file cut there), then the whole file: each dry run
  // against the target as the import then finds it.
  const cut = join(pair.source.dir, "cut.json");
  const firstRound = whole.rounds.map((r: any) =>
    r.number === 1 ? r : { ...r, state: "pending" },
  );
  const cutDoc = { ...whole, rounds: firstRound };
  writeFileSync(cut, JSON.stringify(cutDoc));
  const target = await pair.target.client();
  const cutPlan = await planRaceImport(target, cutDoc);
  expect(counted(cutPlan)).toEqual(summed(await imported(cut)));
  const { first, plan, summary, second } = await transfer(url);
  expect(comparable(second)).toEqual(comparable(first));
  expect(counted(plan)).toEqual(summed(summary));
  expect(summed(summary)[0]).toBe(4000);
  expect(second.rounds.map(byHand)).toEqual([[], ["R1999"], []]);
  // 2nd is R1999's alone, whoever ties with it or with the racers around it.
  expect(
    second.rounds[1].times.filter((t: any) => t.rank === 2).map((t: any) => t.participant),
  ).toEqual(["R1999"]);
  expect(await standingsOf(target, url)).toEqual(
    await standingsOf(await pair.source.client(), url),
  );
}, 120_000);
