/**
 * A match row is stored with room for what it gains as it is played (issue 27, migration
 * 18, match-columns.ts GROWTH_ROOM_BYTES): reports on the WAL file write the leaf pages of
 * the rows they change (the revision page only when the last completes the tournament:
 * migration 20 moves the rows' versions instead), no page split off, no interior page of the
 * matches table and no page 1, and the table keeps the pages its start made. Checked on
 * the WAL file's frames (their page numbers, mapped to b-trees by SQLite's dbstat).
 * Without the room (GROWTH_ROOM_BYTES 0, as rows were stored before) a 64-player double
 * elimination's reports split the table's pages: it grew from 7 to 9 pages.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { migrate, openDatabase } from "../../src/store/database.js";
import { GROWTH_ROOM_BYTES } from "../../src/store/match-columns.js";
import { MIGRATIONS } from "../../src/store/migrations.js";
import { startService } from "../helpers/service.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempFile(): string {
  const dir = mkdtempSync(join(tmpdir(), "tourney-growth-"));
  dirs.push(dir);
  return join(dir, "store.db");
}

/** The page numbers of the WAL file's frames, from frame `from` on (32-byte header, 24-byte frame headers). */
function walPages(path: string, pageSize: number, from = 0): number[] {
  const wal = readFileSync(`${path}-wal`);
  const pages: number[] = [];
  for (let at = 32 + from * (24 + pageSize); at + 24 <= wal.length; at += 24 + pageSize)
    pages.push(wal.readUInt32BE(at));
  return pages;
}

/** Each page's b-tree and kind ("matches:leaf"), and how many pages the matches table has. */
function pageMap(path: string) {
  const db = new Database(path, { readonly: true });
  try {
    const rows = db.prepare("SELECT name, pageno, pagetype FROM dbstat").all() as {
      name: string;
      pageno: number;
      pagetype: string;
    }[];
    return {
      of: new Map(rows.map((r) => [r.pageno, `${r.name}:${r.pagetype}`])),
      matchPages: rows.filter((r) => r.name === "matches").length,
    };
  } finally {
    db.close();
  }
}

/** A started 64-player double elimination through the service on the WAL file `path`. */
async function started(path: string) {
  const h = await startService({ dbPath: path });
  const t = await h.request("POST", "/v2.1/tournaments", {
    data: {
      type: "tournament",
      attributes: { name: "Cup", tournament_type: "double elimination" },
    },
  });
  const id = t.json.data.id as string;
  const participants = Array.from({ length: 64 }, (_, i) => ({ name: `P${i + 1}` }));
  await h.request("POST", `/v2.1/tournaments/${id}/participants/bulk_add`, {
    data: { type: "Participants", attributes: { participants } },
  });
  await h.request("PUT", `/v2.1/tournaments/${id}/change_state`, {
    data: { type: "TournamentState", attributes: { state: "start" } },
  });
  return { h, id };
}

/** Reports every open match (player1 wins) until none is open; returns how many. */
async function playOut(h: Awaited<ReturnType<typeof started>>["h"], id: string): Promise<number> {
  let reports = 0;
  const open = async () =>
    (await h.request("GET", `/v2.1/tournaments/${id}/matches?state=open&per_page=1000`)).json.data;
  for (let matches = await open(); matches.length > 0; matches = await open())
    for (const m of matches) {
      const { player1_id: p1, player2_id: p2 } = m.attributes;
      const match = [
        { participant_id: String(p1), score_set: "3", advancing: true },
        { participant_id: String(p2), score_set: "1", advancing: false },
      ];
      const r = await h.request("PUT", `/v2.1/tournaments/${id}/matches/${m.id}`, {
        data: { type: "Match", attributes: { match } },
      });
      expect(r.status).toBe(200);
      reports++;
    }
  return reports;
}

describe("a match row's growth room", () => {
  it("keeps reports on the WAL file to the pages of their rows", async () => {
    const path = tempFile();
    const { h, id } = await started(path);
    const pageSize = 4096;
    const atStart = pageMap(path);
    const framesBefore = walPages(path, pageSize).length;
    const reports = await playOut(h, id);
    expect(reports).toBe(2 * 64 - 2);
    const written = walPages(path, pageSize, framesBefore);
    // No checkpoint in between: every report's frames are still in the WAL file.
    expect(written.length).toBeGreaterThan(reports * 2);
    const after = pageMap(path);
    const kinds = new Set(written.map((page) => after.of.get(page) ?? `page ${page}`));
    h.service.close();
    expect(after.matchPages).toBe(atStart.matchPages);
    const revisionFrames = written.filter(
      (page) => after.of.get(page) === "tournament_revisions:leaf",
    ).length;
    expect(revisionFrames).toBe(1);
    expect([...kinds].sort()).toEqual([
      "matches:leaf",
      "tournament_revisions:leaf",
      "tournaments:leaf", // the tournament completed by the last report
      "tournaments_state_check_in:leaf",
    ]);
  });

  it("is added to a schema-17 store's matches, whose rows keep working", async () => {
    const path = tempFile();
    const old = new Database(path);
    old.pragma("journal_mode = WAL");
    for (const sql of MIGRATIONS.slice(0, 17)) old.exec(sql);
    old.pragma("user_version = 17");
    old.close();
    const db = openDatabase(path);
    expect(db.pragma("user_version", { simple: true })).toBe(MIGRATIONS.length);
    const columns = db.prepare("SELECT name FROM pragma_table_info('matches')").pluck().all();
    expect(columns).toContain("growth_room");
    migrate(db);
    db.close();
    // The migrated store plays a tournament, and another connection's raw SQL still
    // moves the revision (issue 24) of a row given its room.
    const { h, id } = await started(path);
    const other = new Database(path);
    const revision = () =>
      other.prepare("SELECT revision FROM tournament_revisions WHERE tournament_id = ?").pluck();
    const before = revision().get(Number(id)) as number;
    const room = other
      .prepare("SELECT length(growth_room) FROM matches WHERE tournament_id = ? LIMIT 1")
      .pluck()
      .get(Number(id));
    expect(room).toBe(GROWTH_ROOM_BYTES);
    expect(GROWTH_ROOM_BYTES).toBeGreaterThan(0);
    other
      .prepare(
        "UPDATE matches SET underway_at = 'x' WHERE tournament_id = ? AND id = (SELECT MIN(id) FROM matches WHERE tournament_id = ?)",
      )
      .run(Number(id), Number(id));
    expect(revision().get(Number(id))).toBe(before + 1);
    other.prepare("UPDATE matches SET underway_at = NULL WHERE underway_at = 'x'").run();
    other.close();
    expect(await playOut(h, id)).toBe(2 * 64 - 2);
    h.service.close();
  });
});
