#!/usr/bin/env node
// The floor under bench/engine.mjs --store file (issue 12): what SQLite itself costs per
// write transaction on this machine, with nothing of tourney around it. A report of a
// double elimination is one transaction that updates about three match rows (the result,
// and the winner's and loser's next slots) on different pages; the CLI and `serve` keep
// their database in WAL mode with synchronous = NORMAL, and must take SQLite's file locks
// on every transaction, since another process (the CLI beside `serve`) may use the file.
// Printed: microseconds per transaction of 1 and of 3 row updates, in memory and on a WAL
// file, medians of --runs, and what the file's extra cost alone adds to 2,046 reports (a
// 1,024-player double elimination played out).
// --autocheckpoint N: the WAL file's checkpoint interval in frames (default SQLite's 1,000;
// the store uses src/store/database.ts WAL_CHECKPOINT_FRAMES).
// --per-transaction: also each transaction timed alone, and the median transaction printed
// (its p50: what one costs without the checkpoints and pauses the mean spreads over all).
// Usage: node bench/sqlite-floor.mjs [--runs 5] [--transactions 20000] [--autocheckpoint N]
//                                    [--per-transaction]
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";

const require = createRequire(import.meta.url);
const Database = require("better-sqlite3");

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "5" },
    transactions: { type: "string", default: "20000" },
    autocheckpoint: { type: "string" },
    "per-transaction": { type: "boolean", default: false },
  },
});
const runs = Number(args.runs);
const count = Number(args.transactions);
const ROWS = 2048;
const tmp = mkdtempSync(join(tmpdir(), "tourney-sqlite-floor-"));

function open(kind, run) {
  const db = new Database(kind === "memory" ? ":memory:" : join(tmp, `floor-${run}.db`));
  if (kind === "file") db.pragma("journal_mode = WAL");
  if (kind === "file" && args.autocheckpoint !== undefined)
    db.pragma(`wal_autocheckpoint = ${Number(args.autocheckpoint)}`);
  db.pragma("synchronous = NORMAL");
  db.exec("CREATE TABLE m (id INTEGER PRIMARY KEY, state TEXT, winner INTEGER, body TEXT)");
  const insert = db.prepare("INSERT INTO m (state, winner, body) VALUES ('open', NULL, ?)");
  db.transaction(() => {
    for (let i = 0; i < ROWS; i++) insert.run("x".repeat(300));
  })();
  return db;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Microseconds per transaction updating `rows` rows spread over the table; with `each`,
 * the median of the transactions timed one by one instead.
 */
function perTransaction(db, rows, each = false) {
  const update = db.prepare("UPDATE m SET state = 'complete', winner = ? WHERE id = ?");
  const write = db.transaction((i) => {
    for (let r = 0; r < rows; r++) update.run(i, 1 + ((i * 7 + r * 683) % ROWS));
  });
  if (each) {
    const times = new Float64Array(count);
    for (let i = 0; i < count; i++) {
      const t = process.hrtime.bigint();
      write.immediate(i);
      times[i] = Number(process.hrtime.bigint() - t) / 1000;
    }
    return median(times);
  }
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < count; i++) write.immediate(i);
  return Number(process.hrtime.bigint() - t0) / count / 1000;
}

try {
  const figures = {};
  for (let run = 0; run < runs; run++)
    for (const kind of ["memory", "file"]) {
      const db = open(kind, run);
      for (const rows of [1, 3]) {
        const name = `${kind} ${rows}`;
        figures[name] = [...(figures[name] ?? []), perTransaction(db, rows)];
      }
      if (args["per-transaction"] && kind === "file") {
        const name = "file 3 median";
        figures[name] = [...(figures[name] ?? []), perTransaction(db, 3, true)];
      }
      db.close();
    }
  console.log(
    `bench/sqlite-floor: median of ${runs} runs of ${count} transactions (Node ${process.version})`,
  );
  for (const [name, xs] of Object.entries(figures)) {
    const label = name.endsWith(" median")
      ? `${name.slice(0, -7)} row(s), median transaction`
      : `${name} row(s) a transaction`;
    console.log(label.padEnd(32), `${median(xs).toFixed(2)} us`);
  }
  const extra = median(figures["file 3"]) - median(figures["memory 3"]);
  console.log(
    `a WAL file adds ${extra.toFixed(1)} us a 3-row transaction: ${((extra * 2046) / 1000).toFixed(1)} ms over the 2,046 reports of a 1,024-player double elimination`,
  );
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
