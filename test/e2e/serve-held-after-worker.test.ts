/**
 * serve's write worker commits on its own connection; the main thread's cache keeps the
 * match rows of every tournament that commit left as stored (src/store/cache/held-check.ts):
 * before, each worker write (a large bulk add, a start) dropped them all, and the next
 * read of a large tournament loaded it again on the event loop (issue 27). A CLI beside
 * serve on the same file is another connection too: its report is seen at serve's next
 * read. A real serve (serve's HTTP adapter and its write worker, in process, so that the
 * cache's `loaded` hook counts each load of a tournament's rows) on a file; outcomes
 * asserted, never times.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  openService,
  type RunningServer,
  type Service,
  startHttpServer,
} from "../../src/service/index.js";
import { BUILT, runBinary } from "../helpers/binary.js";
import { type SandboxEnv, sandboxEnv } from "../helpers/served-sandbox.js";

const dir = mkdtempSync(join(tmpdir(), "tourney-e2e-held-worker-"));
let env: SandboxEnv;
let file: string;
let service: Service;
let server: RunningServer;
/** Each load of a tournament's match rows into the main thread's cache (a warm-up's chunk is one). */
const loads: number[] = [];

beforeAll(async () => {
  env = sandboxEnv(dir);
  mkdirSync(env.TOURNEY_DATA_DIR, { recursive: true });
  file = join(env.TOURNEY_DATA_DIR, "tourney.db"); // the file the CLI's local profile opens
  service = await openService({ dbPath: file, cache: { loaded: (id) => loads.push(id) } });
  server = await startHttpServer(service, { host: "127.0.0.1", port: 0 });
});

afterAll(async () => {
  await server?.close();
  service?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function call(method: string, path: string, attributes?: unknown, type = "tournament") {
  const r = await fetch(`http://127.0.0.1:${server.port}/v2.1${path}`, {
    method,
    headers: { "content-type": "application/vnd.api+json" },
    ...(attributes === undefined ? {} : { body: JSON.stringify({ data: { type, attributes } }) }),
  });
  return { status: r.status, json: (await r.json()) as any };
}

async function tournament(url: string, type: string, players: number): Promise<number> {
  const made = await call("POST", "/tournaments.json", { name: url, url, tournament_type: type });
  expect(made.status).toBe(201);
  await bulkAdd(url, 0, players);
  return Number(made.json.data.id);
}

/** `count` names: 250 or more are a body past BULK_BYTES, added by the write worker. */
async function bulkAdd(url: string, from: number, count: number): Promise<void> {
  const participants = Array.from({ length: count }, (_, i) => ({
    name: `${url} ${from + i + 1}`,
  }));
  const r = await call(
    "POST",
    `/tournaments/${url}/participants/bulk_add.json`,
    { participants },
    "Participants",
  );
  expect(r.status).toBe(200);
}

async function start(url: string): Promise<void> {
  const r = await call(
    "PUT",
    `/tournaments/${url}/change_state.json`,
    { state: "start" },
    "TournamentState",
  );
  expect(r.status).toBe(200);
}

/** Every match of `url` as serve answers it, pages of 1,000. */
async function served(url: string): Promise<{ id: number; state: string; scores: string }[]> {
  const all: { id: number; state: string; scores: string }[] = [];
  for (let page = 1; ; page++) {
    const r = await call("GET", `/tournaments/${url}/matches.json?per_page=1000&page=${page}`);
    expect(r.status).toBe(200);
    for (const m of r.json.data)
      all.push({
        id: Number(m.id),
        state: m.attributes.state,
        scores: JSON.stringify(m.attributes.score_in_sets),
      });
    if (r.json.data.length < 1000) return all.sort((x, y) => x.id - y.id);
  }
}

/** The active matches of tournament `id` as stored. */
function stored(id: number): { id: number; state: string }[] {
  const db = new Database(file, { readonly: true });
  try {
    return db
      .prepare("SELECT id, state FROM matches WHERE tournament_id = ? AND active = 1 ORDER BY id")
      .all(id) as { id: number; state: string }[];
  } finally {
    db.close();
  }
}

const states = (rows: { id: number; state: string }[]) => rows.map((r) => [r.id, r.state]);

describe.runIf(BUILT)("serve's held match rows past its write worker's commits", () => {
  it("keeps a tournament's rows held through the worker's writes of another, and sees a CLI's report", async () => {
    // A: a round robin of 40 (780 matches), started by the worker, read whole: held.
    const a = await tournament("big", "round robin", 40);
    await start("big");
    expect(states(await served("big"))).toEqual(states(stored(a)));
    const loadsOfA = () => loads.filter((id) => id === a).length;
    const heldA = loadsOfA();
    expect(heldA).toBeGreaterThan(0);
    // B: a bulk add of 300 names and a start, both in the worker.
    const b = await tournament("small", "single elimination", 4);
    await bulkAdd("small", 4, 300);
    expect(states(await served("big"))).toEqual(states(stored(a)));
    await start("small");
    expect(states(await served("big"))).toEqual(states(stored(a)));
    expect(loadsOfA()).toBe(heldA);
    // B's rows as stored: those of a 304-player single elimination, warmed after its start.
    const bRows = await served("small");
    expect(states(bRows)).toEqual(states(stored(b)));
    expect(bRows.length).toBeGreaterThan(300);
    // The CLI reports a match of A on the same file: serve's next read of A shows it.
    const open = (await served("big")).find((m) => m.state === "open")!;
    const cli = await runBinary(
      ["match", "report", "big", String(open.id), "--scores", "3-1"],
      env,
    );
    expect(cli.code, cli.stderr).toBe(0);
    const after = (await served("big")).find((m) => m.id === open.id)!;
    expect(after.scores).toBe("[[3,1]]");
    expect(states(await served("big"))).toEqual(states(stored(a)));
    expect(loadsOfA()).toBeGreaterThan(heldA);
  }, 120_000);
});
