/**
 * The triggers stored in tourney's file run in every SQLite that writes it, not only in
 * better-sqlite3's: the sqlite3 shell a user or a script repairs the file with (Debian
 * 12's is 3.40) ran migration 14's `concat()` (SQLite 3.44) and refused any write of a
 * tournament's settings ("no such function: concat"). Migration 17 remakes them with `||`.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createInProcessTransport } from "../../src/client/in-process-transport.js";
import type { Transport } from "../../src/client/transport.js";
import { migrate } from "../../src/store/database.js";
import { MIGRATIONS } from "../../src/store/migrations.js";
import { createSandbox } from "../helpers/cli.js";
import { createWithPlayers } from "../helpers/play.js";
import { startService } from "../helpers/service.js";

const sandbox = createSandbox();
const dbPath = join(sandbox.env.TOURNEY_DATA_DIR!, "tourney.db");
afterAll(() => sandbox.cleanup());

/** The sqlite3 shell on the PATH and its version, when there is one. */
const shell = spawnSync("sqlite3", ["-version"], { encoding: "utf8" });
const shellVersion = shell.status === 0 ? shell.stdout.split(" ")[0] : undefined;

function sqlite3(sql: string) {
  return spawnSync("sqlite3", [dbPath, sql], { encoding: "utf8" });
}

/** stdout of `tournament list --json` through the stored parts, then through the full path. */
async function listBothWays() {
  let text = 0;
  const fast = async (): Promise<Transport> => {
    const real = createInProcessTransport({ dbPath });
    return {
      ...real,
      records: async (request, write) => {
        const out = await real.records!(request, write);
        if (out !== undefined) text++;
        return out;
      },
    };
  };
  const full = async (): Promise<Transport> => {
    const { records: _, ...rest } = createInProcessTransport({ dbPath });
    return rest;
  };
  const args = ["tournament", "list", "--json"];
  const a = await sandbox.run(args, { makeTransport: fast });
  const b = await sandbox.run(args, { makeTransport: full });
  expect(a.code, a.stderr).toBe(0);
  expect(b.code, b.stderr).toBe(0);
  return { fast: a.stdout, full: b.stdout, text: text > 0 };
}

beforeAll(async () => {
  const s = await startService({ dbPath });
  const rich = {
    name: 'Cup "q" ✓',
    tournament_type: "swiss",
    description: "line\nbreak",
    starts_at: "2026-05-01T18:00:00.000Z",
    registration_options: { signup_cap: 64 },
    swiss_options: { rounds: 3 },
  };
  await createWithPlayers(s, rich, 2);
  await createWithPlayers(s, { tournament_type: "single elimination" }, 0);
  s.service.close();
});

describe("the tournament record triggers", () => {
  it("are stored without concat(), from migration 17 on", () => {
    const db = new Database(dbPath, { readonly: true });
    const triggers = db
      .prepare(
        "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'tournaments_record_%'",
      )
      .all() as { name: string; sql: string }[];
    expect(triggers.map((t) => t.name).sort()).toEqual([
      "tournaments_record_delete",
      "tournaments_record_insert",
      "tournaments_record_update",
    ]);
    for (const t of triggers) expect(t.sql, t.name).not.toMatch(/concat\s*\(/i);
    expect(db.pragma("user_version", { simple: true })).toBe(MIGRATIONS.length);
    db.close();
  });

  it("are made again in a store migrated with migration 14's concat() text", () => {
    const db = new Database(":memory:");
    for (const sql of MIGRATIONS.slice(0, 16)) db.exec(sql);
    // as migration 14 wrote them before: the same triggers, their text through concat()
    db.exec(`DROP TRIGGER tournaments_record_insert; DROP TRIGGER tournaments_record_update;
      CREATE TRIGGER tournaments_record_insert AFTER INSERT ON tournaments BEGIN
        INSERT OR REPLACE INTO tournament_records (tournament_id, head) VALUES (NEW.id, concat('{"id":', NEW.id));
      END;
      CREATE TRIGGER tournaments_record_update AFTER UPDATE OF settings ON tournaments BEGIN
        INSERT OR REPLACE INTO tournament_records (tournament_id, head) VALUES (NEW.id, concat('{"id":', NEW.id));
      END;`);
    db.pragma("user_version = 16");
    migrate(db);
    const sql = db
      .prepare("SELECT group_concat(sql, ';') FROM sqlite_master WHERE type = 'trigger'")
      .pluck()
      .get() as string;
    expect(sql).toContain("tournaments_record_insert");
    expect(sql).toContain("tournaments_record_update");
    expect(sql).not.toMatch(/concat\s*\(/i);
    db.close();
  });

  it.skipIf(shellVersion === undefined)(
    `run in the sqlite3 shell (${shellVersion ?? "none on the PATH"}): its writes of the settings make the same record`,
    async () => {
      const update = sqlite3(
        `UPDATE tournaments SET settings = json_remove(json_set(settings, '$.name', 'Fixed ½'), '$.description') WHERE id = 1;
         INSERT INTO tournaments (url, name, tournament_type, settings, created_at, updated_at)
           SELECT 'copy', name, tournament_type, json_set(settings, '$.url', 'copy'), created_at, updated_at
           FROM tournaments WHERE id = 2;`,
      );
      expect(update.stderr).toBe("");
      expect(update.status).toBe(0);
      const { fast, full, text } = await listBothWays();
      expect(text).toBe(true);
      expect(fast).toBe(full);
      const records = JSON.parse(fast);
      expect(records.map((r: { url: string }) => r.url)).toContain("copy");
      expect(records[0].name).toBe("Fixed ½");
      expect(records[0]).not.toHaveProperty("description");
    },
  );
});
