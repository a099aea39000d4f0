/**
 * How often a file store's commits checkpoint the WAL (issue 27): every
 * WAL_CHECKPOINT_FRAMES frames, not SQLite's 1,000, so that a run of match reports copies
 * the bracket's pages back into the database file (with two fsyncs) a quarter as often.
 * Checked on the WAL file itself: after 1,500 one-page commits it holds them all (at
 * 1,000 a checkpoint would have restarted it near its start), and closing the store
 * still checkpoints and removes it.
 */
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, WAL_CHECKPOINT_FRAMES } from "../../src/store/database.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A WAL frame: its 24-byte header and a page. */
const frameBytes = (pageSize: number) => pageSize + 24;

describe("WAL checkpoints of a file store", () => {
  it("come every WAL_CHECKPOINT_FRAMES frames, and at close", () => {
    const dir = mkdtempSync(join(tmpdir(), "tourney-wal-"));
    dirs.push(dir);
    const path = join(dir, "store.db");
    const db = openDatabase(path);
    expect(WAL_CHECKPOINT_FRAMES).toBeGreaterThanOrEqual(2000);
    expect(db.pragma("wal_autocheckpoint", { simple: true })).toBe(WAL_CHECKPOINT_FRAMES);
    db.exec("CREATE TABLE filler (id INTEGER PRIMARY KEY, body TEXT NOT NULL)");
    const insert = db.prepare("INSERT INTO filler (body) VALUES (?)");
    // Each row fills a page of its own: at least one frame a commit.
    const pageSize = db.pragma("page_size", { simple: true }) as number;
    for (let i = 0; i < 1500; i++) insert.run("x".repeat(pageSize - 200));
    const frames = (statSync(`${path}-wal`).size - 32) / frameBytes(pageSize);
    expect(frames).toBeGreaterThanOrEqual(1500);
    expect(frames).toBeLessThan(WAL_CHECKPOINT_FRAMES + 100);
    db.close();
    expect(existsSync(`${path}-wal`)).toBe(false);
  });

  it("leaves an in-memory store as SQLite has it (no WAL)", () => {
    const db = openDatabase(":memory:");
    expect(db.pragma("journal_mode", { simple: true })).toBe("memory");
    db.close();
  });
});
