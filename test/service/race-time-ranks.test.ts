/**
 * Times entered are ranked from what they change (service/races/time-ranks.ts), no longer by
 * ranking the whole round again at each entry. Random rounds (ties, no time, times moved up
 * and down and cleared, hand-set ranks and points set and cleared, PUTs and bulk updates of
 * 1 to 20) are held after every request to what the full rerank gives: each rank the
 * client's, which holds its place, else the ranks left in time order; points the client's, else none
 * while the round is under way, and the points table's for the rank once it ends. A time
 * whose rank and points stay, and that the request did not name, keeps its updatedAt.
 * A round under way in a database from before migration 21 (its index) goes on from the
 * ranks stored there.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it, vi } from "vitest";
import { DEFAULT_POINTS_TABLE } from "../../src/engine/race-ranking.js";
import type { ServiceContext } from "../../src/service/context.js";
import { rewriteAsVersion } from "../helpers/old-store.js";
import { bulkTimes, raceBody, raceState, timeBody } from "../helpers/race-service.js";
import {
  participantsBody,
  type ServiceHarness,
  startService,
  steppingClock,
} from "../helpers/service.js";

/** The client's side of one time: what it set, as the full rerank reads it. */
interface Given {
  time: number | null;
  rank: number | null;
  points: number | null;
}

interface Stored {
  rank: number | null;
  points: number | null;
  time: number | null;
  updatedAt: string;
}

