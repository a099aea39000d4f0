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
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { RunningServer } from "../../src/service/types.js";
import {
  expectChunks,
  loggedServe,
  readWithProbes,
  reportFirstOpen,
  useScratch,
} from "../helpers/cold-reads.js";
import { changeState, createWithPlayers } from "../helpers/play.js";
import { type ServiceHarness, startService } from "../helpers/service.js";

const { dir, closing } = useScratch("cold-list");

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
  const { server, log } = await loggedServe(file, closing);
  const total = (PLAYERS * (PLAYERS - 1)) / 2;
  return { writer, server, rr: rr.id, tiny: tiny.id, total, log };
}

async function get(s: Served, path: string): Promise<{ status: number; body: string }> {
  const r = await fetch(`http://127.0.0.1:${s.server.port}${path}`);
  return { status: r.status, body: await r.text() };
}

/** GETs `path` while two probes GET tiny's record one after another; logs their replies. */
const pageWithProbes = (s: Served, path: string) =>
  readWithProbes(
    s.log,
    async () => {
      expect((await get(s, `/v2.1/tournaments/${s.tiny}.json`)).status).toBe(200);
    },
    () => get(s, path),
  );

const ids = (body: string) =>
  (JSON.parse(body) as { data: { id: string }[] }).data.map((m) => m.id);

describe("serve's first page of a large tournament's matches, its rows not held", () => {
  it("loads them a chunk a turn, answering other requests between, then the same page", async () => {
    const s = await served();
    const path = (page: number) => `/v2.1/tournaments/${s.rr}/matches.json?page=${page}`;
    const expected = async (page: number) => ids((await s.writer.request("GET", path(page))).body);

    // Serve's first read of a tournament started before it (by another connection).
    const first = await pageWithProbes(s, path(1));
    expect(first.status).toBe(200);
    expect(ids(first.body)).toEqual(await expected(1));
    expectChunks(s.log, s.total);

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
    const reported = await reportFirstOpen(s.writer, s.rr);
    // By its url this time (looked up by SQL, then remembered).
    const byUrl = "/v2.1/tournaments/rr/matches.json?page=50";
    const after = await pageWithProbes(s, byUrl);
    expect(ids(after.body)).toEqual(await expected(50));
    expectChunks(s.log, s.total);
    const state = (body: string) =>
      (JSON.parse(body) as { data: { id: string; attributes: { state: string } }[] }).data.find(
        (m) => m.id === reported,
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
