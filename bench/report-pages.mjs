#!/usr/bin/env node
// Which pages and statements a match report writes and runs on the WAL file (issue 27: the
// file store near SQLite's floor, whose 3-row transaction writes 3 frames). A --size double
// elimination is made, started and played out through the service in process, as
// bench/report-syscalls.mjs plays it. After each report, the frames it appended to the -wal
// file (a 32-byte header, then frames of a 24-byte header and a page) are read for their page
// numbers; at the end each page is named by SQLite's dbstat (b-tree and page kind). The
// statements are counted by wrapping the native addon's methods (Statement run/get/all/iterate,
// Database prepare/exec; db.pragma is a prepare and a get), which the bundled service shares
// with this process. Printed, for this checkout and --against DIR's: frames a report in all and
// by b-tree; the rows a report changes, by its statements (their `changes`) and by triggers
// (SQLite's total_changes() less those); the statements a report runs, each with its median
// time; and the median report beside the median of its statements' time together and of the
// rest (the service's JavaScript; each wrapped call adds ~0.1-0.2 us to the statements). The
// first report of the game is left out (it warms the cache). --cases N plays N-1 cases first in
// the same process, each a new service and file, and measures the Nth (5 warm-up cases: the
// "settled" figure of bench/report-syscalls.mjs).
// Usage: node bench/report-pages.mjs [--size 1024] [--cases 1] [--against DIR]
import { closeSync, fstatSync, mkdtempSync, openSync, readSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import {
  bundleService,
  doubleEliminationWith,
  lowerSeedWins,
  openMatches,
  serviceCall,
  startTournament,
} from "./service-bundle.mjs";

const { values: args } = parseArgs({
  options: {
    size: { type: "string", default: "1024" },
    cases: { type: "string", default: "1" },
    against: { type: "string" },
  },
});
const size = Number(args.size);
const cases = Number(args.cases);
if (!Number.isInteger(cases) || cases < 1) throw new Error("--cases must be a whole number >= 1");
const root = fileURLToPath(new URL("..", import.meta.url));
const require = createRequire(import.meta.url);
const Database = require("better-sqlite3");
const addon = require(join(root, "node_modules/better-sqlite3/build/Release/better_sqlite3.node"));
const tmp = mkdtempSync(join(tmpdir(), "tourney-bench-pages-"));

let counting = false;
let statements = new Map();
/** Each counted statement's times (us), by method and SQL; and this report's statement time (ns). */
let timings = new Map();
let statementNs = 0n;
/** Rows the counted statements changed (`run`'s changes: triggers' rows are not in it). */
let directChanges = 0;
/** A connection the service prepared on (the native Database), for total_changes(). */
let serviceDb;
const name = (label, source) => `${label} ${source.replace(/\s+/g, " ")}`;
function counted(key, t0) {
  const ns = process.hrtime.bigint() - t0;
  statementNs += ns;
  statements.set(key, (statements.get(key) ?? 0) + 1);
  const times = timings.get(key) ?? [];
  if (times.length === 0) timings.set(key, times);
  times.push(Number(ns) / 1000);
}
/** Counts and times the statements run through `loaded` (an instance of the native addon). */
function countStatements(loaded) {
  for (const method of ["run", "get", "all", "iterate"]) {
    const native = loaded.Statement.prototype[method];
    loaded.Statement.prototype[method] = function (...params) {
      if (!counting) return native.apply(this, params);
      const t0 = process.hrtime.bigint();
      const result = native.apply(this, params);
      counted(name(method, this.source), t0);
      if (method === "run") directChanges += result.changes;
      return result;
    };
  }
  for (const method of ["prepare", "exec"]) {
    const native = loaded.Database.prototype[method];
    loaded.Database.prototype[method] = function (...params) {
      if (method === "prepare") serviceDb ??= this;
      if (!counting) return native.apply(this, params);
      const t0 = process.hrtime.bigint();
      const result = native.apply(this, params);
      counted(name(method, String(params[0])), t0);
      return result;
    };
  }
}
countStatements(addon);
// The store loads its own instance of the addon with process.dlopen (src/store/native-binding.ts):
// each load is a new instance with classes of its own, wrapped as it is loaded.
const dlopen = process.dlopen;
process.dlopen = function (module, file, ...rest) {
  const result = dlopen.call(this, module, file, ...rest);
  if (file.endsWith("better_sqlite3.node") && module.exports?.Statement !== undefined)
    countStatements(module.exports);
  return result;
};

/**
 * The WAL file's salt (new when a checkpointed WAL restarts from its start), its frame count
 * and the page numbers of its frames from frame `from` on: the frames of the current WAL, those
 * with its salt (a restarted WAL keeps the old frames past the new ones until overwritten).
 * Only the frames from `from` are read while the salt is still `salt` (a WAL restarted since is
 * read from its start): a few reads a report, not one for every frame of the WAL, which made
 * the reports it was read between several times slower.
 */
function walFrames(path, from = 0, salt = undefined) {
  const fd = openSync(`${path}-wal`, "r");
  try {
    const header = Buffer.alloc(32);
    readSync(fd, header, 0, 32, 0);
    const pageSize = header.readUInt32BE(8);
    const now = header.readUInt32BE(16);
    const first = now === salt ? from : 0;
    const size = fstatSync(fd).size;
    const pages = [];
    const frame = Buffer.alloc(16);
    let count = first;
    for (let at = 32 + first * (24 + pageSize); at + 24 + pageSize <= size; at += 24 + pageSize) {
      readSync(fd, frame, 0, 16, at);
      if (frame.readUInt32BE(8) !== now) break;
      pages.push(frame.readUInt32BE(0));
      count++;
    }
    return { salt: now, count, pages };
  } finally {
    closeSync(fd);
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** One played-out case of `bundlePath` (after `cases` - 1 played alike): frames, rows, statements, time. */
async function measure(bundlePath, label) {
  const tourney = await import(bundlePath);
  let result;
  for (let c = 1; c <= cases; c++) {
    const db = join(tmp, `${label}-${c}.db`);
    const service = await tourney.openService({ dbPath: db });
    result = await playOut(service, db, c === cases);
    service.close();
    if (c < cases)
      for (const suffix of ["", "-wal", "-shm"]) rmSync(`${db}${suffix}`, { force: true });
  }
  return result;
}

/** Plays the case out; with `measured`, the WAL's frames, rows, statements and times of its reports. */
async function playOut(service, db, measured) {
  const call = serviceCall(service);
  const { id, seedOf } = await doubleEliminationWith(call, size);
  await startTournament(call, id);
  const open = () => openMatches(call, id);
  const written = [];
  const reportUs = [];
  const statementUs = [];
  let reports = 0;
  let triggerChanges = 0;
  let rowChanges = 0;
  statements = new Map();
  timings = new Map();
  serviceDb = undefined;
  let totalChanges;
  let wal = measured ? walFrames(db) : undefined;
  for (let matches = await open(); matches.length > 0; matches = await open())
    for (const m of matches) {
      const [path, body] = lowerSeedWins(id, m, seedOf);
      // Prepared on the service's connection (total_changes is a connection's), outside the count.
      totalChanges ??= serviceDb?.prepare("SELECT total_changes() AS n", {}, false);
      const changesBefore = measured ? totalChanges?.get().n : 0;
      counting = measured && reports > 0;
      directChanges = 0;
      statementNs = 0n;
      const t0 = process.hrtime.bigint();
      await call("PUT", path, body);
      const ns = process.hrtime.bigint() - t0;
      const wasCounting = counting;
      counting = false;
      if (wasCounting) {
        reportUs.push(Number(ns) / 1000);
        statementUs.push(Number(statementNs) / 1000);
        const all = totalChanges.get().n - changesBefore;
        rowChanges += directChanges;
        triggerChanges += all - directChanges;
      }
      if (wal !== undefined) {
        // A restarted WAL (after a checkpoint) holds this report's frames alone.
        wal = walFrames(db, wal.count, wal.salt);
        written.push(...wal.pages);
      }
      reports++;
    }
  if (!measured) return undefined;
  const reader = new Database(db, { readonly: true });
  const kinds = new Map(
    reader
      .prepare("SELECT pageno, name || ':' || pagetype AS kind FROM dbstat")
      .all()
      .map((r) => [r.pageno, r.kind]),
  );
  reader.close();
  const byKind = new Map();
  for (const page of written) {
    const kind = kinds.get(page) ?? `page ${page}`;
    byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
  }
  const rest = reportUs.map((us, i) => us - statementUs[i]);
  return {
    reports,
    frames: written.length,
    byKind,
    statements,
    timings,
    rowChanges,
    triggerChanges,
    reportUs: median(reportUs),
    statementUs: median(statementUs),
    restUs: median(rest),
  };
}

try {
  const checkouts = [["this checkout", root]];
  if (args.against !== undefined) checkouts.push([`--against ${args.against}`, args.against]);
  const { loadavg } = await import("node:os");
  console.log(
    `bench/report-pages: ${size}-player double elimination on a WAL file, played out${cases > 1 ? ` (case ${cases} of a process: ${cases - 1} played first)` : ""}; load ${loadavg()[0].toFixed(2)}`,
  );
  for (const [i, [label, checkout]] of checkouts.entries()) {
    const r = await measure(await bundleService(`report-pages-${i}.mjs`, checkout), `case-${i}`);
    const per = (n) => (n / r.reports).toFixed(2);
    const kinds = [...r.byKind].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${per(n)}`);
    console.log(`${label}: ${per(r.frames)} frames a report (${kinds.join(", ")})`);
    const measured = r.reports - 1;
    console.log(
      `  rows changed a report: ${(r.rowChanges / measured).toFixed(2)} by its statements, ${(r.triggerChanges / measured).toFixed(2)} by triggers`,
    );
    const counted = [...r.statements].sort((a, b) => b[1] - a[1]);
    const total = counted.reduce((sum, [, n]) => sum + n, 0) / measured;
    console.log(
      `  the median report ${r.reportUs.toFixed(1)} us: its statements ${r.statementUs.toFixed(1)} us (median), the rest ${r.restUs.toFixed(1)} us (median)`,
    );
    console.log(`  ${total.toFixed(2)} statements a report (a report, median us each):`);
    for (const [sql, n] of counted)
      console.log(
        `  ${(n / measured).toFixed(2)} ${median(r.timings.get(sql)).toFixed(2).padStart(6)} us  ${sql.slice(0, 110)}`,
      );
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
