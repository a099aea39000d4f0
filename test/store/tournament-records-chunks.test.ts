/**
 * The embedded list's text (store/tournament-records-json.ts) is aggregated
 * RECORDS_PER_CHUNK records a statement, in one read transaction (issue 27: SQLite's
 * text of 1,000 records in one aggregate grew into fresh memory): the parts are the
 * brackets, the chunks and commas between them, and the bytes are the full path's, with
 * and without a filter, across chunk boundaries.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createInProcessTransport } from "../../src/client/in-process-transport.js";
import type { Transport } from "../../src/client/transport.js";
import { openForReading } from "../../src/store/read-only.js";
import {
  RECORDS_PER_CHUNK,
  tournamentRecordsJson,
} from "../../src/store/tournament-records-json.js";
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

describe("the list's text in chunks", () => {
  it("is the brackets around the chunks of RECORDS_PER_CHUNK records, commas between them", () => {
    const db = openForReading(dbPath)!;
    try {
      const text = tournamentRecordsJson(db, {})!;
      const parts = text.json.map((p) => Buffer.from(p).toString("utf8"));
      // [ chunk , chunk , chunk ]\n
      expect(parts.length).toBe(7);
      expect(parts[0]).toBe("[");
      expect(parts[2]).toBe(",");
      expect(parts[4]).toBe(",");
      expect(parts[6]).toBe("]\n");
      const records = JSON.parse(parts.join(""));
      expect(records.length).toBe(COUNT);
      expect(JSON.parse(`[${parts[1]}]`).length).toBe(RECORDS_PER_CHUNK);
      expect(text.keys.map((k) => k.id)).toEqual(records.map((r: { id: number }) => r.id));
      expect(text.keys.every((k, i) => i === 0 || k.id > text.keys[i - 1]!.id)).toBe(true);
      // A filter that selects nothing: the brackets alone.
      const none = tournamentRecordsJson(db, { states: ["complete"] })!;
      expect(Buffer.concat(none.json.map((p) => Buffer.from(p))).toString()).toBe("[]\n");
    } finally {
      db.close();
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
