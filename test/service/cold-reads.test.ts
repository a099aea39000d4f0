/**
 * serve's other reads of many of a large tournament's matches while its main thread does
 * not hold the rows (issue 27's scale review; service/cold-lists.ts): v1's tournament with
 * `include_matches=1`, a v2.0 list of matches, the bracket page's data.json (its snapshot's
 * match ids). Each loaded every row in one turn of the event loop, every other request
 * waiting; now the rows are loaded a chunk a turn and a probe is answered between two loads.
 * And another account's private tournament is 404 before any of its rows is read (before,
 * its rows were warmed first when not held: the 404 came seconds later than an unknown
 * one's). A real HTTP server on loopback over a file; loads counted through the cache's
 * `loaded` hook, the order of loads and probe replies asserted: no timings.
 */
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
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

const { dir, closing } = useScratch("cold-reads");

/** Players of the public round robin (19,900 matches) and of the private one (4,950). */
const PLAYERS = 200;
const SECRET_PLAYERS = 100;

interface Served {
  writer: ServiceHarness;
  server: RunningServer;
  owner: string;
  eve: string;
  tiny: string;
  total: number;
  /** What happened, in order: a load of match rows into serve's cache, a probe's reply. */
  log: string[];
}

let s: Served;

beforeAll(async () => {
  const file = join(dir, "cold.db");
  const writer = await startService({ dbPath: file });
  closing.push(() => writer.service.close());
  const started = async (attributes: Record<string, unknown>, players: number) => {
    const t = await createWithPlayers(
      writer,
      { tournament_type: "round robin", ...attributes },
      players,
    );
    expect((await changeState(writer, t.id, "start")).status).toBe(200);
  };
  await started({ url: "rr" }, PLAYERS);
  await started({ url: "secret", private: true }, SECRET_PLAYERS);
  const tiny = await createWithPlayers(writer, { tournament_type: "single elimination" }, 4);
  const { service, server, log } = await loggedServe(file, closing, { requireAuth: true });
  const owner = service.createApiKey("owner");
  service.admin.addUser({ username: "eve", email: "eve@example.com" });
  const made = service.admin.createKey({ label: "eve", user: "eve" });
  if (!made.ok) throw new Error(made.reason);
  const total = (PLAYERS * (PLAYERS - 1)) / 2;
  s = { writer, server, owner, eve: made.value.key, tiny: tiny.id, total, log };
}, 120_000);

async function get(
  path: string,
  key = s.owner,
  method = "GET",
): Promise<{ status: number; body: string; headers: Headers }> {
  // v1 takes the key in its query (or as a Basic password).
  const target = path.startsWith("/v1/") ? `${path}&api_key=${key}` : path;
  const r = await fetch(`http://127.0.0.1:${s.server.port}${target}`, {
    method,
    headers: { authorization: key, "authorization-type": "v1" },
  });
  return { status: r.status, body: await r.text(), headers: r.headers };
}

/** GETs `path` while two probes GET tiny's record one after another; logs their replies. */
const readProbed = (path: string, method = "GET") =>
  readWithProbes(
    s.log,
    async () => {
      expect((await get(`/v2.1/tournaments/${s.tiny}.json`)).status).toBe(200);
    },
    () => get(path, s.owner, method),
  );

/** Another connection reports one of rr's open matches: serve's held rows of rr are void. */
const reportElsewhere = () => reportFirstOpen(s.writer, "rr");

describe("serve's reads of a large tournament's matches, its rows not held", () => {
  it("v1's include_matches loads them a chunk a turn, a probe answered between, the same body", async () => {
    const path = "/v1/tournaments/rr.json?include_matches=1";
    const read = await readProbed(path);
    expect(read.status).toBe(200);
    expectChunks(s.log, s.total);
    const matches = (JSON.parse(read.body) as { tournament: { matches: unknown[] } }).tournament
      .matches;
    expect(matches).toHaveLength(s.total);
    // Held: the same body, nothing loaded.
    s.log.length = 0;
    expect((await get(path)).body).toBe(read.body);
    expect(s.log).toEqual([]);
  });

  it("a v2.0 list of matches, after another connection's report, likewise", async () => {
    await reportElsewhere();
    const path = "/v2/tournaments/rr/matches.json?page=7";
    const read = await readProbed(path);
    expect(read.status).toBe(200);
    expectChunks(s.log, s.total);
    const expected = await s.writer.request("GET", "/v2.1/tournaments/rr/matches.json?page=7");
    const ids = (body: string) =>
      (JSON.parse(body) as { data: { id: string }[] }).data.map((m) => m.id);
    expect(ids(read.body)).toEqual(ids(expected.body));
  });

  it("the bracket page's data.json (its snapshot's match ids) likewise", async () => {
    await reportElsewhere();
    // HEAD: the snapshot made, its (gzipped) length said. A GET's body here was cut at its end
    // ('other side closed' after 557,742 bytes of 555,509 announced), at 5004130 as well.
    const read = await readProbed("/tournaments/rr/bracket/data.json", "HEAD");
    expect(read.status).toBe(200);
    expect(Number(read.headers.get("content-length"))).toBeGreaterThan(s.total * 10);
    expectChunks(s.log, s.total);
  });

  it("another account's private tournament is 404 before any row is read", async () => {
    s.log.length = 0;
    for (const path of [
      "/v2.1/tournaments/secret/matches.json?page=2",
      "/v1/tournaments/secret.json?include_matches=1",
      "/v2.1/tournaments/nothing/matches.json",
    ]) {
      const refused = await get(path, s.eve);
      expect(refused.status, path).toBe(404);
    }
    expect(s.log).toEqual([]);
    // Its owner reads it: its rows were not held.
    expect((await get("/v2.1/tournaments/secret/matches.json?page=2")).status).toBe(200);
    expect(s.log.filter((e) => e.startsWith("load ")).length).toBeGreaterThan(1);
  });
});
