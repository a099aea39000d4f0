/**
 * A station's queue on services that answer 404 where serve answers a list: the hosted
 * service publishes no stations (every /stations path is 404, as the Prism mock of the
 * description answers), and a service may answer a station's empty queue 404. Before,
 * `station queue list` (alias `queuers`), `queue remove|move`, `tournament export` and
 * `import` (publish) stopped on that 404 with the service's text (exit 3 even for an empty
 * queue); now an empty queue is empty, and a station that is not there is named as missing
 * (exit 3). `station list` on a service without stations lists none and says why (exit 0),
 * and `station view ID` of a station that is not there names the ones there (exit 3), as
 * do `station update|assign|unassign ID` and `station queue add TOURNAMENT ID MATCH`.
 * The embedded service on in-memory SQLite, its answers changed at the transport.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runStationAssign } from "../../src/cli/commands/station/assign.js";
import { runStationCreate } from "../../src/cli/commands/station/create.js";
import { runStationList } from "../../src/cli/commands/station/list.js";
import { runQueueAdd } from "../../src/cli/commands/station/queue/add.js";
import { runQueueList } from "../../src/cli/commands/station/queue/list.js";
import { runQueueRemove } from "../../src/cli/commands/station/queue/remove.js";
import { runStationUnassign } from "../../src/cli/commands/station/unassign.js";
import { runStationUpdate } from "../../src/cli/commands/station/update.js";
import { runStationView } from "../../src/cli/commands/station/view.js";
import { runTournamentExport } from "../../src/cli/commands/tournament/export.js";
import { runTournamentImport } from "../../src/cli/commands/tournament/import.js";
import { UnknownReferenceError } from "../../src/cli/errors.js";
import { outcomeOf } from "../../src/cli/exit-codes.js";
import { planImport } from "../../src/cli/transfer/import-plan.js";
import type { ApiClient } from "../../src/client/api-client.js";
import { NotFoundError } from "../../src/client/errors.js";
import type { Transport, TransportRequest } from "../../src/client/transport.js";
import { createFactoryHarness, type FactoryHarness, type TestFactory } from "../helpers/factory.js";

let h: FactoryHarness;
let client: ApiClient;
let table: string;
beforeEach(async () => {
  h = createFactoryHarness();
  client = await h.client();
  await client.tournaments.create({ name: "Cup", tournament_type: "single elimination" });
  await client.participants.bulkAdd(
    "cup",
    ["P1", "P2", "P3", "P4"].map((name) => ({ name })),
  );
  await client.tournaments.changeState("cup", "start");
  table = (await client.stations.of("cup").create({ name: "Table 1" })).id;
});
afterEach(() => h.cleanup());

const NOT_FOUND = {
  status: 404,
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ errors: [{ status: 404, detail: "Not Found" }] }),
};

/** A Factory whose service answers 404 where `refused` says, serve's answer otherwise. */
function answering404(
  refused: (request: TransportRequest, answer: unknown) => boolean,
  json = true,
) {
  const requests: string[] = [];
  const t = h.make({
    globals: { json },
    transport: (shared): Transport => ({
      send: async (request) => {
        requests.push(`${request.method} ${request.path.replace(/\?.*/, "")}`);
        const answer = await shared.send(request);
        const json = answer.json ?? (answer.body === "" ? undefined : JSON.parse(answer.body));
        return refused(request, json) ? NOT_FOUND : answer;
      },
      close: () => shared.close(),
    }),
  });
  return { ...t, requests };
}

/** A service answering a station's empty queue 404. */
const emptyQueue404 = (request: TransportRequest, answer: unknown) =>
  request.method === "GET" &&
  /\/station_queuers(\.json)?(\?|$)/.test(request.path) &&
  (answer as { data?: unknown[] }).data?.length === 0;

/** A service without stations: every path under /stations is 404 (the hosted service). */
const noStations = (request: TransportRequest) => /\/stations(\/|\.json|\?|$)/.test(request.path);

/** The four verbs that write to a station given by id, each through `f`. */
function stationWrites(f: TestFactory["factory"], station: string) {
  const tournament = "cup";
  return {
    "station update": () =>
      runStationUpdate(f, { tournament, station, attributes: { name: "Main stage" } }),
    "station assign": () => runStationAssign(f, { tournament, station, match: "A" }),
    "station unassign": () => runStationUnassign(f, { tournament, station }),
    "station queue add": () => runQueueAdd(f, { tournament, station, match: "A" }),
  };
}

async function failure(run: Promise<unknown>) {
  const error = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeDefined();
  return { error, ...outcomeOf(error) };
}

