/**
 * `tournament publish --to` a `tourney serve` of an underway tournament with
 * station_options.auto_assign: the served target ends with the file's stations and queues,
 * and a run again sends nothing. Before, every run stopped (exit 5): "match 4 is already
 * queued at station 1", the served target's auto-assign having queued it elsewhere.
 */
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { runBinary } from "../../helpers/binary.js";
import { makeTestFactory } from "../../helpers/factory.js";
import { exportedFrom, type ServedSandbox, servedSandbox } from "../../helpers/remote-profile.js";
import { underway } from "./auto-assign-fixture.js";
import { comparable } from "./export-check.js";

let sandbox: ServedSandbox;
beforeAll(async () => {
  sandbox = await servedSandbox("auto-assign");
}, 60_000);
afterAll(async () => sandbox.close());

it("publish of an underway auto-assigned tournament: the file's queues, a run again sends nothing", async () => {
  const local = makeTestFactory({ env: sandbox.local, homeDir: join(sandbox.dir, "home") });
  await underway(await local.factory.client(), "auto", ["S1", "S2"]);
  await local.factory.close();
  const first = await runBinary(["tournament", "publish", "auto", "--to", "lan"], sandbox.local);
  expect(first.code, first.stderr).toBe(0);
  const here = await exportedFrom(sandbox, false, "auto");
  expect(here.stations.map((s: { queue: string[] }) => s.queue.length)).toEqual([0, 1]);
  expect(comparable(await exportedFrom(sandbox, true, "auto"))).toEqual(comparable(here));
  const again = await runBinary(
    ["tournament", "publish", "auto", "--to", "lan", "--json"],
    sandbox.local,
  );
  expect(again.code, again.stderr).toBe(0);
  expect(JSON.parse(again.stdout)).toMatchObject({ created: false, reported: 0, stations: 0 });
  expect(comparable(await exportedFrom(sandbox, true, "auto"))).toEqual(comparable(here));
}, 120_000);
