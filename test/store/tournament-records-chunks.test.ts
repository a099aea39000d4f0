/**
 * The embedded list's text (store/tournament-records-json.ts) is aggregated
 * RECORDS_PER_CHUNK records a statement, in one read transaction (issue 27: SQLite's
 * text of 1,000 records in one aggregate grew into fresh memory), written in one call once
 * the read has ended: the parts are the brackets, the chunks and commas between them; what
 * makes the list step aside is known before the first byte; and the bytes are the full path's, with and without a filter, across
 * chunk boundaries.
 */
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tournamentWord } from "../../src/cli/completion/remember.js";
import { createInProcessTransport } from "../../src/client/in-process-transport.js";
import type { Transport } from "../../src/client/transport.js";
import type { Db } from "../../src/store/database.js";
import { openForReading } from "../../src/store/read-only.js";
import { writeTournamentFieldsJson } from "../../src/store/tournament-fields-json.js";
import {
  chunkStatement,
  lastIdInOrder,
  RECORDS_PER_CHUNK,
  writeTournamentRecordsJson,
} from "../../src/store/tournament-records-json.js";
import { whereClause } from "../../src/store/tournaments-repository.js";
import { createSandbox } from "../helpers/cli.js";
import { changeState, createWithPlayers } from "../helpers/play.js";
import { startService } from "../helpers/service.js";

const sandbox = createSandbox();
const dbPath = join(sandbox.env.TOURNEY_DATA_DIR!, "tourney.db");
afterAll(() => sandbox.cleanup());

/** Two chunks and a part of a third. */
const COUNT = 2 * RECORDS_PER_CHUNK + 5;

beforeAll(async () => {
  const s = await startService({ dbPath });
  for (let i = 0; i < COUNT; i++) {
    const type = i % 3 === 0 ? "round robin" : "single elimination";
    const t = await createWithPlayers(
      s,
      { name: `Chunk ${i} "✓"`, tournament_type: type },
      i % 7 === 0 ? 3 : 0,
    );
    if (i % 7 === 0) await changeState(s, t.id, "start");
  }
  s.service.close();
});

const withoutText = async (): Promise<Transport> => {
  const { records: _records, ...rest } = createInProcessTransport({ dbPath });
  return rest;
};

async function both(args: readonly string[]): Promise<{ fast: string; full: string }> {
  const a = await sandbox.run(args);
  const b = await sandbox.run(args, { makeTransport: withoutText });
  expect(a.code, a.stderr).toBe(0);
  expect(b.code, b.stderr).toBe(0);
  return { fast: a.stdout, full: b.stdout };
}

/** What writeTournamentRecordsJson wrote, a call at a time, and whether the read was open then. */
function written(db: Db, filter: object, answer = () => true) {
  const calls: { parts: string[]; reading: boolean }[] = [];
  const text = writeTournamentRecordsJson(db, filter, (parts) => {
    calls.push({
      parts: parts.map((p) => Buffer.from(p).toString("utf8")),
      reading: db.inTransaction,
    });
    return answer();
  });
  return { calls, text };
}

