/**
 * A run again after the target's stations were changed by hand: a match the file holds at
 * one station that another station of the target holds is taken from it (freed first, then
 * given its own match), and a station the file has free is freed. Before, the run stopped:
 * "match ... is already at station Table 2" (exit 5), and a station free in the file kept
 * the match the target gave it.
 */
import { writeFileSync } from "node:fs";
import { expect, it } from "vitest";
import { runTournamentImport } from "../../../src/cli/commands/tournament/import.js";
import { useTransferPair } from "../../helpers/transfer-pair.js";
import { comparable, exported } from "./export-check.js";
import { FORMATS, playedTournament } from "./play-fixture.js";

const pair = useTransferPair();

it("stations swapped and a free one given a match on the target: a run again puts back the file's", async () => {
  const c = await pair.source.client();
  await playedTournament(c, "swap", FORMATS[0]!, 1);
  const open = await c.matches.listAll("swap", { state: "open" });
  expect(open.length).toBeGreaterThan(2);
  await c.stations.of("swap").create({ name: "Table 1", match_id: Number(open[0]!.id) });
  await c.stations.of("swap").create({ name: "Table 2", match_id: Number(open[1]!.id) });
  await c.stations.of("swap").create({ name: "Table 3" });
  const first = await exported(pair.source, "swap");
  const file = `${pair.source.dir}/swap.json`;
  writeFileSync(file, JSON.stringify(first));
  await runTournamentImport(pair.target.make().factory, { file });
  expect(comparable(await exported(pair.target, "swap"))).toEqual(comparable(first));

  const target = await pair.target.client();
  const stations = target.stations.of("swap");
  const [t1, t2, t3] = await stations.listAll();
  const [a, b] = [t1!.attributes.match_id, t2!.attributes.match_id];
  await stations.update(t1!.id, { match_id: null });
  await stations.update(t2!.id, { match_id: a });
  await stations.update(t1!.id, { match_id: b });
  const spare = (await target.matches.listAll("swap", { state: "open" })).find(
    (m) => Number(m.id) !== a && Number(m.id) !== b,
  );
  await stations.update(t3!.id, { match_id: Number(spare!.id) });
  expect(comparable(await exported(pair.target, "swap"))).not.toEqual(comparable(first));

  const again = pair.target.make();
  await runTournamentImport(again.factory, { file });
  expect(comparable(await exported(pair.target, "swap"))).toEqual(comparable(first));
});
