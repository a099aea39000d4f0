/**
 * Stations on auto-assign: a report brings the stations in line without loading every
 * match of the tournament (issue 27: each report listed all open matches as rows, 130,816
 * in a 512-player round robin). Rows loaded counted through the cache's `loaded`, on a
 * fresh context (a CLI process: nothing held). And the changes are the old rule's: a sync
 * with several free stations and many open matches, some queued and some not, leaves the
 * stations and queues as the plan fed every open match's row (the old reads) does.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { reportMatch } from "../../src/service/bracket/match-actions.js";
import { createContext } from "../../src/service/context.js";
import { applyStationChanges, syncStations } from "../../src/service/stations/station-io.js";
import { type MatchFact, stationChanges } from "../../src/service/stations/station-plan.js";
import { openDatabase } from "../../src/store/database.js";
import type { MatchRow } from "../../src/store/match-rows.js";
import { changeState, createWithPlayers } from "../helpers/play.js";
import { startService } from "../helpers/service.js";

const dir = mkdtempSync(join(tmpdir(), "tourney-station-reads-"));
const dbPath = join(dir, "t.db");
const harness = startService({ dbPath });
const db = openDatabase(dbPath);
const opened: { close(): void }[] = [db];

afterAll(async () => {
  (await harness).service.close();
  for (const d of opened) d.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A round robin of `players` on auto-assign with `stations` stations, started. */
async function started(players: number, stations: number): Promise<number> {
  const s = await harness;
  const attributes = { tournament_type: "round robin", station_options: { auto_assign: true } };
  const { id } = await createWithPlayers(s, attributes, players);
  const c = createContext(db, {});
  c.write(() => {
    for (let i = 1; i <= stations; i++)
      c.stations.insert(Number(id), { name: `T${i}`, stream_url: null, details: null }, c.now());
  });
  expect((await changeState(s, id, "start")).status).toBe(200);
  return Number(id);
}

/** Each station's match and each queue, in order: what a sync leaves. */
function layout(c: ReturnType<typeof createContext>, id: number) {
  return {
    stations: c.stations.list(id).map((s) => [s.id, s.match_id]),
    queues: c.stations.queuersOf(id).map((q) => [q.station_id, q.match_id, q.position]),
  };
}

/**
 * What each free station takes by the rule as documented (station-plan.ts), worked out
 * naively here: in station id order, the first open match of its own queue; else the open
 * match earliest in play order (then id) held nowhere and queued nowhere; else the
 * earliest held nowhere. (Every named match is open in the case below.)
 */
function ruleTakes(c: ReturnType<typeof createContext>, id: number): Map<number, number> {
  const open = c.matches
    .list(id, { state: "open" })
    .sort((a, b) => a.suggested_play_order - b.suggested_play_order || a.id - b.id)
    .map((r) => r.id);
  const stations = c.stations.list(id);
  let queuers = c.stations.queuersOf(id);
  const held = new Set(stations.flatMap((s) => (s.match_id === null ? [] : [s.match_id])));
  const takes = new Map<number, number>();
  for (const s of stations) {
    if (s.match_id !== null) continue;
    const queued = new Set(queuers.map((q) => q.match_id));
    const next =
      queuers.find((q) => q.station_id === s.id)?.match_id ??
      open.find((m) => !held.has(m) && !queued.has(m)) ??
      open.find((m) => !held.has(m));
    if (next === undefined) continue;
    takes.set(s.id, next);
    held.add(next);
    queuers = queuers.filter((q) => q.match_id !== next);
  }
  return takes;
}

describe("a report with stations on auto-assign", () => {
  it("round robin of 24, 3 stations: the report loads no row of the 276", async () => {
    const id = await started(24, 3);
    let loaded = 0;
    const c = createContext(db, { cache: { loaded: (_t, rows) => (loaded += rows) } });
    const before = layout(createContext(db, {}), id);
    expect(before.stations.every(([, m]) => m !== null)).toBe(true);
    expect(before.queues.length).toBe(276 - 3);
    const row = c.matches.find(id, before.stations[0]![1] as number)!;
    c.write(() => {
      const t = c.tournaments.findById(id)!;
      const entry = (participantId: number, advancing: boolean) => ({
        participantId,
        sets: [advancing ? 2 : 1],
        rank: undefined,
        advancing,
      });
      reportMatch(c, t, row, {
        entries: [entry(row.player1_id!, true), entry(row.player2_id!, false)],
        tie: false,
      });
    });
    expect(loaded).toBe(0);
    const after = layout(createContext(db, {}), id);
    // The freed station took the first open match of its own queue.
    const own = before.queues.find(([s]) => s === before.stations[0]![0])!;
    expect(after.stations[0]).toEqual([before.stations[0]![0], own[1]]);
    expect(after.queues.length).toBe(276 - 4);
  });

  it("several free stations, many open matches: the same changes as the old reads", async () => {
    const id = await started(20, 6);
    // Free four stations and drop most queue entries, so free stations take from their
    // queues, from unqueued matches in play order and from other queues, then all re-queue.
    const c = createContext(db, {});
    c.write(() => {
      const stations = c.stations.list(id);
      for (const s of stations.slice(1, 5)) c.stations.setMatch(s.id, null, c.now());
      const queuers = c.stations.queuersOf(id);
      for (const q of queuers) if (q.id % 7 !== 0) c.stations.deleteQueuer(q.id);
    });
    const copy = join(dir, "old.db");
    db.prepare("VACUUM INTO ?").run(copy); // the WAL included
    const oldDb = openDatabase(copy);
    opened.push(oldDb);
    const old = createContext(oldDb, {});
    const expected = ruleTakes(old, id);
    old.write(() => {
      const stations = old.stations.list(id);
      const queuers = old.stations.queuersOf(id);
      const matches = new Map<number, MatchFact>();
      const fact = (r: MatchRow) => ({ state: r.state, order: r.suggested_play_order });
      for (const r of old.matches.list(id, { state: "open" })) matches.set(r.id, fact(r));
      const changes = stationChanges({
        autoAssign: true,
        stations: stations.map((s) => ({ id: s.id, matchId: s.match_id })),
        queuers: queuers.map((q) => ({ id: q.id, stationId: q.station_id, matchId: q.match_id })),
        matches,
      });
      expect(changes.filter((ch) => ch.kind === "assign").length).toBe(4);
      applyStationChanges(old.stations, changes, old.now());
    });
    // This context holds the rows (as serve does): the open matches come from them.
    expect(c.matches.list(id, {}).length).toBe(190);
    c.write(() => syncStations(c, c.tournaments.findById(id)!));
    const now = layout(createContext(db, {}), id);
    expect(now).toEqual(layout(createContext(oldDb, {}), id));
    expect(now.stations.every(([, m]) => m !== null)).toBe(true);
    for (const [station, match] of expected)
      expect(now.stations.find(([s]) => s === station)).toEqual([station, match]);
    expect(now.queues.length).toBe(190 - 6);
  });
});
