/**
 * A participant or match row inserted by another writer than tourney (the sqlite3 shell,
 * a second connection) is counted and moves its tournament's revision (migration 19,
 * migration-participant-counts.ts), while tourney's own inserts keep counting once a
 * statement: since migrations 15 and 16 such a row was not counted, the next bulk add gave
 * a seed twice, and serve's snapshot (which compares revisions) stayed stale.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { migrate } from "../../src/store/database.js";
import { MIGRATIONS } from "../../src/store/migrations.js";
import { createWithPlayers } from "../helpers/play.js";
import { closeAfter, NOW, revision, revisionTournament } from "../helpers/revision-store.js";
import { participantsBody, type ServiceHarness, startService } from "../helpers/service.js";

const dir = mkdtempSync(join(tmpdir(), "tourney-foreign-inserts-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

const shell = spawnSync("sqlite3", ["-version"], { encoding: "utf8" });
const hasShell = shell.status === 0;

const RAW_PARTICIPANT = `INSERT INTO participants (tournament_id, name, seed, created_at, updated_at)
  SELECT id, ?, participants_count + 1, '${NOW}', '${NOW}' FROM tournaments WHERE url = 'cup'`;

type Writer = (dbPath: string, name: string) => void;

const throughShell: Writer = (dbPath, name) => {
  const sql = RAW_PARTICIPANT.replace("?", `'${name}'`);
  const r = spawnSync("sqlite3", [dbPath, sql], { encoding: "utf8" });
  expect(r.status, r.stderr).toBe(0);
};

const throughConnection: Writer = (dbPath, name) => {
  const db = new Database(dbPath);
  try {
    db.prepare(RAW_PARTICIPANT).run(name);
  } finally {
    db.close();
  }
};

/** Count, rows and revision of the tournament, read by a connection of its own. */
function look(dbPath: string) {
  const db = new Database(dbPath, { readonly: true });
  try {
    const q = (sql: string) => db.prepare(sql).pluck().get();
    return {
      count: q("SELECT participants_count FROM tournaments WHERE url = 'cup'"),
      rows: q("SELECT COUNT(*) FROM participants"),
      revision: q("SELECT revision FROM tournament_revisions") as number,
    };
  } finally {
    db.close();
  }
}

async function bulkAdd(s: ServiceHarness, names: string[]): Promise<number[]> {
  const r = await s.request(
    "POST",
    "/v2.1/tournaments/cup/participants/bulk_add",
    participantsBody(names),
  );
  expect(r.status, r.body).toBe(200);
  return r.json.data.map((p: { attributes: { seed: number } }) => p.attributes.seed);
}

async function seeds(s: ServiceHarness): Promise<number[]> {
  const r = await s.request("GET", "/v2.1/tournaments/cup/participants?per_page=1000");
  expect(r.status, r.body).toBe(200);
  return r.json.data
    .map((p: { attributes: { seed: number } }) => p.attributes.seed)
    .sort((a: number, b: number) => a - b);
}

describe.each([
  ["the sqlite3 shell", throughShell, hasShell],
  ["a second better-sqlite3 connection", throughConnection, true],
])("a participant inserted through %s", (_, write, present) => {
  it.skipIf(!present)(
    `is counted, moves the revision, and the next bulk add follows on${present ? "" : " (skipped: no sqlite3 on the PATH)"}`,
    async () => {
      const dbPath = join(dir, `t${++files}.db`);
      const s = await startService({ dbPath });
      try {
        await createWithPlayers(s, { url: "cup", tournament_type: "single elimination" }, 2);
        const before = look(dbPath);
        expect(before).toMatchObject({ count: 2, rows: 2 });
        write(dbPath, "Outsider");
        const after = look(dbPath);
        expect(after).toMatchObject({ count: 3, rows: 3 });
        expect(after.revision).toBeGreaterThan(before.revision);
        const shown = await s.request("GET", "/v2.1/tournaments/cup");
        expect(shown.json.data.attributes.participants_count).toBe(3);
        expect(await bulkAdd(s, ["P3", "P4"])).toEqual([4, 5]);
        expect(await seeds(s)).toEqual([1, 2, 3, 4, 5]);
        expect(look(dbPath)).toMatchObject({ count: 5, rows: 5 });
        const started = await s.request("PUT", "/v2.1/tournaments/cup/change_state", {
          data: { type: "TournamentState", attributes: { state: "start" } },
        });
        expect(started.status, started.body).toBe(200);
      } finally {
        s.service.close();
      }
    },
  );
});

