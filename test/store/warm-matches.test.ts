/**
 * Warming a tournament's match rows a chunk a turn (issue 27; src/service/warm-matches.ts):
 * after serve's write worker, another connection, starts a tournament, the main thread's
 * cache holds none of its rows, and the first read of many of them used to load them all
 * in one turn (130k rows, 2.6-3.0 s at 50,000 players). The warm-up loads them a chunk an
 * event-loop turn; meanwhile a page is read from SQL and loads nothing; a read that needs
 * them all loads only what is left; another connection's commit restarts it. Rows loaded
 * per turn are counted through the cache's `loaded` hook: no timings.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { createContext, type ServiceContext } from "../../src/service/context.js";
import type { Service } from "../../src/service/index.js";
import { warmMatches } from "../../src/service/warm-matches.js";
import { HeldMatches } from "../../src/store/cache/held-matches.js";
import { openDatabase } from "../../src/store/database.js";
import type { MatchRow } from "../../src/store/match-rows.js";
import { changeState, createWithPlayers } from "../helpers/play.js";
import { type ServiceHarness, startService } from "../helpers/service.js";

const dir = mkdtempSync(join(tmpdir(), "tourney-warm-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const services: Service[] = [];
/** Stops each test's turn counter. */
const counters: (() => void)[] = [];
afterEach(() => {
  for (const s of services.splice(0)) s.close();
  for (const stop of counters.splice(0)) stop();
});

/** Rows a turn in these tests. */
const ROWS = 16;
const tick = () => new Promise<void>((done) => setImmediate(done));

interface Setup {
  writer: ServiceHarness;
  main: ServiceContext;
  plain: ServiceContext;
  id: number;
  total: number;
  /** Each load of match rows into the main cache: the event-loop turn it happened in, and how many. */
  loads: { turn: number; rows: number }[];
}

/** A 64-player double elimination started by a second connection (the write worker's part). */
async function started(name: string): Promise<Setup> {
  const file = join(dir, `${name}.db`);
  const writer = await startService({ dbPath: file });
  services.push(writer.service);
  const loads: { turn: number; rows: number }[] = [];
  let turns = 0;
  const main = createContext(openDatabase(file), {
    cache: { loaded: (_id, rows) => loads.push({ turn: turns, rows }) },
  });
  const plain = createContext(openDatabase(file), { cache: false });
  const t = await createWithPlayers(writer, { tournament_type: "double elimination" }, 64);
  const id = Number(t.id);
  // The main thread knew the tournament before its start (a read of its matches: none).
  expect(main.inRequest(() => main.matches.count(id, {}))).toBe(0);
  loads.length = 0;
  expect((await changeState(writer, t.id, "start")).status).toBe(200);
  const total = plain.inRequest(() => plain.matches.rowCount(id));
  expect(total).toBeGreaterThan(4 * ROWS);
  // Counts event-loop turns: one setImmediate a turn, as the warm-up's own.
  let stop = false;
  const step = () => {
    turns++;
    if (!stop) setImmediate(step);
  };
  setImmediate(step);
  counters.push(() => {
    stop = true;
  });
  return { writer, main, plain, id, total, loads };
}

/** The page the main context answers, against the same page read with every read a query. */
function samePage(s: Setup, offset: number): void {
  const ids = (c: ServiceContext) =>
    c.inRequest(() => c.matches.list(s.id, {}, 25, offset)).map((row) => [row.id, row.state]);
  expect(ids(s.main)).toEqual(ids(s.plain));
}

describe("HeldMatches.putAll", () => {
  it("keeps the list order of rows added a chunk at a time, in any order", () => {
    const row = (id: number, stage: string, order: number, group: number | null) =>
      ({ id, stage, suggested_play_order: order, group_id: group, plan_key: `k${id}` }) as MatchRow;
    const rows = Array.from({ length: 300 }, (_, i) =>
      row(i + 1, i % 3 === 0 ? "group" : "final", (i * 7919) % 41, i % 3 === 0 ? i % 4 : null),
    );
    const chunked = new HeldMatches([]);
    for (let from = 0; from < rows.length; from += 37) chunked.putAll(rows.slice(from, from + 37));
    const ids = (held: HeldMatches) => held.all().map((r) => r.id);
    expect(ids(chunked)).toEqual(ids(new HeldMatches(rows)));
    // Listed half-way, then more chunks: still every row, in order.
    const listed = new HeldMatches([]);
    listed.putAll(rows.slice(0, 150));
    expect(listed.all()).toHaveLength(150);
    for (let from = 150; from < rows.length; from += 37) listed.putAll(rows.slice(from, from + 37));
    expect(ids(listed)).toEqual(ids(new HeldMatches(rows)));
  });
});

