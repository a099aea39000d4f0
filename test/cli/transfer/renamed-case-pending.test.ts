/**
 * A participant named in another letter case in the file than on a target not started yet
 * (the file's EVE, the target's Eve: one name to the service, which compares names without
 * ASCII case, model/participant-name.ts): the import renames them there to the file's
 * spelling, as it does on a started target (renamed-case.test.ts), and a re-run sends nothing.
 * Before, it added EVE and the service refused it, "already taken" (exit 5), for a file not
 * started; for a started one the roster check counted Eve as one the file does not have and
 * refused the import ("another bracket than the file's"). A refusal still sends nothing, the
 * rename included. A race not started alike (the file's GRACE, the target's Grace).
 */
import { expect, it } from "vitest";
import { outcomeOf } from "../../../src/cli/exit-codes.js";
import { readExport } from "../../../src/cli/transfer/export-reader.js";
import { importExport, summaryLine } from "../../../src/cli/transfer/importer.js";
import { readRaceExport } from "../../../src/cli/transfer/race-export-reader.js";
import { importRace, raceSummaryLine } from "../../../src/cli/transfer/race-importer.js";
import { planRaceImport } from "../../../src/cli/transfer/race-plan.js";
import type { ApiClient } from "../../../src/client/api-client.js";
import { useTransferPair } from "../../helpers/transfer-pair.js";
import { comparable } from "./export-check.js";
import { planThenImport } from "./plan-then-import.js";

const pair = useTransferPair();
const NAMES = ["Ann", "Bob", "Cy", "Eve"];

/** The source's cup: `names` in order, imported into the target as they were, then Eve is EVE. */
async function cupWithEveRenamed(targetNames: readonly string[] = NAMES) {
  const [source, target] = [await pair.source.client(), await pair.target.client()];
  for (const [c, names] of [
    [source, NAMES],
    [target, targetNames],
  ] as const) {
    await c.tournaments.create({ name: "Cup", url: "cup", tournament_type: "single elimination" });
    await c.participants.bulkAdd(
      "cup",
      names.map((name) => ({ name })),
    );
  }
  const eve = (await source.participants.listAll("cup")).find((r) => r.attributes.name === "Eve")!;
  await source.participants.update("cup", eve.id, { name: "EVE" });
  return { source, target };
}

const namesOn = async (c: ApiClient) =>
  (await c.participants.listAll("cup")).map((p) => [p.attributes.seed, p.attributes.name]);

it("a file not started: Eve renamed EVE there, nothing added, a re-run sends nothing", async () => {
  const { source, target } = await cupWithEveRenamed();
  const doc = await readExport(source, "cup");
  const r = await planThenImport(pair, doc);
  expect(r.plan).toContain("rename 1 participant: Eve to EVE");
  expect(r.plan.filter((l) => l.startsWith("add "))).toEqual([]);
  expect(r.error).toBeUndefined();
  expect(r.writes).toEqual(["PUT /v2.1/tournaments/cup/participants/4"]);
  expect(await namesOn(target)).toEqual([
    [1, "Ann"],
    [2, "Bob"],
    [3, "Cy"],
    [4, "EVE"],
  ]);
  const again = await planThenImport(pair, doc);
  expect(again.plan).not.toContain("rename 1 participant: Eve to EVE");
  expect([again.error, again.writes]).toEqual([undefined, []]);
});

it("a started file: renamed, then started and its result replayed", async () => {
  const { source, target } = await cupWithEveRenamed();
  await source.tournaments.changeState("cup", "start");
  const a = (await source.matches.listAll("cup")).find((m) => m.attributes.identifier === "A")!;
  await source.matches.update("cup", a.id, {
    match: [
      { participant_id: Number(a.attributes.player1_id), score_set: "2", advancing: true },
      { participant_id: Number(a.attributes.player2_id), score_set: "0", advancing: false },
    ],
  });
  const doc = await readExport(source, "cup");
  const r = await planThenImport(pair, doc);
  expect(r.plan.filter((l) => l.startsWith("stop"))).toEqual([]);
  expect(r.plan).toContain("rename 1 participant: Eve to EVE");
  expect(r.error).toBeUndefined();
  expect(comparable(await readExport(target, "cup"))).toEqual(comparable(doc));
  expect(summaryLine(await importExport(target, doc))).toBe(
    "cup: found, 0 participants added, 0 results sent, 1 already there\n",
  );
});

it("a target that would start with another bracket: refused, Eve not renamed", async () => {
  const { source, target } = await cupWithEveRenamed(["Bob", "Ann", "Cy", "Eve"]);
  await source.tournaments.changeState("cup", "start");
  const r = await planThenImport(pair, await readExport(source, "cup"));
  expect(r.plan.at(-2)).toBe(
    "stop: the target's tournament cup has not started and would start with another bracket than the file's: its participants or seeds differ (target: seed 1 Bob, seed 2 Ann; file: seed 1 Ann, seed 2 Bob); the publish would send nothing (exit 5)",
  );
  expect(outcomeOf(r.error).code).toBe(5);
  expect(r.writes).toEqual([]);
  expect((await namesOn(target)).map(([, name]) => name)).toEqual(["Bob", "Ann", "Cy", "Eve"]);
});

it("a race not started: Grace renamed GRACE there, nothing added, a re-run sends nothing", async () => {
  const [source, target] = [await pair.source.client(), await pair.target.client()];
  const race = await source.races.create({
    name: "Case GP",
    raceType: "grand prix",
    grandPrixOptions: { rounds: 2 },
  });
  await source.participants.bulkAdd({ race: race.id }, [{ name: "Ada" }, { name: "Grace" }]);
  await importRace(target, await readRaceExport(source, "case_gp"));
  const grace = (await source.participants.listAll({ race: race.id })).find(
    (p) => p.attributes.name === "Grace",
  )!;
  await source.participants.update({ race: race.id }, grace.id, { name: "GRACE" });
  const doc = await readRaceExport(source, "case_gp");
  const plan = await planRaceImport(target, doc);
  expect(plan).toContain("rename 1 participant: Grace to GRACE");
  expect(plan.filter((l) => l.startsWith("add "))).toEqual([]);
  expect(raceSummaryLine(await importRace(target, doc))).toBe(
    "case_gp: found, 0 participants added, 0 times sent, 0 rounds started or finalized, 0 points or ranks set, 1 participant renamed\n",
  );
  const there = await target.races.get("case_gp");
  const names = (await target.participants.listAll({ race: there.id })).map(
    (p) => p.attributes.name,
  );
  expect(names.sort()).toEqual(["Ada", "GRACE"]);
  expect((await importRace(target, doc)).renamed).toBe(0);
});
