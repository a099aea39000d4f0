/**
 * When the cache looks at other connections' commits (PRAGMA data_version; issue 27,
 * the file store near SQLite's floor): a write request whose reads all happen inside
 * its write transaction looks once, inside it, not also in a read transaction of its
 * own before it (4 of a report's 8 fcntl calls on a WAL file). A read still sees
 * another connection's commit.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { createContext } from "../../src/service/context.js";
import { defaultSettings } from "../../src/service/validation/tournament-settings.js";
import { type Db, openDatabase } from "../../src/store/database.js";

const dir = mkdtempSync(join(tmpdir(), "tourney-cache-look-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const NOW = "2026-11-26T10:00:00.000Z";

/** A database file whose PRAGMA data_version reads are recorded: inside a transaction or not. */
function watched(name: string): { db: Db; looks: boolean[] } {
  const db = openDatabase(join(dir, `${name}.db`));
  const looks: boolean[] = [];
  const prepare = db.prepare.bind(db);
  db.prepare = ((sql: string) => {
    const statement = prepare(sql);
    if (sql !== "PRAGMA data_version") return statement;
    const get = statement.get.bind(statement);
    return Object.assign(statement, {
      get: (...params: unknown[]) => {
        looks.push(db.inTransaction);
        return get(...params);
      },
    });
  }) as Db["prepare"];
  return { db, looks };
}

function insertTournament(db: Db, url: string): number {
  const settings = { ...defaultSettings(), name: url, url };
  const result = db
    .prepare(
      "INSERT INTO tournaments (url, name, tournament_type, state, settings, created_at, updated_at) VALUES (?, ?, 'swiss', 'pending', ?, ?, ?)",
    )
    .run(url, url, JSON.stringify(settings), NOW, NOW);
  return Number(result.lastInsertRowid);
}

describe("the cache's look at other connections' commits", () => {
  it("is taken once a write request, inside its write transaction", () => {
    const { db, looks } = watched("write");
    const id = insertTournament(db, "one");
    const context = createContext(db, {});
    looks.length = 0;
    // A report's shape (routes/matches.ts): nothing read before the write.
    context.inRequest(() =>
      context.write(() => {
        const row = context.tournaments.findById(id)!;
        context.tournaments.updateSettings(id, { ...row.settings, name: "renamed" }, NOW);
      }),
    );
    expect(looks).toEqual([true]);
    db.close();
  });

  it("still sees another connection's commit on the next read", () => {
    const { db, looks } = watched("read");
    const id = insertTournament(db, "two");
    const context = createContext(db, {});
    const name = () => context.inRequest(() => context.tournaments.findById(id)!.settings.name);
    expect(name()).toBe("two");
    const other = new Database(join(dir, "read.db"));
    const row = other.prepare("SELECT settings FROM tournaments WHERE id = ?").get(id) as {
      settings: string;
    };
    const settings = { ...JSON.parse(row.settings), name: "changed elsewhere" };
    other
      .prepare("UPDATE tournaments SET settings = ? WHERE id = ?")
      .run(JSON.stringify(settings), id);
    other.close();
    looks.length = 0;
    expect(name()).toBe("changed elsewhere");
    // A read request looks outside any transaction, once, before its first read.
    expect(looks).toEqual([false]);
    db.close();
  });
});
