/**
 * serve's GET of a page of a large tournament's matches when its main thread does not hold
 * the tournament's rows (issue 27's scale review; service/cold-lists.ts): after another
 * connection's commit (which drops everything held), or on the first read of a tournament
 * serve did not start; a commit of another connection to another tournament leaves them
 * held (before, it dropped every tournament's). Before, the page loaded every row of the tournament in one turn of
 * the event loop, every other request waiting (a 500-player round robin: 2.6-4.3 s). Now the
 * rows are loaded a chunk a turn and other requests are answered between the chunks; the
 * page is the one read before. A real HTTP server on loopback (http-server.ts `listen`)
 * over a database file; the rows loaded are counted through the cache's `loaded` hook and
 * the order of the loads and the probe's replies is asserted: no timings.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { listen } from "../../src/service/http-server.js";
import { openService, type Service } from "../../src/service/index.js";
import type { RunningServer } from "../../src/service/types.js";
import { changeState, createWithPlayers } from "../helpers/play.js";
import { type ServiceHarness, startService } from "../helpers/service.js";

const dir = mkdtempSync(join(tmpdir(), "tourney-cold-list-"));
const closing: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const close of closing.reverse()) await close();
  rmSync(dir, { recursive: true, force: true });
});

/** Players of the round robin: 19,900 matches, loaded in several chunks. */
const PLAYERS = 200;

interface Served {
  writer: ServiceHarness;
  server: RunningServer;
  rr: string;
  tiny: string;
  total: number;
  /** What happened, in order: a load of match rows into serve's cache, a probe's reply. */
  log: string[];
}

async function served(): Promise<Served> {
  const file = join(dir, "cold.db");
  // Another process's connection to the file: the CLI, or a serve run before this one.
  const writer = await startService({ dbPath: file });
  closing.push(() => writer.service.close());
  const rr = await createWithPlayers(
    writer,
    { tournament_type: "round robin", url: "rr" },
    PLAYERS,
  );
  expect((await changeState(writer, rr.id, "start")).status).toBe(200);
  const tiny = await createWithPlayers(writer, { tournament_type: "single elimination" }, 4);
  const log: string[] = [];
  const service: Service = await openService({
    dbPath: file,
    cache: { loaded: (_id, rows) => log.push(`load ${rows}`) },
  });
  closing.push(() => service.close());
  const server = await listen(service, { host: "127.0.0.1", port: 0 });
  closing.push(() => server.close());
  const total = (PLAYERS * (PLAYERS - 1)) / 2;
  return { writer, server, rr: rr.id, tiny: tiny.id, total, log };
}

async function get(s: Served, path: string): Promise<{ status: number; body: string }> {
  const r = await fetch(`http://127.0.0.1:${s.server.port}${path}`);
  return { status: r.status, body: await r.text() };
}

/** GETs `path` while two probes GET tiny's record one after another; logs their replies. */
async function pageWithProbes(s: Served, path: string) {
  let done = false;
  const probe = async () => {
    while (!done) {
      const r = await get(s, `/v2.1/tournaments/${s.tiny}.json`);
      expect(r.status).toBe(200);
      s.log.push("probe");
    }
  };
  const probes = [probe(), probe()];
  // Each probe answered once (tiny's rows read), then the page.
  while (s.log.filter((e) => e === "probe").length < 2) await new Promise((r) => setTimeout(r, 1));
  s.log.length = 0;
  const page = await get(s, path);
  s.log.push("page");
  done = true;
  await Promise.all(probes);
  return page;
}

const entry = (participant_id: number, advancing: boolean) => ({
  participant_id,
  score_set: advancing ? "1" : "0",
  advancing,
});

const ids = (body: string) =>
  (JSON.parse(body) as { data: { id: string }[] }).data.map((m) => m.id);

/** The loads before the page's reply, and whether a probe was answered between two of them. */
function loadsOf(log: readonly string[]) {
  const until = log.indexOf("page");
  const loads = log
    .slice(0, until)
    .filter((e) => e.startsWith("load "))
    .map((e) => Number(e.slice(5)));
  const first = log.findIndex((e) => e.startsWith("load "));
  const last = until - [...log.slice(0, until)].reverse().findIndex((e) => e.startsWith("load "));
  const between = log.slice(first, last).includes("probe");
  return { loads, between };
}

describe("serve's first page of a large tournament's matches, its rows not held", () => {
  it("loads them a chunk a turn, answering other requests between, then the same page", async () => {
    const s = await served();
    const path = (page: number) => `/v2.1/tournaments/${s.rr}/matches.json?page=${page}`;
    const expected = async (page: number) => ids((await s.writer.request("GET", path(page))).body);

    // Serve's first read of a tournament started before it (by another connection).
    const first = await pageWithProbes(s, path(1));
    expect(first.status).toBe(200);
    expect(ids(first.body)).toEqual(await expected(1));
    const cold = loadsOf(s.log);
    expect(cold.loads.reduce((a, b) => a + b, 0)).toBe(s.total);
    expect(Math.max(...cold.loads)).toBeLessThan(s.total / 2);
    expect(cold.between).toBe(true);

    // Held now: the next page loads nothing.
    s.log.length = 0;
    expect(ids((await get(s, path(2))).body)).toEqual(await expected(2));
    expect(s.log).toEqual([]);

    // Another connection commits to another tournament: rr's rows stay held (its revision and
    // its rows' versions did not move). Before, every held row was dropped: 19,900 read again.
    const added = await s.writer.request("POST", `/v2.1/tournaments/${s.tiny}/participants`, {
      data: { type: "Participant", attributes: { name: "late" } },
    });
    expect(added.status).toBe(201);
    s.log.length = 0;
    expect(ids((await get(s, path(3))).body)).toEqual(await expected(3));
    expect(s.log).toEqual([]);

    // Another connection reports a match of rr (a row's version moves, not its revision):
    // rr's rows are read again, a chunk a turn, and the page shows the report.
    const open = (await s.writer.request("GET", `/v2.1/tournaments/${s.rr}/matches?state=open`))
      .json.data[0] as { id: string; attributes: { player1_id: number; player2_id: number } };
    const { player1_id: one, player2_id: two } = open.attributes;
    const report = await s.writer.request("PUT", `/v2.1/tournaments/${s.rr}/matches/${open.id}`, {
      data: { type: "Match", attributes: { match: [entry(one, true), entry(two, false)] } },
    });
    expect(report.status, report.body).toBe(200);
    // By its url this time (looked up by SQL, then remembered).
    const byUrl = "/v2.1/tournaments/rr/matches.json?page=50";
    const after = await pageWithProbes(s, byUrl);
    expect(ids(after.body)).toEqual(await expected(50));
    const again = loadsOf(s.log);
    expect(again.loads.reduce((a, b) => a + b, 0)).toBe(s.total);
    expect(Math.max(...again.loads)).toBeLessThan(s.total / 2);
    expect(again.between).toBe(true);
    const state = (body: string) =>
      (JSON.parse(body) as { data: { id: string; attributes: { state: string } }[] }).data.find(
        (m) => m.id === open.id,
      )?.attributes.state;
    expect(state((await get(s, `/v2.1/tournaments/rr/matches.json?state=complete`)).body)).toBe(
      "complete",
    );
    // Held: by its url again, nothing loaded.
    s.log.length = 0;
    expect((await get(s, byUrl)).body).toBe(after.body);
    expect(s.log).toEqual([]);
  });
});