describe("a station's empty queue answered 404", () => {
  it("station queue list: an empty list, not an error", async () => {
    const t = answering404(emptyQueue404);
    await runQueueList(t.factory, { tournament: "cup", station: "Table 1" });
    expect(t.json()).toEqual([]);
    expect(t.requests).toContain(`GET /v2.1/tournaments/cup/stations/${table}/station_queuers`);
    await runQueueList(t.factory, { tournament: "cup", station: table });
    expect(t.json()).toEqual([]);
  });

  it("a queue with entries is listed as before", async () => {
    const a = (await client.matches.listAll("cup")).find((m) => m.attributes.identifier === "A")!;
    await client.stations.queuers("cup", table).create({ match_id: Number(a.id) });
    const t = answering404(emptyQueue404);
    await runQueueList(t.factory, { tournament: "cup", station: "Table 1" });
    expect(t.json()).toMatchObject([{ match_id: Number(a.id), position: 1 }]);
  });

  it("a station that is not there: exit 3 naming it and the tournament's stations", async () => {
    const t = answering404(emptyQueue404);
    const missing = String(Number(table) + 10);
    const r = await failure(runQueueList(t.factory, { tournament: "cup", station: missing }));
    expect(r.error).toBeInstanceOf(UnknownReferenceError);
    expect(r.code).toBe(3);
    expect(r.lines.join("\n")).toBe(
      `error: no station "${missing}" in tournament cup: its stations are "Table 1"; \`tourney station create cup NAME\` adds one`,
    );
    expect(t.stdout()).toBe("");
  });

  it("queue remove of a match not queued: exit 3, not queued, nothing sent", async () => {
    const t = answering404(emptyQueue404);
    const r = await failure(
      runQueueRemove(t.factory, { tournament: "cup", station: "Table 1", match: "A" }),
    );
    expect(r.code).toBe(3);
    expect(r.lines.join("\n")).toContain("match A is not in the queue of station Table 1");
    expect(t.requests.filter((x) => x.startsWith("DELETE"))).toEqual([]);
  });

  it("station view of an id that is not there: exit 3 naming the tournament's stations", async () => {
    const t = answering404(emptyQueue404);
    const missing = String(Number(table) + 10);
    const r = await failure(runStationView(t.factory, { tournament: "cup", station: missing }));
    expect(r.error).toBeInstanceOf(UnknownReferenceError);
    expect(r.lines.join("\n")).toBe(
      `error: no station "${missing}" in tournament cup: its stations are "Table 1"; \`tourney station create cup NAME\` adds one`,
    );
    expect(r.code).toBe(3);
  });

  it("station update|assign|unassign and queue add of an id that is not there: exit 3 naming the tournament's stations", async () => {
    const missing = String(Number(table) + 10);
    const t = answering404(emptyQueue404);
    for (const [verb, run] of Object.entries(stationWrites(t.factory, missing))) {
      const r = await failure(run());
      expect(r.error, verb).toBeInstanceOf(UnknownReferenceError);
      expect(r.lines.join("\n"), verb).toBe(
        `error: no station "${missing}" in tournament cup: its stations are "Table 1"; \`tourney station create cup NAME\` adds one`,
      );
      expect(r.code, verb).toBe(3);
    }
    expect(t.stdout()).toBe("");
    // The station that is there is written to as before; a bare id is looked up in the list
    // first (a station may have that number for a name: station-ref.ts), id:N is not.
    const ok = answering404(emptyQueue404);
    await stationWrites(ok.factory, table)["station queue add"]();
    expect(ok.requests.filter((x) => x.includes("/stations"))).toEqual([
      "GET /v2.1/tournaments/cup/stations",
      `POST /v2.1/tournaments/cup/stations/${table}/station_queuers`,
    ]);
    expect(ok.json()).toMatchObject({ position: 1 });
    const byId = answering404(emptyQueue404);
    await stationWrites(byId.factory, `id:${table}`)["station unassign"]();
    expect(byId.requests.filter((x) => x.includes("/stations"))).toEqual([
      `PUT /v2.1/tournaments/cup/stations/${table}`,
    ]);
  });

  it("tournament export: the station with an empty queue", async () => {
    const t = answering404(emptyQueue404);
    await runTournamentExport(t.factory, { tournament: "cup" });
    expect(t.json().stations).toEqual([
      { name: "Table 1", attributes: { stream_url: null, details: null }, queue: [] },
    ]);
  });

  it("tournament import: the queue answered 404 is filled from the document", async () => {
    const a = (await client.matches.listAll("cup")).find((m) => m.attributes.identifier === "A")!;
    const entry = await client.stations.queuers("cup", table).create({ match_id: Number(a.id) });
    const exporter = h.make({ globals: { json: true } });
    await runTournamentExport(exporter.factory, { tournament: "cup" });
    const file = join(h.dir, "cup.json");
    writeFileSync(file, exporter.stdout());
    await client.stations.queuers("cup", table).delete(entry.id);
    const t = answering404(emptyQueue404);
    await runTournamentImport(t.factory, { file });
    expect(t.requests).toContain(`POST /v2.1/tournaments/cup/stations/${table}/station_queuers`);
    const queue = await client.stations.queuers("cup", table).listAll();
    expect(queue.map((q) => q.attributes.match_id)).toEqual([Number(a.id)]);
  });
});

