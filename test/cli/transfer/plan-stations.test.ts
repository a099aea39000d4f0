/**
 * `publish --dry-run` lists the stations' steps the run then sends, from the run's own
 * decisions (station-steps.ts): a match taken off another station, a match put back on a
 * station there without it, a station freed as the file's is. Before, the plan only counted
 * the stations to make: for a target whose stations were changed by hand it listed nothing
 * of them, and the publish then sent four station updates.
 */
import { expect, it } from "vitest";
import { planImport } from "../../../src/cli/transfer/import-plan.js";
import { importExport } from "../../../src/cli/transfer/importer.js";
import { type ExportedMatch, matchKey } from "../../../src/model/tournament-export.js";
import { useTransferPair } from "../../helpers/transfer-pair.js";
import { comparable, exported } from "./export-check.js";
import { planThenImport } from "./plan-then-import.js";
import { FORMATS, playedTournament } from "./play-fixture.js";

const pair = useTransferPair();

it("stations changed by hand on the target: the dry run names each step the run sends", async () => {
  const c = await pair.source.client();
  await playedTournament(c, "st", FORMATS[0]!, 1);
  const open = await c.matches.listAll("st", { state: "open" });
  await c.stations.of("st").create({ name: "Table 1", match_id: Number(open[0]!.id) });
  await c.stations.of("st").create({ name: "Table 2", match_id: Number(open[1]!.id) });
  await c.stations.of("st").create({ name: "Table 3" });
  const doc = await exported(pair.source, "st");
  const target = await pair.target.client();
  await importExport(target, doc);
  const stations = target.stations.of("st");
  const [t1, t2, t3] = await stations.listAll();
  const a = t1!.attributes.match_id;
  await stations.update(t1!.id, { match_id: null });
  await stations.update(t2!.id, { match_id: a });
  const spare = (await target.matches.listAll("st", { state: "open" })).find(
    (m) => Number(m.id) !== a && Number(m.id) !== t2!.attributes.match_id,
  );
  await stations.update(t3!.id, { match_id: Number(spare!.id) });
  const at = (name: string) =>
    matchKey(doc.matches.find((m: ExportedMatch) => m.station === name)!);

  const r = await planThenImport(pair, doc);
  expect(r.plan.slice(2, -1)).toEqual([
    `take match ${at("Table 1")} off station Table 2 (the file holds it at Table 1)`,
    `put match ${at("Table 1")} back on station Table 1, there without it`,
    `put match ${at("Table 2")} back on station Table 2, there without it`,
    "free station Table 3, as the file's is",
  ]);
  expect(r.error).toBeUndefined();
  expect(r.writes).toEqual([
    `PUT /v2.1/tournaments/st/stations/${t2!.id}`,
    `PUT /v2.1/tournaments/st/stations/${t1!.id}`,
    `PUT /v2.1/tournaments/st/stations/${t2!.id}`,
    `PUT /v2.1/tournaments/st/stations/${t3!.id}`,
  ]);
  expect(comparable(await exported(pair.target, "st"))).toEqual(comparable(doc));
  expect(await planImport(target, doc)).toEqual([
    "tournament st is there (underway): continue it",
    expect.stringMatching(/^report 0 results \(\d+ already there\)$/),
    "dry run: nothing was sent",
  ]);
});