describe("warming a started tournament's match rows", () => {
  it("loads them a chunk a turn; the first read after it loads nothing", async () => {
    const s = await started("chunks");
    await warmMatches(s.main.matches, s.id, { rows: ROWS });
    expect(s.loads.length).toBeGreaterThanOrEqual(Math.ceil(s.total / ROWS));
    for (const load of s.loads) expect(load.rows).toBeLessThanOrEqual(ROWS);
    expect(new Set(s.loads.map((l) => l.turn)).size).toBe(s.loads.length);
    expect(s.loads.reduce((n, l) => n + l.rows, 0)).toBe(s.total);
    s.loads.length = 0;
    samePage(s, 25);
    const all = (c: ServiceContext) => c.inRequest(() => c.matches.list(s.id, {}).map((r) => r.id));
    expect(all(s.main)).toEqual(all(s.plain));
    expect(s.main.inRequest(() => s.main.matches.count(s.id, {}))).toBe(
      s.plain.inRequest(() => s.plain.matches.count(s.id, {})),
    );
    expect(s.loads).toEqual([]);
  });

  it("answers a page from SQL meanwhile, and a read of them all loads only the rest", async () => {
    const s = await started("meanwhile");
    const warming = warmMatches(s.main.matches, s.id, { rows: ROWS });
    while (s.loads.length < 2) await tick();
    const before = s.loads.reduce((n, l) => n + l.rows, 0);
    samePage(s, 50);
    expect(s.loads.reduce((n, l) => n + l.rows, 0)).toBe(before);
    // A report's kind of read (the stage's rows): what the warm-up has not loaded yet.
    const ref = { tournamentId: s.id, stage: "final" as const, groupId: null };
    const count = s.main.inRequest(() => s.main.matches.countStage(ref));
    expect(count).toBe(s.plain.inRequest(() => s.plain.matches.countStage(ref)));
    expect(s.loads.at(-1)?.rows).toBe(s.total - before);
    await warming;
    expect(s.loads.reduce((n, l) => n + l.rows, 0)).toBe(s.total);
    samePage(s, 0);
  });

  it("holds a tournament left without matches (a reset) after one step", async () => {
    const s = await started("reset");
    expect((await changeState(s.writer, String(s.id), "reset")).status).toBe(200);
    await warmMatches(s.main.matches, s.id, { rows: ROWS });
    expect(s.loads).toEqual([{ turn: expect.any(Number), rows: 0 }]);
    expect(s.main.inRequest(() => s.main.matches.count(s.id, {}))).toBe(0);
    expect(s.loads.length).toBe(1);
  });

  it("ends when the connection is closed under it (serve stopping)", async () => {
    const s = await started("closed");
    const warming = warmMatches(s.main.matches, s.id, { rows: ROWS });
    while (s.loads.length < 1) await tick();
    s.main.db.close();
    await expect(warming).resolves.toBeUndefined();
  });

  it("starts again after another connection's commit, and holds what that commit wrote", async () => {
    const s = await started("restart");
    const warming = warmMatches(s.main.matches, s.id, { rows: ROWS });
    while (s.loads.length < 2) await tick();
    s.plain.write(() =>
      s.plain.db
        .prepare(
          "UPDATE matches SET state = 'complete' WHERE tournament_id = ? AND id = (SELECT MIN(id) FROM matches WHERE tournament_id = ?)",
        )
        .run(s.id, s.id),
    );
    const at = s.loads.length;
    await warming;
    expect(s.loads.slice(at).reduce((n, l) => n + l.rows, 0)).toBe(s.total);
    samePage(s, 0);
    const first = s.main.inRequest(() => s.main.matches.list(s.id, { state: "complete" }));
    expect(first.length).toBe(1);
  });
});
