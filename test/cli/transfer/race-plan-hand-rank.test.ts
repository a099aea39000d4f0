/**
 * `race publish --dry-run` (race-plan.ts) predicts the ranks of a round with a rank set by
 * hand as the service gives them (race-changes.ts, with the service's own rule,
 * model/race-rank.ts), and the import sets by hand only the ranks the file's race had so
 * (`rankGiven`). Before, the plan took every rank against its time's order as set by hand,
 * the racers filling around a hand-set rank too, and predicted points or ranks to set that
 * the import did not send; and the import set by hand every rank that differed, two tied
 * racers at one rank among them, which the service now refuses.
 */
import { expect, it } from "vitest";
import { participantOf, readRaceExport } from "../../../src/cli/transfer/race-export-reader.js";
import { importRace } from "../../../src/cli/transfer/race-importer.js";
import { planRaceImport } from "../../../src/cli/transfer/race-plan.js";
import type { ApiClient } from "../../../src/client/api-client.js";
import { useTransferPair } from "../../helpers/transfer-pair.js";

const pair = useTransferPair();
const NAMES = ["Ann", "Bob", "Cy", "Dee"];

/** A one-round grand prix of Ann, Bob, Cy and Dee, started; its id and its round's times by name. */
async function started(c: ApiClient) {
  const race = await c.races.create({
    name: "Hand GP",
    raceType: "grand prix",
    grandPrixOptions: { rounds: 1 },
  });
  await c.participants.bulkAdd(
    { race: race.id },
    NAMES.map((name) => ({ name })),
  );
  await c.races.changeState(race.id, "start");
  const people = await c.participants.listAll({ race: race.id });
  const names = new Map(people.map((p) => [p.id, String(p.attributes.name)]));
  const times = c.races.elapsedTimes(race.id, 1);
  const ids = new Map(
    (await times.listAll()).map((t) => [
      names.get(String(participantOf(t, new Map())))!,
      Number(t.id),
    ]),
  );
  const set = (entries: Record<string, { time: number | null; rank?: number }>) =>
    times.bulkUpdate(
      Object.entries(entries).map(([name, e]) => ({ elapsedTimeId: ids.get(name)!, ...e })),
    );
  return { race, set };
}

/** Each racer's rank and whether it was set by hand, as `client` holds round 1. */
async function ranksOf(c: ApiClient) {
  const doc = await readRaceExport(c, "hand_gp");
  return Object.fromEntries(
    doc.rounds[0]!.times.map((t) => [t.participant, [t.rank, t.rankGiven, t.points]]),
  );
}

/** The plan's round line, then the import's summary; the target's round after it. */
async function planThenImport() {
  const doc = await readRaceExport(await pair.source.client(), "hand_gp");
  const target = await pair.target.client();
  const plan = await planRaceImport(target, doc);
  const summary = await importRace(target, doc);
  return {
    plan,
    summary,
    after: await ranksOf(target),
    want: await ranksOf(await pair.source.client()),
  };
}

it("a target round with a hand-set rank: the plan's ranks are the service's, as the import finds", async () => {
  const source = await started(await pair.source.client());
  await source.set({
    Ann: { time: 60_000, rank: 3 },
    Bob: { time: 61_000 },
    Cy: { time: 62_000 },
    Dee: { time: 59_000 },
  });
  // The target went as far as Dee's time: Ann set 3rd by hand there too, Bob and Cy 1st, 2nd.
  const target = await started(await pair.target.client());
  await target.set({ Ann: { time: 60_000, rank: 3 }, Bob: { time: 61_000 }, Cy: { time: 62_000 } });
  const { plan, summary, after, want } = await planThenImport();
  // Dee's time goes in; Bob and Cy fill around Ann's 3rd (2nd and 4th) by the rule, as in the
  // file: nothing to set by hand. Before: "set the points or ranks of 2: Bob, Cy", Bob's and
  // Cy's ranks taken as set by hand and predicted to stay 1st and 2nd.
  expect(plan).toEqual([
    "race hand_gp is there (underway): continue it",
    "round 1: send 1 time",
    "dry run: nothing was sent",
  ]);
  expect(summary).toMatchObject({ times: 1, adjusted: 0 });
  expect(after).toEqual(want);
  expect(after).toEqual({
    Ann: [3, true, null],
    Bob: [2, false, null],
    Cy: [4, false, null],
    Dee: [1, false, null],
  });
});

