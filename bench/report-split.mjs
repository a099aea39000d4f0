#!/usr/bin/env node
// Where a settled match report's time goes on the WAL file, by who spends it (issue 27): the
// cases bench/report-syscalls.mjs plays (1,024-player double eliminations, a new service and
// file each, the lower seed winning), sampled by `perf record` (CPU cycles, call graphs, the
// JIT's symbols from --perf-basic-prof). Only the timed cases are counted (after --warmup
// cases; the process prints the monotonic clock where they begin, perf records on the same
// clock), and of them only the samples under the report's route (`reportRoute`): the lists
// between rounds, the harness and the warm-up are left out. Printed: the mean report, and the
// share of its samples and the microseconds that share is of the mean, for
// - SQLite: the samples under a statement's run (better-sqlite3's `Statement::JS_run`), split
//   into the COMMIT (with the checkpoint it runs every WAL_CHECKPOINT_FRAMES frames) and the
//   other statements, and each into SQLite's own code, the kernel (the WAL's writes, the
//   locks) and the rest (libc, the addon binding the values);
// - JavaScript: every other sample (the service's code, V8's builtins and its collector).
// Set the SQLite part beside bench/sqlite-floor.mjs's transaction: what is left for the
// service's JavaScript under a ratio to the floor is the mean less the SQLite part.
// Needs Linux `perf` (perf_event_paranoid <= 2 for a process of one's own); prints why not
// and exits 0 without it. The sampling costs the process some speed: the mean printed here is
// above report-syscalls.mjs's; the shares are what to read.
// Usage: node bench/report-split.mjs [--warmup 5] [--cases 5] [--size 1024] [--frequency 4999]
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
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
    warmup: { type: "string", default: "5" },
    cases: { type: "string", default: "5" },
    size: { type: "string", default: "1024" },
    frequency: { type: "string", default: "4999" },
    child: { type: "string" },
    dir: { type: "string" },
  },
});
const warmup = Number(args.warmup);
const cases = Number(args.cases);
const size = Number(args.size);

/** One case on a file of its own: made, started, played out; the reports' own microseconds. */
async function playCase(tourney, db) {
  const service = await tourney.openService({ dbPath: db });
  const call = serviceCall(service);
  const { id, seedOf } = await doubleEliminationWith(call, size);
  await startTournament(call, id);
  const each = [];
  for (let ms = await openMatches(call, id); ms.length > 0; ms = await openMatches(call, id)) {
    for (const m of ms) {
      const [path, body] = lowerSeedWins(id, m, seedOf);
      const t0 = process.hrtime.bigint();
      await call("PUT", path, body);
      each.push(Number(process.hrtime.bigint() - t0) / 1000);
    }
  }
  service.close();
  for (const suffix of ["", "-wal", "-shm"]) rmSync(`${db}${suffix}`, { force: true });
  return each;
}

if (args.child !== undefined) {
  const tourney = await import(args.child);
  for (let i = 0; i < warmup; i++) await playCase(tourney, join(args.dir, `warm-${i}.db`));
  // perf's CLOCK_MONOTONIC timestamps are in seconds; hrtime is the same clock in ns.
  console.log(`timed-from ${Number(process.hrtime.bigint()) / 1e9}`);
  const reports = [];
  for (let i = 0; i < cases; i++)
    reports.push(...(await playCase(tourney, join(args.dir, `t-${i}.db`))));
  console.log(`timed-to ${Number(process.hrtime.bigint()) / 1e9}`);
  console.log(
    `reports ${reports.length} mean ${reports.reduce((a, b) => a + b, 0) / reports.length}`,
  );
  process.exit(0);
}

const probe = spawnSync("perf", ["--version"], { encoding: "utf8" });
if (probe.status !== 0) {
  console.log("bench/report-split: needs Linux perf on the PATH (not found); nothing measured");
  process.exit(0);
}