describe("the list's text in chunks", () => {
  it("is the brackets around the chunks of RECORDS_PER_CHUNK records, written once the read has ended", () => {
    const db = openForReading(dbPath)!;
    try {
      const { calls, text } = written(db, {});
      // [ chunk , chunk , chunk ]\n, in one write of all the parts (one writev, not a write a
      // chunk), after the read transaction.
      expect(calls.map((c) => c.parts.length)).toEqual([7]);
      expect(calls.every((c) => !c.reading)).toBe(true);
      const parts = calls.flatMap((c) => c.parts);
      expect(parts[0]).toBe("[");
      expect(parts[2]).toBe(",");
      expect(parts[4]).toBe(",");
      expect(parts[6]).toBe("]\n");
      const records = JSON.parse(parts.join(""));
      expect(records.length).toBe(COUNT);
      expect(JSON.parse(`[${parts[1]}]`).length).toBe(RECORDS_PER_CHUNK);
      expect(text!.words).toEqual(records.map(tournamentWord));
      // A filter that selects nothing: the brackets alone.
      expect(written(db, { states: ["complete"] }).calls.map((c) => c.parts)).toEqual([["[]\n"]]);
    } finally {
      db.close();
    }
  });

  it("reads a chunk's ids in place, and tells ids that do not increase (the chunk is then made sorted)", () => {
    expect(lastIdInOrder("5", 0)).toBe(5);
    expect(lastIdInOrder("3,4,17,120", 2)).toBe(120);
    expect(lastIdInOrder("3,17,4", 0)).toBeUndefined();
    expect(lastIdInOrder("3,3", 0)).toBeUndefined();
    expect(lastIdInOrder("3,4", 3)).toBeUndefined();
  });

  it("writes once, with every word read, also when the reader has gone", () => {
    const db = openForReading(dbPath)!;
    try {
      const { calls, text } = written(db, {}, () => false);
      expect(calls.length).toBe(1);
      expect(text!.words.length).toBe(COUNT);
    } finally {
      db.close();
    }
  });

  it("holds no read open while its reader is slow: another process's write is checkpointed meanwhile", () => {
    const db = openForReading(dbPath)!;
    const other = new Database(dbPath);
    const checkpoints: { log: number; checkpointed: number }[] = [];
    try {
      // A reader that takes its time (a `| less` left open): meanwhile another process
      // writes and checkpoints. A write from inside the read transaction kept every frame
      // past the list's snapshot in the WAL (checkpointed 0 of log).
      writeTournamentRecordsJson(db, {}, () => {
        if (checkpoints.length === 0) {
          other.prepare("UPDATE tournaments SET updated_at = updated_at WHERE id = 1").run();
          checkpoints.push(
            (
              other.pragma("wal_checkpoint(PASSIVE)") as { log: number; checkpointed: number }[]
            )[0]!,
          );
        }
        return true;
      });
      expect(checkpoints[0]!.log).toBeGreaterThan(0);
      expect(checkpoints[0]!.checkpointed).toBe(checkpoints[0]!.log);
    } finally {
      other.close();
      db.close();
    }
  });

  it("steps aside before the first byte when a row past the first chunk has no stored part", async () => {
    const last = new Database(dbPath);
    const id = last.prepare("SELECT max(id) FROM tournaments").pluck().get() as number;
    const head = last.prepare("SELECT head FROM tournament_records WHERE tournament_id = ?");
    const kept = head.pluck().get(id);
    last.prepare("UPDATE tournament_records SET head = NULL WHERE tournament_id = ?").run(id);
    try {
      const db = openForReading(dbPath)!;
      const { calls, text } = written(db, {});
      // The fields' text too (the same chunks' check).
      const fieldCalls: unknown[] = [];
      const fields = writeTournamentFieldsJson(db, {}, { fields: ["id", "name"] }, (parts) => {
        fieldCalls.push(parts);
        return true;
      });
      db.close();
      expect(text).toBeUndefined();
      expect(calls).toEqual([]);
      expect(fields).toBeUndefined();
      expect(fieldCalls).toEqual([]);
      const { fast, full } = await both(["tournament", "list", "--json"]);
      expect(fast).toBe(full);
      expect(JSON.parse(fast).length).toBe(COUNT);
    } finally {
      last.prepare("UPDATE tournament_records SET head = ? WHERE tournament_id = ?").run(kept, id);
      last.close();
    }
  });

  it("prints the full path's bytes across the chunks, with and without a filter", async () => {
    for (const args of [
      ["tournament", "list", "--json"],
      ["tournament", "list", "--json", "--state", "pending"],
      ["tournament", "list", "--json", "--type", "round robin"],
    ]) {
      const { fast, full } = await both(args);
      expect(fast).toBe(full);
      expect(JSON.parse(fast).length).toBeGreaterThan(0);
    }
    expect(JSON.parse((await both(["tournament", "list", "--json"])).fast).length).toBe(COUNT);
  });
});

describe("a chunk's statement", () => {
  it("makes no temporary b-tree, index or sorter (each costs fresh memory a statement)", () => {
    const db = new Database(dbPath, { readonly: true });
    try {
      // (A filter of states is an IN list, for which SQLite makes a table of its own.)
      for (const filter of [{}, { type: "round robin", createdAfter: "2000-01-01" }]) {
        const where = whereClause(filter);
        const plan = db
          .prepare(`EXPLAIN ${chunkStatement(where.sql, false)}`)
          .all(...where.params, 0) as { opcode: string }[];
        const temporary = plan
          .map((op) => op.opcode)
          .filter((op) => /Ephemeral|Autoindex|Sorter/.test(op));
        expect(temporary, JSON.stringify(filter)).toEqual([]);
      }
    } finally {
      db.close();
    }
  });

  it("reads the tournaments in id order whatever the filter: no index of a filter's column, no sort", () => {
    const db = new Database(dbPath, { readonly: true });
    try {
      for (const filter of [
        {},
        { states: ["pending", "checking_in", "checked_in", "accepting_predictions"] },
        { states: ["underway"], type: "round robin" },
        { createdAfter: "2000-01-01", createdBefore: "2100-01-01" },
      ]) {
        const where = whereClause(filter);
        const plan = (
          db
            .prepare(`EXPLAIN QUERY PLAN ${chunkStatement(where.sql, false)}`)
            .all(...where.params, 0) as { detail: string }[]
        ).map((row) => row.detail);
        // The state index (state, check_in_opens_at) made each chunk sort every row after `?`.
        expect(plan, JSON.stringify(filter)).toContain(
          "SEARCH t USING INTEGER PRIMARY KEY (rowid>?)",
        );
        expect(plan.filter((detail) => /TEMP B-TREE/.test(detail))).toEqual([]);
      }
    } finally {
      db.close();
    }
  });
});
