#!/usr/bin/env node
// Which pages and statements a match report writes and runs on the WAL file (issue 27: the
// file store near SQLite's floor, whose 3-row transaction writes 3 frames). A --size double
// elimination is made, started and played out through the service in process, as
// bench/report-syscalls.mjs plays it. After each report, the frames it appended to the -wal
// file (a 32-byte header, then frames of a 24-byte header and a page) are read for their page
// numbers; at the end each page is named by SQLite's dbstat (b-tree and page kind). The
// statements are counted by wrapping the native addon's run/get/all, which the bundled
// service shares with this process. Printed, for this checkout and --against DIR's: frames a
// report in all and by b-tree, and the statements a report runs (the first report of the
// game left out: it warms the cache).
// Usage: node bench/report-pages.mjs [--size 1024] [--against DIR]
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
  options: { size: { type: "string", default: "1024" }, against: { type: "string" } },
});
const size = Number(args.size);
const root = fileURLToPath(new URL("..", import.meta.url));
const require = createRequire(import.meta.url);
const Database = require("better-sqlite3");
const addon = require(join(root, "node_modules/better-sqlite3/build/Release/better_sqlite3.node"));
const tmp = mkdtempSync(join(tmpdir(), "tourney-bench-pages-"));

let counting = false;
let statements = new Map();
/** Counts the statements run through `loaded` (an instance of the native addon). */
function countStatements(loaded) {
  for (const method of ["run", "get", "all"]) {
    const native = loaded.Statement.prototype[method];
    loaded.Statement.prototype[method] = function (...params) {
      if (counting) statements.set(this.source, (statements.get(this.source) ?? 0) + 1);
      return native.apply(this, params);
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
 * The WAL file's salt (new when a checkpointed WAL restarts from its start) and the page
 * numbers of its frames from frame `from`: the frames of the current WAL, those with its salt
 * (a restarted WAL keeps the old frames past the new ones until overwritten).
 */
function walFrames(path, from) {
  const fd = openSync(`${path}-wal`, "r");
  try {
    const header = Buffer.alloc(32);
    readSync(fd, header, 0, 32, 0);
    const pageSize = header.readUInt32BE(8);
    const salt = header.readUInt32BE(16);
    const size = fstatSync(fd).size;
    const pages = [];
    const frame = Buffer.alloc(16);
    let count = 0;
    for (let at = 32; at + 24 + pageSize <= size; at += 24 + pageSize, count++) {
      readSync(fd, frame, 0, 16, at);
      if (frame.readUInt32BE(8) !== salt) break;
      if (count >= from) pages.push(frame.readUInt32BE(0));
    }
    return { salt, count, pages };
  } finally {
    closeSync(fd);
  }
}

/** One played-out case of `bundlePath`: frames a report by page, and statements. */
async function measure(bundlePath, name) {
  const tourney = await import(bundlePath);
  const db = join(tmp, `${name}.db`);
  const service = await tourney.openService({ dbPath: db });
  const call = serviceCall(service);
  const { id, seedOf } = await doubleEliminationWith(call, size);
  await startTournament(call, id);
  const open = () => openMatches(call, id);
  const written = [];
  let reports = 0;
  statements = new Map();
  for (let matches = await open(); matches.length > 0; matches = await open())
    for (const m of matches) {
      const [path, body] = lowerSeedWins(id, m, seedOf);
      const before = walFrames(db, Number.MAX_SAFE_INTEGER);
      counting = reports > 0;
      await call("PUT", path, body);
      counting = false;
      const after = walFrames(db, 0);
      // A restarted WAL (after a checkpoint) holds this report's frames alone.
      written.push(...(after.salt === before.salt ? after.pages.slice(before.count) : after.pages));
      reports++;
    }
  const reader = new Database(db, { readonly: true });
  const kinds = new Map(
    reader
      .prepare("SELECT pageno, name || ':' || pagetype AS kind FROM dbstat")
      .all()
      .map((r) => [r.pageno, r.kind]),
  );
  reader.close();
  service.close();
  const byKind = new Map();
  for (const page of written) {
    const kind = kinds.get(page) ?? `page ${page}`;
    byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
  }
  return { reports, frames: written.length, byKind, statements };
}

try {
  const cases = [["this checkout", root]];
  if (args.against !== undefined) cases.push([`--against ${args.against}`, args.against]);
  console.log(`bench/report-pages: ${size}-player double elimination on a WAL file, played out`);
  for (const [i, [name, checkout]] of cases.entries()) {
    const r = await measure(await bundleService(`report-pages-${i}.mjs`, checkout), `case-${i}`);
    const per = (n) => (n / r.reports).toFixed(2);
    const kinds = [...r.byKind].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${per(n)}`);
    console.log(`${name}: ${per(r.frames)} frames a report (${kinds.join(", ")})`);
    const counted = [...r.statements].sort((a, b) => b[1] - a[1]);
    const total = counted.reduce((sum, [, n]) => sum + n, 0) / (r.reports - 1);
    console.log(`  ${total.toFixed(2)} statements a report:`);
    for (const [sql, n] of counted)
      console.log(
        `  ${(n / (r.reports - 1)).toFixed(2)} ${sql.replace(/\s+/g, " ").slice(0, 110)}`,
      );
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
