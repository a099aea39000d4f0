/**
 * export → import → export of an underway tournament with station_options.auto_assign: the
 * target's own auto-assignment places matches as each station is made, so the replay moves
 * a match queued elsewhere to the file's station and position rather than queuing it twice
 * (before, "match N is already queued at station M", exit 5 on every run). A run again
 * sends nothing and keeps the same document.
 */
import { writeFileSync } from "node:fs";
import { expect, it } from "vitest";
import { runTournamentImport } from "../../../src/cli/commands/tournament/import.js";
import { readExport } from "../../../src/cli/transfer/export-reader.js";
import { replayStations } from "../../../src/cli/transfer/station-replay.js";
import type { Transport } from "../../../src/client/transport.js";
import { useTransferPair } from "../../helpers/transfer-pair.js";
import { underway } from "./auto-assign-fixture.js";
import { comparable, exported } from "./export-check.js";

const pair = useTransferPair();

async function importTwice(url: string) {
  const first = await exported(pair.source, url);
  const file = `${pair.source.dir}/${url}.json`;
  writeFileSync(file, JSON.stringify(first));
  await runTournamentImport(pair.target.make().factory, { file });
  expect(comparable(await exported(pair.target, url))).toEqual(comparable(first));
  const again = pair.target.make();
  await runTournamentImport(again.factory, { file });
  expect(again.stdout()).toMatch(/already/);
  expect(comparable(await exported(pair.target, url))).toEqual(comparable(first));
  return first;
}

it("two stations: each ends with the file's match and queue, and a run again continues", async () => {
  await underway(await pair.source.client(), "auto", ["S1", "S2"]);
  const first = await importTwice("auto");
  // The file queues D's match at S2; the target's auto-assign queued it at S1.
  expect(
    first.stations.map((s: { name: string; queue: string[] }) => [s.name, s.queue.length]),
  ).toEqual([
    ["S1", 0],
    ["S2", 1],
  ]);
});

it("queues reordered by hand, 24 players on three stations", async () => {
  const c = await pair.source.client();
  await underway(c, "three", ["S1", "S2", "S3"], 24);
  // Each queue's first match to its end: an order the target's auto-assign does not make.
  for (const station of await c.stations.of("three").listAll()) {
    const queue = await c.stations.queuers("three", station.id).listAll();
    if (queue.length > 1)
      await c.stations
        .queuers("three", station.id)
        .update(queue[0]!.id, { position: queue.length });
  }
  const first = await importTwice("three");
  expect(first.stations.some((s: { queue: string[] }) => s.queue.length > 1)).toBe(true);
});

it("a station the file has free while the other holds the last open match", async () => {
  const c = await pair.source.client();
  await underway(c, "free", ["S1", "S2"], 4);
  const first = await importTwice("free");
  expect(first.matches.filter((m: { station: string | null }) => m.station !== null).length).toBe(
    1,
  );
});

it("a run killed while auto_assign was off: a run again puts it back", async () => {
  await underway(await pair.source.client(), "killed", ["S1", "S2"]);
  const first = await importTwice("killed");
  // As a run killed between its two settings requests leaves the target.
  await (await pair.target.client()).tournaments.update("killed", {
    station_options: { auto_assign: false },
  });
  await runTournamentImport(pair.target.make().factory, {
    file: `${pair.source.dir}/killed.json`,
  });
  expect(comparable(await exported(pair.target, "killed"))).toEqual(comparable(first));
});

it("a service without stations (404): nothing of them is sent, auto_assign not touched", async () => {
  await underway(await pair.source.client(), "none", ["S1", "S2"]);
  const doc = await readExport(await pair.source.client(), "none");
  const target = await pair.target.client();
  await target.tournaments.create({
    name: doc.tournament.name,
    url: "none",
    tournament_type: "single elimination",
    station_options: { auto_assign: false },
  });
  const writes: string[] = [];
  const t = pair.target.make({
    transport: (shared): Transport => ({
      send: async (request) => {
        if (/\/stations/.test(request.path))
          return {
            status: 404,
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ errors: [{ status: 404, detail: "Not Found" }] }),
          };
        if (request.method !== "GET") writes.push(`${request.method} ${request.path}`);
        return shared.send(request);
      },
      close: () => shared.close(),
    }),
  });
  expect(await replayStations(await t.factory.client(), doc)).toBe(0);
  expect(writes).toEqual([]);
});