const dir = mkdtempSync(join(tmpdir(), "tourney-report-split-"));
const bundle = await bundleService(
  "report-split.mjs",
  fileURLToPath(new URL("..", import.meta.url)),
);
const data = join(dir, "perf.data");
const self = fileURLToPath(import.meta.url);
const recorded = spawnSync(
  "perf",
  [
    "record",
    "-k",
    "CLOCK_MONOTONIC",
    "-F",
    args.frequency,
    "-g",
    "-o",
    data,
    "--",
    process.execPath,
    "--perf-basic-prof",
    self,
    "--child",
    bundle,
    "--dir",
    dir,
    "--warmup",
    String(warmup),
    "--cases",
    String(cases),
    "--size",
    String(size),
  ],
  { encoding: "utf8", maxBuffer: 1 << 26 },
);
if (recorded.status !== 0) {
  console.log(
    `bench/report-split: perf record failed (${recorded.stderr.trim().split("\n").at(-1)}); nothing measured`,
  );
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}
const field = (name) => Number(new RegExp(`^${name} (\\S+)`, "m").exec(recorded.stdout)?.[1]);
const [from, to] = [field("timed-from"), field("timed-to")];
const mean = Number(/ mean (\S+)/.exec(recorded.stdout)?.[1]);
const script = spawnSync("perf", ["script", "-i", data], { encoding: "utf8", maxBuffer: 1 << 30 });
rmSync(dir, { recursive: true, force: true });

const counts = new Map();
const add = (key) => counts.set(key, (counts.get(key) ?? 0) + 1);
let samples = 0;
for (const block of script.stdout.split("\n\n")) {
  const lines = block.trim().split("\n");
  const at = Number(/ (\d+\.\d+):/.exec(lines[0] ?? "")?.[1]);
  if (!(at >= from && at <= to)) continue;
  const frames = lines.slice(1).map((l) => l.trim());
  if (!frames.some((f) => f.includes("reportRoute"))) continue;
  samples++;
  const run = frames.findIndex((f) => f.includes("Statement::JS_run"));
  if (run < 0) {
    add("js");
    continue;
  }
  const below = frames.slice(0, run);
  const statement = below.some((f) => f.includes("sqlite3VdbeHalt")) ? "commit" : "other";
  const leaf = frames[0];
  const where = leaf.includes("[kernel")
    ? "kernel"
    : leaf.includes("better_sqlite3")
      ? "sqlite"
      : "rest";
  add(`${statement}:${where}`);
}
if (samples === 0) {
  console.log("bench/report-split: no samples under the report's route; nothing measured");
  process.exit(0);
}
const share = (keys) => keys.reduce((n, k) => n + (counts.get(k) ?? 0), 0) / samples;
const line = (label, keys) =>
  console.log(
    `  ${label.padEnd(48)} ${(100 * share(keys)).toFixed(1).padStart(5)} %  ${(mean * share(keys)).toFixed(1).padStart(5)} us`,
  );
console.log(
  `bench/report-split: ${size}-player double elimination on a WAL file, ${cases} timed cases after ${warmup} warm-up cases, ${samples} samples under the report's route (perf at ${args.frequency} Hz); a report ${mean.toFixed(1)} us (mean, under sampling)`,
);
const parts = ["kernel", "sqlite", "rest"];
line(
  "SQLite, all statements",
  ["commit", "other"].flatMap((s) => parts.map((p) => `${s}:${p}`)),
);
line(
  "  COMMIT (and its checkpoints)",
  parts.map((p) => `commit:${p}`),
);
for (const p of parts) line(`    of it ${p}`, [`commit:${p}`]);
line(
  "  BEGIN, data_version, the UPDATEs",
  parts.map((p) => `other:${p}`),
);
for (const p of parts) line(`    of it ${p}`, [`other:${p}`]);
line("JavaScript (the service, V8's builtins and GC)", ["js"]);