it("a finalized round with a tie beside a hand-set rank: the import sets only that rank by hand", async () => {
  const c = await pair.source.client();
  const source = await started(c);
  await source.set({
    Ann: { time: 62_000, rank: 1 },
    Bob: { time: 60_000 },
    Cy: { time: 60_000 },
    Dee: { time: 63_000 },
  });
  await c.races.changeState(source.race.id, "end_round");
  const { plan, summary, after, want } = await planThenImport();
  // Ann's rank by hand, and every racer's table points. Before, Bob's and Cy's shared 2nd
  // was sent as set by hand for both, which the service refuses (one rank, one racer).
  expect(plan).toEqual([
    "create race hand_gp (Hand GP, grand prix)",
    "add 4 participants: Ann, Bob, Cy, Dee",
    "start",
    "round 1: send 4 times, set the points or ranks of 4: Ann, Bob, Cy, Dee, finalize",
    "dry run: nothing was sent",
  ]);
  expect(summary).toMatchObject({ times: 4, adjusted: 4 });
  expect(want).toEqual({
    Ann: [1, true, 25],
    Bob: [2, false, 18],
    Cy: [2, false, 18],
    Dee: [4, false, 12],
  });
  expect(after).toEqual(want);
  expect(
    await planRaceImport(await pair.target.client(), await readRaceExport(c, "hand_gp")),
  ).toEqual([
    "race hand_gp is there (completed): continue it",
    "round 1: the same there, nothing to send",
    "dry run: nothing was sent",
  ]);
});

it("scores in more than one request: a rank the target holds by hand until a later one is cleared first", async () => {
  const names = [
    ...Array.from({ length: 24 }, (_, i) => `R${String(i + 1).padStart(2, "0")}`),
    "Zed",
  ];
  const make = async (c: ApiClient, holder: string) => {
    const race = await c.races.create({
      name: "Hand GP",
      raceType: "grand prix",
      grandPrixOptions: { rounds: 1 },
      // Points down to 25th: every line of the finalized round has some, so the scores go
      // in two requests.
      pointsTable: names.map((_, i) => 25 - i),
    });
    await c.participants.bulkAdd(
      { race: race.id },
      names.map((name) => ({ name })),
    );
    await c.races.changeState(race.id, "start");
    const people = new Map(
      (await c.participants.listAll({ race: race.id })).map((p) => [
        p.id,
        String(p.attributes.name),
      ]),
    );
    const times = c.races.elapsedTimes(race.id, 1);
    const records = await times.listAll();
    const nameOf = (t: (typeof records)[number]) =>
      people.get(String(participantOf(t, new Map())))!;
    await times.bulkUpdateAll(
      records.map((t) => ({
        elapsedTimeId: Number(t.id),
        time: 60_000 + names.indexOf(nameOf(t)) * 1000,
      })),
    );
    const held = records.find((t) => nameOf(t) === holder)!;
    await times.update(held.id, { rank: 2 });
    return race;
  };
  const source = await pair.source.client();
  const race = await make(source, "R01");
  await source.races.changeState(race.id, "end_round");
  // The target holds 2nd by hand for Zed, whose line is the file's last: its request comes
  // after R01's, which gives 2nd to R01. Before, that first request was refused (422).
  await make(await pair.target.client(), "Zed");
  const { plan, summary, after, want } = await planThenImport();
  expect(summary).toMatchObject({ times: 0, adjusted: 25 });
  expect(counted(plan)).toMatchObject({ times: 0, adjusted: 25 });
  expect(after).toEqual(want);
  expect(after.R01).toEqual([2, true, 24]);
  expect(after.Zed).toEqual([25, false, 1]);
});

/** What the plan's round lines add up to (race-plan.test.ts counts them so too). */
function counted(plan: readonly string[]) {
  const sum = (re: RegExp) => plan.reduce((n, l) => n + Number(re.exec(l)?.[1] ?? 0), 0);
  return { times: sum(/send (\d+) times?\b/), adjusted: sum(/set the points or ranks of (\d+)/) };
}