function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The full rerank, written apart from the service's: a rank the client gave holds its place;
 * each other timed racer takes the (1 + the other such racers' times strictly below)-th
 * rank nobody was given, counted up from 1 (docs/races.md). Before, the others ranked by
 * every time, the hand-ranked ones' too.
 */
function fullRerank(
  given: ReadonlyMap<string, Given>,
  table: readonly number[] | null,
): Map<string, { rank: number | null; points: number | null }> {
  const handSet = [...given.values()].flatMap((g) => (g.rank === null ? [] : [g.rank]));
  const others = [...given.values()].flatMap((g) =>
    g.rank === null && g.time !== null ? [g.time] : [],
  );
  const nthFree = (n: number) => {
    let rank = 0;
    for (let seen = 0; seen < n; ) if (!handSet.includes(++rank)) seen++;
    return rank;
  };
  const out = new Map<string, { rank: number | null; points: number | null }>();
  for (const [id, g] of given) {
    const byTime = g.time === null ? null : nthFree(1 + others.filter((t) => t < g.time!).length);
    const rank = g.rank ?? byTime;
    const fromTable = rank === null || rank < 1 ? 0 : (table?.[rank - 1] ?? 0);
    out.set(id, { rank, points: g.points ?? (table === null ? null : fromTable) });
  }
  return out;
}

async function stored(s: ServiceHarness): Promise<Map<string, Stored>> {
  const r = await s.request("GET", "/v2.1/races/1/rounds/1/elapsed_times?per_page=1000");
  expect(r.status, r.body).toBe(200);
  return new Map(
    r.json.data.map(
      (t: {
        id: string;
        attributes: {
          rank: number | null;
          points: number | null;
          elapsedTime: number | null;
          timestamps: { updatedAt: string };
        };
      }) => [
        t.id,
        {
          rank: t.attributes.rank,
          points: t.attributes.points,
          time: t.attributes.elapsedTime,
          updatedAt: t.attributes.timestamps.updatedAt,
        },
      ],
    ),
  );
}

function expectFullRerank(
  now: ReadonlyMap<string, Stored>,
  given: ReadonlyMap<string, Given>,
  table: readonly number[] | null,
  where: string,
): void {
  const want = fullRerank(given, table);
  const got = new Map([...now].map(([id, t]) => [id, { rank: t.rank, points: t.points }]));
  expect(got, where).toEqual(want);
  for (const [id, t] of now) expect(t.time, `${where}: time ${id}`).toBe(given.get(id)!.time);
}

/**
 * One random request's entries: 1 to 20 distinct times, each setting some of time, rank,
 * points. A rank given is one no racer holds by hand (two are refused: rank-collisions.ts),
 * sometimes beyond the field.
 */
function randomEntries(
  next: () => number,
  ids: readonly string[],
  pool: readonly number[],
  given: ReadonlyMap<string, Given>,
) {
  const count = Math.min(ids.length, next() < 0.3 ? 20 : 1 + Math.floor(next() * 20));
  const chosen = [...ids].sort(() => next() - 0.5).slice(0, count);
  const taken = new Set([...given.values()].flatMap((g) => (g.rank === null ? [] : [g.rank])));
  return chosen.map((id) => {
    const entry: Record<string, number | null> = {};
    const t = next();
    if (t < 0.7) entry.time = pool[Math.floor(next() * pool.length)]!;
    else if (t < 0.82) entry.time = null;
    const r = next();
    if (r < 0.1) {
      let rank = 1 + Math.floor(next() * ids.length);
      while (taken.has(rank)) rank++;
      taken.add(rank);
      entry.rank = rank;
    } else if (r < 0.17) entry.rank = next() < 0.5 ? 0 : null;
    const p = next();
    if (p < 0.15) entry.points = 1 + Math.floor(next() * 30);
    else if (p < 0.25) entry.points = next() < 0.5 ? 0 : null;
    return { id, entry };
  });
}

async function playRound(seed: number, racers: number, table: readonly number[] | null) {
  const next = random(seed);
  const s = await startService({ now: steppingClock() });
  const attributes = { name: "Random", raceType: "grand prix", grandPrixOptions: { rounds: 1 } };
  const made = await s.request(
    "POST",
    "/v2.1/races",
    raceBody({ ...attributes, pointsTable: table }),
  );
  expect(made.status, made.body).toBe(201);
  const names = Array.from({ length: racers }, (_, i) => `R${i + 1}`);
  const added = await s.request(
    "POST",
    "/v2.1/races/1/participants/bulk_add",
    participantsBody(names),
  );
  expect(added.status, added.body).toBe(200);
  const started = await s.request("PUT", "/v2.1/races/1/change_state", raceState("start"));
  expect(started.status, started.body).toBe(200);
  let now = await stored(s);
  const ids = [...now.keys()];
  const given = new Map<string, Given>(
    ids.map((id) => [id, { time: null, rank: null, points: null }]),
  );
  // Few distinct times: many ties. Both ends of the pool, so times move up and down.
  const pool = Array.from(
    { length: Math.max(2, Math.floor(racers / 3)) },
    (_, i) => 60_000 + i * 250,
  );
  for (let request = 0; request < 60; request++) {
    const entries = randomEntries(next, ids, pool, given);
    const single = next() < 0.25;
    const sent = single ? entries.slice(0, 1) : entries;
    const r = single
      ? await s.request(
          "PUT",
          `/v2.1/races/1/rounds/1/elapsed_times/${sent[0]!.id}`,
          timeBody(
            Object.fromEntries(
              Object.entries(sent[0]!.entry).map(([k, v]) => [k === "time" ? "elapsedTime" : k, v]),
            ),
          ),
        )
      : await s.request(
          "POST",
          "/v2.1/races/1/rounds/1/elapsed_times/bulk_update",
          bulkTimes(sent.map(({ id, entry }) => ({ elapsedTimeId: Number(id), ...entry }))),
        );
    expect(r.status, r.body).toBe(200);
    for (const { id, entry } of sent) {
      const g = given.get(id)!;
      if (entry.time !== undefined) g.time = entry.time;
      if (entry.rank !== undefined) g.rank = entry.rank === 0 ? null : entry.rank;
      if (entry.points !== undefined) g.points = entry.points === 0 ? null : entry.points;
    }
    const where = `seed ${seed}, ${racers} racers, request ${request + 1}`;
    const after = await stored(s);
    expectFullRerank(after, given, null, where);
    // The answer holds the entered times as stored (time-ranks.ts makes them without a read).
    const answered = single ? [r.json.data] : r.json.data;
    for (const t of answered) {
      const record = await s.request("GET", `/v2.1/races/1/rounds/1/elapsed_times/${t.id}`);
      expect(t, `${where}: the answer's time ${t.id}`).toEqual(record.json.data);
    }
    const named = new Set(sent.map((e) => e.id));
    for (const [id, t] of after) {
      const was = now.get(id)!;
      const moved = t.rank !== was.rank || t.points !== was.points || named.has(id);
      expect(t.updatedAt !== was.updatedAt, `${where}: time ${id} dated`).toBe(moved);
    }
    now = after;
  }
  const ended = await s.request("PUT", "/v2.1/races/1/change_state", raceState("end_round"));
  expect(ended.status, ended.body).toBe(200);
  expectFullRerank(await stored(s), given, table ?? DEFAULT_POINTS_TABLE, `seed ${seed} finalized`);
}

describe("times entered rank as the full rerank ranks them", () => {
  for (const [seed, racers, table] of [
    [1, 1, null],
    [2, 2, null],
    [3, 7, null],
    [4, 30, [10, 6, 4, 3, 2, 1]],
    [5, 45, null],
    [6, 120, [3, 1]],
  ] as const) {
    it(`random round ${seed}: ${racers} racers`, async () => {
      await playRound(seed, racers, table);
    });
  }
});

describe("a hand-set rank holds its place", () => {
  it("the review's round: Ada set 3rd, Grace and Linus take 1st and 2nd, under way and scored", async () => {
    const s = await startService();
    const attributes = { name: "RK", raceType: "grand prix", grandPrixOptions: { rounds: 1 } };
    expect((await s.request("POST", "/v2.1/races", raceBody(attributes))).status).toBe(201);
    const names = ["Ada", "Grace", "Linus"];
    await s.request("POST", "/v2.1/races/1/participants/bulk_add", participantsBody(names));
    await s.request("PUT", "/v2.1/races/1/change_state", raceState("start"));
    const ids = [...(await stored(s)).keys()];
    for (const [i, id] of ids.entries()) {
      const r = await s.request(
        "PUT",
        `/v2.1/races/1/rounds/1/elapsed_times/${id}`,
        timeBody({ elapsedTime: 60_000 + i * 1000 }),
      );
      expect(r.status, r.body).toBe(200);
    }
    const put = await s.request(
      "PUT",
      `/v2.1/races/1/rounds/1/elapsed_times/${ids[0]}`,
      timeBody({ rank: 3 }),
    );
    expect(put.status, put.body).toBe(200);
    expect(put.json.data.attributes.rank).toBe(3);
    const ranks = async () => {
      const now = await stored(s);
      return ids.map((id) => [now.get(id)!.rank, now.get(id)!.points]);
    };
    expect(await ranks()).toEqual([
      [3, null],
      [1, null],
      [2, null],
    ]);
    // A time entered after, with the hand-set rank in the round, fills around it too.
    const moved = await s.request(
      "PUT",
      `/v2.1/races/1/rounds/1/elapsed_times/${ids[2]}`,
      timeBody({ elapsedTime: 59_000 }),
    );
    expect(moved.status, moved.body).toBe(200);
    expect(await ranks()).toEqual([
      [3, null],
      [2, null],
      [1, null],
    ]);
    const ended = await s.request("PUT", "/v2.1/races/1/change_state", raceState("end_round"));
    expect(ended.status, ended.body).toBe(200);
    expect(await ranks()).toEqual([
      [3, 15],
      [2, 18],
      [1, 25],
    ]);
  });
});

describe("a rank set by hand is one racer's", () => {
  const setUp = async () => {
    const s = await startService();
    const attributes = { name: "RK", raceType: "grand prix", grandPrixOptions: { rounds: 1 } };
    expect((await s.request("POST", "/v2.1/races", raceBody(attributes))).status).toBe(201);
    const names = ["Ada", "Grace", "Linus"];
    await s.request("POST", "/v2.1/races/1/participants/bulk_add", participantsBody(names));
    await s.request("PUT", "/v2.1/races/1/change_state", raceState("start"));
    const ids = [...(await stored(s)).keys()];
    const bulk = bulkTimes(ids.map((id, i) => ({ elapsedTimeId: Number(id), time: 60_000 + i })));
    const timed = await s.request("POST", "/v2.1/races/1/rounds/1/elapsed_times/bulk_update", bulk);
    expect(timed.status, timed.body).toBe(200);
    const put = (id: string, attributes: Record<string, unknown>) =>
      s.request("PUT", `/v2.1/races/1/rounds/1/elapsed_times/${id}`, timeBody(attributes));
    const ranks = async () => {
      const now = await stored(s);
      return ids.map((id) => now.get(id)!.rank);
    };
    return { s, ids, put, ranks };
  };

  it("a second racer given a rank another holds by hand is refused, naming the holder and the way on", async () => {
    const { s, ids, put, ranks } = await setUp();
    expect((await put(ids[0]!, { rank: 2 })).status).toBe(200);
    expect(await ranks()).toEqual([2, 1, 3]);
    // Before: 200, Ada and Grace both 2nd and Linus 3rd, a tie that skipped no place.
    const second = await put(ids[1]!, { rank: 2, elapsedTime: 59_000 });
    expect(second.status, second.body).toBe(422);
    expect(second.json.errors).toEqual([
      {
        status: 422,
        detail: `rank 2 in round 1 of race rk is Ada's, set by hand: one rank set by hand is one racer's (equal times share a rank by themselves); give Grace another rank, or clear Ada's first (rank 0: ranked by time; tourney race update rk "Ada" --rank auto)`,
        source: { pointer: "/data/attributes/rank" },
      },
    ]);
    // Nothing of the refused request was written: Grace's time is as it was.
    expect((await stored(s)).get(ids[1]!)!.time).toBe(60_001);
    expect(await ranks()).toEqual([2, 1, 3]);
    // Two entries of one request given one rank: the second is refused, at its pointer.
    const both = await s.request(
      "POST",
      "/v2.1/races/1/rounds/1/elapsed_times/bulk_update",
      bulkTimes([
        { elapsedTimeId: Number(ids[1]), time: 60_001, rank: 3 },
        { elapsedTimeId: Number(ids[2]), time: 60_002, rank: 3 },
      ]),
    );
    expect(both.status, both.body).toBe(422);
    expect(both.json.errors[0].source.pointer).toBe("/data/attributes/elapsed_times/1/rank");
    expect(both.json.errors[0].detail).toContain("rank 3 in round 1 of race rk is Grace's");
    expect(await ranks()).toEqual([2, 1, 3]);
  });

  it("a rank given up in the same request, or cleared first, can be given to another", async () => {
    const { s, ids, put, ranks } = await setUp();
    expect((await put(ids[0]!, { rank: 2 })).status).toBe(200);
    const swap = await s.request(
      "POST",
      "/v2.1/races/1/rounds/1/elapsed_times/bulk_update",
      bulkTimes([
        { elapsedTimeId: Number(ids[0]), time: 60_000, rank: 3 },
        { elapsedTimeId: Number(ids[1]), time: 60_001, rank: 2 },
      ]),
    );
    expect(swap.status, swap.body).toBe(200);
    expect(await ranks()).toEqual([3, 2, 1]);
    expect((await put(ids[1]!, { rank: 0 })).status).toBe(200);
    expect(await ranks()).toEqual([3, 1, 2]);
    const taken = await put(ids[2]!, { rank: 3 });
    expect(taken.status).toBe(422);
    expect((await put(ids[0]!, { rank: null })).status).toBe(200);
    expect((await put(ids[2]!, { rank: 3 })).status).toBe(200);
    expect(await ranks()).toEqual([1, 2, 3]);
  });
});

describe("a time entered reads the times it needs, not the round", () => {
  it("bulk updates and a PUT of a 300-racer round read no list of its times", async () => {
    const s = await startService();
    const made = await s.request(
      "POST",
      "/v2.1/races",
      raceBody({ name: "Long", raceType: "time trial" }),
    );
    expect(made.status, made.body).toBe(201);
    const names = Array.from({ length: 300 }, (_, i) => `R${i + 1}`);
    const added = await s.request(
      "POST",
      "/v2.1/races/1/participants/bulk_add",
      participantsBody(names),
    );
    expect(added.status, added.body).toBe(200);
    expect((await s.request("PUT", "/v2.1/races/1/change_state", raceState("start"))).status).toBe(
      200,
    );
    const ids = [...(await stored(s)).keys()];
    // The service's own context (private to it): the repository its routes use.
    const context = (s.service as unknown as { context: ServiceContext }).context;
    const lists = vi.spyOn(context.race.elapsedTimes, "listByRound");
    for (let from = 0; from < ids.length; from += 20) {
      const entries = ids.slice(from, from + 20).map((id, i) => ({
        elapsedTimeId: Number(id),
        time: 90_000 - (from + i) * 100,
      }));
      const r = await s.request(
        "POST",
        "/v2.1/races/1/rounds/1/elapsed_times/bulk_update",
        bulkTimes(entries),
      );
      expect(r.status, r.body).toBe(200);
    }
    const put = await s.request(
      "PUT",
      `/v2.1/races/1/rounds/1/elapsed_times/${ids[0]}`,
      timeBody({ elapsedTime: 1 }),
    );
    expect(put.status, put.body).toBe(200);
    expect(lists).not.toHaveBeenCalled();
    lists.mockRestore();
    const after = await stored(s);
    // Entered slowest first: each request moved every rank in; the PUT made the first fastest.
    expect(after.get(ids[0]!)!.rank).toBe(1);
    expect(after.get(ids[1]!)!.rank).toBe(300);
    expect(after.get(ids[299]!)!.rank).toBe(2);
  });
});

describe("a round under way in a database from before migration 21", () => {
  it("goes on from the ranks stored there: times entered after the upgrade rank as the full rerank", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tourney-race-time-ranks-"));
    try {
      const dbPath = join(dir, "tourney.db");
      const given = new Map<string, Given>();
      const enter = async (s: ServiceHarness, entries: [string, number | null, number?][]) => {
        const sent = entries.map(([id, time, rank]) => ({
          elapsedTimeId: Number(id),
          time,
          ...(rank === undefined ? {} : { rank }),
        }));
        const r = await s.request(
          "POST",
          "/v2.1/races/1/rounds/1/elapsed_times/bulk_update",
          bulkTimes(sent),
        );
        expect(r.status, r.body).toBe(200);
        for (const [id, time, rank] of entries) {
          const g = given.get(id)!;
          g.time = time;
          if (rank !== undefined) g.rank = rank;
        }
      };
      const before = await startService({ dbPath });
      const made = await before.request(
        "POST",
        "/v2.1/races",
        raceBody({ name: "Old", raceType: "time trial" }),
      );
      expect(made.status, made.body).toBe(201);
      const names = Array.from({ length: 12 }, (_, i) => `R${i + 1}`);
      await before.request("POST", "/v2.1/races/1/participants/bulk_add", participantsBody(names));
      await before.request("PUT", "/v2.1/races/1/change_state", raceState("start"));
      const ids = [...(await stored(before)).keys()];
      for (const id of ids) given.set(id, { time: null, rank: null, points: null });
      await enter(before, [
        [ids[0]!, 5000],
        [ids[1]!, 3000],
        [ids[2]!, 3000, 9],
        [ids[3]!, 7000],
        [ids[4]!, 1000],
      ]);
      before.service.close();
      rewriteAsVersion(dbPath, 20);
      const after = await startService({ dbPath });
      await enter(after, [
        [ids[5]!, 4000],
        [ids[0]!, 2000],
        [ids[6]!, 3000],
        [ids[7]!, 9000],
      ]);
      expectFullRerank(await stored(after), given, null, "after the upgrade");
      await enter(after, [
        [ids[4]!, null],
        [ids[3]!, 500],
      ]);
      expectFullRerank(await stored(after), given, null, "after the upgrade, moved");
      after.service.close();
      const db = new Database(dbPath, { readonly: true });
      const index = "SELECT name FROM sqlite_master WHERE name = 'elapsed_times_time'";
      expect(db.prepare(index).pluck().get()).toBe("elapsed_times_time");
      // Migration 22: whether a round has a hand-set rank is read from a partial index.
      const plan = db
        .prepare(
          "EXPLAIN QUERY PLAN SELECT EXISTS (SELECT 1 FROM elapsed_times WHERE round_id = ? AND rank_given = 1)",
        )
        .all(1) as { detail: string }[];
      expect(plan.map((p) => p.detail).join("\n")).toContain("elapsed_times_rank_given");
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