describe("a service without stations (every /stations path 404)", () => {
  it("station queue list by id or name: exit 3, no such station, the service has none", async () => {
    for (const station of [table, "Table 1"]) {
      const t = answering404(noStations);
      const r = await failure(runQueueList(t.factory, { tournament: "cup", station }));
      expect(r.error).toBeInstanceOf(UnknownReferenceError);
      expect(r.code).toBe(3);
      expect(r.lines.join("\n")).toBe(
        `error: no station ${JSON.stringify(station)} in tournament cup: the service has no stations (GET /tournaments/cup/stations answered 404)`,
      );
      expect(t.stdout()).toBe("");
    }
  });

  it("tournament publish: the dry run finds the tournament there, the stations not carried; the import sends none", async () => {
    const a = (await client.matches.listAll("cup")).find((m) => m.attributes.identifier === "A")!;
    await client.stations.queuers("cup", table).create({ match_id: Number(a.id) });
    const exporter = h.make({ globals: { json: true } });
    await runTournamentExport(exporter.factory, { tournament: "cup" });
    const text = exporter.stdout();
    const t = answering404(noStations);
    const plan = await planImport(await t.factory.client(), JSON.parse(text));
    // Before, the stations' 404 made the tournament look absent: "create tournament cup (...)".
    expect(plan[0]).toBe("tournament cup is there (underway): continue it");
    expect(plan).toContain(
      "not carried: 1 station, queues included (the service has no stations: GET /tournaments/cup/stations answered 404)",
    );
    expect(plan.filter((l) => /create .*station|queue up/.test(l))).toEqual([]);
    const file = join(h.dir, "cup.json");
    writeFileSync(file, text);
    await runTournamentImport(t.factory, { file });
    expect(t.json()).toMatchObject({ url: "cup", created: false, stations: 0 });
    expect(t.requests.filter((r) => r.startsWith("POST") && r.includes("station"))).toEqual([]);
  });

  it("station list: none, said on stderr (exit 0); station view by id: no such station (exit 3)", async () => {
    const note =
      "the service has no stations (GET /tournaments/cup/stations answered 404): tournament cup has none\n";
    const t = answering404(noStations);
    await runStationList(t.factory, { tournament: "cup" });
    expect(t.json()).toEqual([]);
    expect(t.stderr()).toBe(note);
    const rows = answering404(noStations, false);
    await runStationList(rows.factory, { tournament: "cup" });
    expect(rows.stdout()).toBe("");
    expect(rows.stderr()).toBe(note);
    const r = await failure(runStationView(t.factory, { tournament: "cup", station: table }));
    expect(r.code).toBe(3);
    expect(r.lines.join("\n")).toBe(
      `error: no station "${table}" in tournament cup: the service has no stations (GET /tournaments/cup/stations answered 404)`,
    );
    const missing = await failure(runStationList(t.factory, { tournament: "nocup" }));
    expect(missing.error).toBeInstanceOf(NotFoundError);
    expect(missing.code).toBe(3);
  });

  it("station update|assign|unassign and queue add by id: exit 3, no such station, the service has none", async () => {
    const t = answering404(noStations);
    for (const [verb, run] of Object.entries(stationWrites(t.factory, table))) {
      const r = await failure(run());
      expect(r.error, verb).toBeInstanceOf(UnknownReferenceError);
      expect(r.lines.join("\n"), verb).toBe(
        `error: no station "${table}" in tournament cup: the service has no stations (GET /tournaments/cup/stations answered 404)`,
      );
      expect(r.code, verb).toBe(3);
    }
    expect(t.stdout()).toBe("");
  });

  it("station create: exit 3, the service has none; a tournament that is not there is its own 404", async () => {
    const t = answering404(noStations);
    const r = await failure(
      runStationCreate(t.factory, { tournament: "cup", attributes: { name: "Main" } }),
    );
    expect(r.error).toBeInstanceOf(UnknownReferenceError);
    expect(r.lines.join("\n")).toBe(
      'error: cannot create station "Main" in tournament cup: the service has no stations (POST /tournaments/cup/stations answered 404)',
    );
    expect(r.code).toBe(3);
    const missing = await failure(
      runStationCreate(t.factory, { tournament: "nocup", attributes: { name: "Main" } }),
    );
    expect(missing.error).toBeInstanceOf(NotFoundError);
    expect(missing.lines.join("\n")).toContain("tournament nocup not found");
    expect(missing.code).toBe(3);
  });

  it("a tournament that is not there: its own 404 (exit 3)", async () => {
    for (const station of [table, "Table 1"]) {
      const t = answering404(noStations);
      const r = await failure(runQueueList(t.factory, { tournament: "nocup", station }));
      expect(r.error).toBeInstanceOf(NotFoundError);
      expect(r.code).toBe(3);
      expect(r.lines.join("\n")).toContain("tournament nocup not found");
      expect(t.requests).toContain("GET /v2.1/tournaments/nocup");
    }
  });
});