describe("tourney's own inserts", () => {
  it("count each row once and move the revision once a bulk add", () => {
    const { db, service, id } = revisionTournament(true);
    const before = revision(db, id) as number;
    const named = (i: number) => ({ name: `P${i}`, misc: null, username: null, email: null });
    service.write(() =>
      service.participants.appendMany(
        id,
        Array.from({ length: 150 }, (_, i) => named(i)),
        NOW,
      ),
    );
    service.write(() => service.participants.insert(id, named(999), NOW));
    const row = db.prepare("SELECT participants_count FROM tournaments WHERE id = ?").pluck();
    expect(row.get(id)).toBe(151);
    expect(revision(db, id)).toBe(before + 2);
    // A row another writer inserts on the same file is counted by the trigger.
    db.prepare(
      "INSERT INTO participants (tournament_id, name, seed, created_at, updated_at) VALUES (?, 'Raw', 152, ?, ?)",
    ).run(id, NOW, NOW);
    expect(row.get(id)).toBe(152);
    expect(revision(db, id)).toBe(before + 3);
  });
});

describe("a match row inserted by another writer", () => {
  it("moves the revision; tourney's own insert of 150 moves it once", () => {
    const { db, service, id } = revisionTournament(false);
    const before = revision(db, id) as number;
    const source = (p: number) => JSON.stringify({ type: "participant", participantId: p });
    service.write(() =>
      service.matches.insertMany(
        id,
        Array.from({ length: 150 }, (_, i) => ({
          stage: "final",
          groupId: null,
          key: `R1-${i}`,
          side: "round_robin",
          round: 1,
          identifier: `M${i}`,
          suggestedPlayOrder: i,
          player1Source: source(2 * i),
          player2Source: source(2 * i + 1),
          onlyIfLoserWins: null,
          active: true,
          player1Id: 2 * i,
          player2Id: 2 * i + 1,
          state: "open",
        })),
        NOW,
      ),
    );
    expect(revision(db, id)).toBe(before + 1);
    db.prepare(
      `INSERT INTO matches (tournament_id, stage, plan_key, side, round, identifier, suggested_play_order,
         player1_source, player2_source, created_at, updated_at)
       VALUES (?, 'final', 'X', 'round_robin', 1, 'X', 999, '{}', '{}', ?, ?)`,
    ).run(id, NOW, NOW);
    expect(revision(db, id)).toBe(before + 2);
  });
});

describe("a schema-18 store", () => {
  it("migrates: its counts kept, raw inserts counted after", () => {
    const db = closeAfter(new Database(":memory:"));
    for (const sql of MIGRATIONS.slice(0, 18)) db.exec(sql);
    db.pragma("user_version = 18");
    db.exec(`INSERT INTO tournaments (url, name, tournament_type, settings, created_at, updated_at)
      VALUES ('cup', 'Cup', 'single elimination', '{}', '${NOW}', '${NOW}')`);
    db.exec(`INSERT INTO participants (tournament_id, name, seed, created_at, updated_at)
      VALUES (1, 'A', 1, '${NOW}', '${NOW}')`);
    db.exec("UPDATE tournaments SET participants_count = 1");
    migrate(db);
    expect(db.pragma("user_version", { simple: true })).toBe(MIGRATIONS.length);
    const count = db.prepare("SELECT participants_count FROM tournaments").pluck();
    expect(count.get()).toBe(1);
    expect(db.prepare("SELECT insert_counted FROM participants").pluck().get()).toBe(0);
    const before = revision(db, 1) as number;
    db.exec(`INSERT INTO participants (tournament_id, name, seed, created_at, updated_at)
      VALUES (1, 'B', 2, '${NOW}', '${NOW}')`);
    expect(count.get()).toBe(2);
    expect(revision(db, 1)).toBeGreaterThan(before);
    db.exec(`INSERT INTO races (url, name, race_type, settings, created_at, updated_at)
      VALUES ('dash', 'Dash', 'time trial', '{}', '${NOW}', '${NOW}')`);
    db.exec(`INSERT INTO race_participants (race_id, name, seed, created_at, updated_at)
      VALUES (1, 'R', 1, '${NOW}', '${NOW}')`);
    expect(db.prepare("SELECT participants_count FROM races").pluck().get()).toBe(1);
  });
});
