/**
 * A participant or racer renamed only in letter case in the file's event since the target got
 * it ("Dee" to "DEE": the same name to the service, which compares names without ASCII case,
 * model/participant-name.ts): the import renames them on the target like any other rename, and
 * a re-run sends nothing. Before, the name counted as there, no rename was looked for, and the
 * import stopped (exit 5): "the target's tournament de_cup has started without DEE", the
 * target's Dee named as one the file does not have; a race alike (Grace to GRACE).
 */
import { expect, it } from "vitest";
import { readExport } from "../../../src/cli/transfer/export-reader.js";
import { planImport } from "../../../src/cli/transfer/import-plan.js";
import { importExport, summaryLine } from "../../../src/cli/transfer/importer.js";
import { readRaceExport } from "../../../src/cli/transfer/race-export-reader.js";
import { importRace, raceSummaryLine } from "../../../src/cli/transfer/race-importer.js";
import { planRaceImport } from "../../../src/cli/transfer/race-plan.js";
import type { ApiClient } from "../../../src/client/api-client.js";
import { useTransferPair } from "../../helpers/transfer-pair.js";
import { comparable } from "./export-check.js";

const pair = useTransferPair();

async function renameIn(c: ApiClient, owner: string | { race: string }, from: string, to: string) {
  const p = (await c.participants.listAll(owner)).find((r) => r.attributes.name === from)!;
  await c.participants.update(owner, p.id, { name: to });
}

it("a double elimination's Dee renamed DEE: renamed there too, the results follow", async () => {
  const [source, target] = [await pair.source.client(), await pair.target.client()];
  await source.tournaments.create({
    name: "DE Cup",
    url: "de_cup",
    tournament_type: "double elimination",
  });
  await source.participants.bulkAdd(
    "de_cup",
    ["Ann", "Bob", "Cy", "Dee"].map((name) => ({ name })),
  );
  await source.tournaments.changeState("de_cup", "start");
  await importExport(target, await readExport(source, "de_cup"));
  await renameIn(source, "de_cup", "Dee", "DEE");
  const a = (await source.matches.listAll("de_cup")).find((m) => m.attributes.identifier === "A")!;
  await source.matches.update("de_cup", a.id, {
    match: [
      { participant_id: Number(a.attributes.player1_id), score_set: "2", advancing: true },
      { participant_id: Number(a.attributes.player2_id), score_set: "0", advancing: false },
    ],
  });
  const doc = await readExport(source, "de_cup");
  expect(await planImport(target, doc)).toContain("rename 1 participant: Dee to DEE");
  expect(summaryLine(await importExport(target, doc))).toBe(
    "de_cup: found, 0 participants added, 1 result sent, 0 already there; also sent: 1 participant renamed\n",
  );
  expect(comparable(await readExport(target, "de_cup"))).toEqual(comparable(doc));
  expect((await importExport(target, doc)).renamed).toBe(0);
});

it("a racer's Grace renamed GRACE: renamed there too, the times follow", async () => {
  const [source, target] = [await pair.source.client(), await pair.target.client()];
  const race = await source.races.create({
    name: "Case GP",
    raceType: "grand prix",
    grandPrixOptions: { rounds: 2 },
  });
  await source.participants.bulkAdd({ race: race.id }, [{ name: "Ada" }, { name: "Grace" }]);
  await source.races.changeState(race.id, "start");
  await importRace(target, await readRaceExport(source, "case_gp"));
  await renameIn(source, { race: race.id }, "Grace", "GRACE");
  const times = source.races.elapsedTimes(race.id, 1);
  const [first] = await times.listAll();
  await times.bulkUpdate([{ elapsedTimeId: Number(first!.id), time: 61_000 }]);
  const doc = await readRaceExport(source, "case_gp");
  expect(await planRaceImport(target, doc)).toContain("rename 1 participant: Grace to GRACE");
  expect(raceSummaryLine(await importRace(target, doc))).toBe(
    "case_gp: found, 0 participants added, 1 time sent, 0 rounds started or finalized, 0 points or ranks set, 1 participant renamed\n",
  );
  const names = (
    await target.participants.listAll({ race: (await target.races.get("case_gp")).id })
  )
    .map((p) => p.attributes.name)
    .sort();
  expect(names).toEqual(["Ada", "GRACE"]);
  expect((await importRace(target, doc)).renamed).toBe(0);
});
