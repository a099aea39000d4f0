#!/usr/bin/env node
// What a match report costs on the WAL file (issue 27: the file store near SQLite's floor),
// beside SQLite's own floor measured in the same run (bench/sqlite-floor.mjs, a 3-row
// transaction on a WAL file). A double elimination of --size players is made and started
// through the service in process (the real request -> response function over a new SQLite
// file, WAL, as the CLI and serve use it), then played out as bench/engine.mjs plays it
// (each round: the open matches listed, each reported, the lower seed winning). Printed:
// - microseconds a report: the reports' own time (median of --runs), and the whole
//   case (create, add, start, lists and reports) divided by the reports, as bench/engine.mjs
//   --store file counts it; each as a ratio to the floor at the store's checkpoint interval,
//   with the target (1.5x it, issue 27) beside it. Each timed case follows untimed ones of
//   the same size in the same process (the JIT warmed), a new service and file each. Two
//   figures from each process, each under its own heading: its second case (after one
//   warm-up: V8 still compiles much during it, since a new service's and tournament's objects
//   send compiled code back) and its sixth (after five, as bench/engine.mjs warms up: settled).
//   --warmup N prints only the case after N;
// - the median report (its p50) beside the floor's median transaction (sqlite-floor.mjs
//   --per-transaction, at the store's checkpoint interval): the mean carries the WAL's
//   checkpoints and every pause (garbage collection, the CPU taken by another thread or
//   process), the median does not; and, on Linux, the CPU a report takes: the process's
//   (every thread: V8 compiles and collects garbage on threads of its own), the main
//   thread's, and the time the main thread waited for a CPU (/proc/<pid>/task/<tid>/schedstat);
// - with strace on this machine: the system calls a report makes (pwrite64, fcntl, fsync,
//   fdatasync; the play run's counts less those of a run that stops after the start,
//   divided by the reports).
// --against DIR: also the same for a checkout of an earlier commit in DIR (its bench/
// and src/; node_modules is found from this checkout), in the same loop, for before/after,
// the two taking turns at going first.
// The floor is printed twice: with SQLite's checkpoint interval (1,000 frames), and with the
// store's (src/store/database.ts WAL_CHECKPOINT_FRAMES), with the ratio to each.
// Usage: node bench/report-syscalls.mjs [--size 1024] [--runs 7] [--against DIR] [--warmup N]
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
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

/** The store's checkpoint interval (src/store/database.ts WAL_CHECKPOINT_FRAMES), read from its source. */
const WAL_CHECKPOINT_FRAMES = Number(
  /WAL_CHECKPOINT_FRAMES = (\d+)/.exec(
    readFileSync(new URL("../src/store/database.ts", import.meta.url), "utf8"),
  )?.[1] ?? 1000,
);

const { values: args } = parseArgs({
  options: {
    size: { type: "string", default: "1024" },
    runs: { type: "string", default: "7" },
    against: { type: "string" },
    child: { type: "string" },
    play: { type: "boolean", default: false },
    db: { type: "string" },
    cold: { type: "boolean", default: false },
    warmup: { type: "string" },
    timed: { type: "string", default: "2" },
  },
});

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

if (args.child !== undefined) {
  // Timed runs play warm-up cases first, each on a file of its own (bench/engine.mjs warms up
  // too). --timed lists the cases (1 = the first) whose figures are printed, one line each:
  // "2,6" prints the second case (after one warm-up: the --warmup 1 figure) and the sixth
  // (after five, as bench/engine.mjs warms up) from one process; every case before the last
  // is played the same way whether printed or not.
  const timed = args.play && !args.cold ? args.timed.split(",").map(Number) : [1];
  const last = Math.max(...timed);
  for (let i = 1; i < last; i++) {
    const db = `${args.db}.warm-up`;
    await child(args.child, db, Number(args.size), true, timed.includes(i));
    for (const suffix of ["", "-wal", "-shm"]) rmSync(`${db}${suffix}`, { force: true });
  }
  await child(args.child, args.db, Number(args.size), args.play);
  process.exit(0);
}

const root = fileURLToPath(new URL("..", import.meta.url));
const size = Number(args.size);
const runs = Number(args.runs);
const tmp = mkdtempSync(join(tmpdir(), "tourney-bench-report-"));
const self = fileURLToPath(import.meta.url);

/** The service bundled as bench/engine.mjs bundles it (its addon found from this checkout). */
async function bundle(name, checkout) {
  return bundleService(`report-${name}.mjs`, checkout);
}

/** The main thread's time on a CPU and waiting for one, in ns (Linux schedstat); zeros elsewhere. */
function mainThreadNs() {
  const file = `/proc/${process.pid}/task/${process.pid}/schedstat`;
  if (!existsSync(file)) return [0, 0];
  const [run, wait] = readFileSync(file, "utf8").trim().split(" ").map(Number);
  return [run, wait];
}

/** One case in a process of its own: made and started, then (with --play) played out. */
async function child(bundlePath, db, players, play, print = true) {
  const tourney = await import(bundlePath);
  const service = await tourney.openService({ dbPath: db });
  const call = serviceCall(service);
  const started = process.hrtime.bigint();
  const { id, seedOf } = await doubleEliminationWith(call, players);
  await startTournament(call, id);
  const open = () => openMatches(call, id);
  let reports = 0;
  let reportNs = 0n;
  const each = [];
  let cpuUs = 0;
  let mainRunNs = 0;
  let mainWaitNs = 0;
  for (let matches = play ? await open() : []; matches.length > 0; matches = await open()) {
    const cpu = process.cpuUsage();
    const [run, wait] = mainThreadNs();
    for (const m of matches) {
      const [path, body] = lowerSeedWins(id, m, seedOf);
      const t0 = process.hrtime.bigint();
      await call("PUT", path, body);
      const ns = process.hrtime.bigint() - t0;
      reportNs += ns;
      each.push(Number(ns) / 1000);
      reports++;
    }
    // The reports of a round: what the list between rounds costs is left out.
    const used = process.cpuUsage(cpu);
    cpuUs += used.user + used.system;
    const [runAfter, waitAfter] = mainThreadNs();
    mainRunNs += runAfter - run;
    mainWaitNs += waitAfter - wait;
  }
  const wholeNs = process.hrtime.bigint() - started;
  service.close();
  if (play && reports !== 2 * players - 2) throw new Error(`${reports} reports`);
  if (print)
    process.stdout.write(
      `${JSON.stringify({
        reports,
        reportUs: Number(reportNs) / 1000,
        wholeUs: Number(wholeNs) / 1000,
        medianUs: each.length === 0 ? 0 : median(each),
        cpuUs,
        mainRunUs: mainRunNs / 1000,
        mainWaitUs: mainWaitNs / 1000,
      })}\n`,
    );
}

/** The warm-up cases each timed figure follows: --warmup N alone, or 1 and 5 (bench/engine.mjs's). */
const warmups = args.warmup === undefined ? [1, 5] : [Number(args.warmup)];
if (warmups.some((n) => !Number.isInteger(n) || n < 0))
  throw new Error("--warmup must be a whole number >= 0");

let stores = 0;
function runChild(bundlePath, play, wrap = [], warm = true) {
  const db = join(tmp, `report-${++stores}.db`);
  const command = [
    ...wrap,
    process.execPath,
    self,
    "--child",
    bundlePath,
    "--db",
    db,
    "--size",
    String(size),
    ...(play ? ["--play"] : []),
    ...(warm ? ["--timed", warmups.map((n) => n + 1).join(",")] : ["--cold"]),
  ];
  const r = spawnSync(command[0], command.slice(1), { encoding: "utf8", maxBuffer: 1 << 26 });
  for (const file of [db, `${db}.warm-up`])
    for (const suffix of ["", "-wal", "-shm"]) rmSync(`${file}${suffix}`, { force: true });
  if (r.status !== 0) throw new Error(`${command.join(" ")}: ${r.stderr}`);
  return r;
}

const TRACED = ["pwrite64", "fcntl", "fsync", "fdatasync"];

/** strace -f -c's counts of the traced calls. */
function syscalls(bundlePath, play) {
  const strace = ["strace", "-f", "-c", "-e", `trace=${TRACED.join(",")}`];
  const r = runChild(bundlePath, play, strace, false);
  const counts = Object.fromEntries(TRACED.map((name) => [name, 0]));
  for (const line of r.stderr.split("\n")) {
    const cells = line.trim().split(/\s+/);
    const name = cells.at(-1);
    if (name !== undefined && TRACED.includes(name)) counts[name] = Number(cells[3]);
  }
  return { counts, reports: JSON.parse(r.stdout.trim().split("\n").at(-1)).reports };
}

/**
 * The floor's microseconds a 3-row transaction on a WAL file (bench/sqlite-floor.mjs, one
 * run), with SQLite's checkpoint interval or the one `extra` gives.
 */
function floorUs(extra = []) {
  const floor = spawnSync(
    process.execPath,
    [join(root, "bench", "sqlite-floor.mjs"), "--runs", "1", ...extra],
    { encoding: "utf8" },
  );
  const us = /^file 3 row\(s\) a transaction\s+([\d.]+) us/m.exec(floor.stdout)?.[1];
  if (us === undefined) throw new Error(`bench/sqlite-floor.mjs: ${floor.stdout}${floor.stderr}`);
  const p50 = /^file 3 row\(s\), median transaction\s+([\d.]+) us/m.exec(floor.stdout)?.[1];
  return { mean: Number(us), median: Number(p50 ?? Number.NaN) };
}

/** A child's lines, one a timed case, in the order of `warmups`. */
const caseLines = (stdout) =>
  stdout
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));

const label = (n) =>
  n === 5 && warmups.length > 1
    ? "settled, after 5 warm-up cases as bench/engine.mjs"
    : `after ${n} warm-up case${n === 1 ? "" : "s"}`;

try {
  const cases = [{ name: "this checkout", bundle: await bundle("this", root) }];
  if (args.against !== undefined)
    cases.push({
      name: `--against ${args.against}`,
      bundle: await bundle("against", args.against),
    });
  const times = cases.map(() =>
    warmups.map(() => ({ report: [], whole: [], median: [], cpu: [], mainRun: [], mainWait: [] })),
  );
  const floors = [];
  const storeFloors = [];
  for (let run = 0; run < runs; run++) {
    // Each run turns the order round (this, --against; then --against, this): the case run
    // first waited longer for a CPU on this shared machine, whichever it was (two runs with
    // the checkouts swapped, load ~6: settled mean 60.7 vs 51.1 us and 60.3 vs 47.4 us, the
    // first named first; the main thread's wait for a CPU 23.8 vs 12.0 and 20.1 vs 13.0 us).
    const order = run % 2 === 0 ? [...cases.entries()] : [...cases.entries()].reverse();
    for (const [i, c] of order) {
      const lines = caseLines(runChild(c.bundle, true).stdout);
      if (lines.length !== warmups.length) throw new Error(`${lines.length} timed cases`);
      for (const [k, out] of lines.entries()) {
        const t = times[i][k];
        t.report.push(out.reportUs / out.reports);
        t.whole.push(out.wholeUs / out.reports);
        t.median.push(out.medianUs);
        t.cpu.push(out.cpuUs / out.reports);
        t.mainRun.push(out.mainRunUs / out.reports);
        t.mainWait.push(out.mainWaitUs / out.reports);
      }
    }
    floors.push(floorUs().mean);
    storeFloors.push(
      floorUs(["--autocheckpoint", String(WAL_CHECKPOINT_FRAMES), "--per-transaction"]),
    );
  }
  const floor = median(floors);
  const storeFloor = median(storeFloors.map((f) => f.mean));
  const floorMedian = median(storeFloors.map((f) => f.median));
  const { loadavg } = await import("node:os");
  console.log(
    `bench/report-syscalls: ${size}-player double elimination on a WAL file, median of ${runs} runs (Node ${process.version}, load ${loadavg()[0].toFixed(2)})`,
  );
  console.log(
    `SQLite's floor, a 3-row transaction on a WAL file (bench/sqlite-floor.mjs): ${floor.toFixed(1)} us; checkpointing every ${WAL_CHECKPOINT_FRAMES} frames as the store now does: ${storeFloor.toFixed(1)} us`,
  );
  for (const [k, n] of warmups.entries()) {
    console.log(
      `\n${label(n)} (target: a report <= 1.5x the floor at ${WAL_CHECKPOINT_FRAMES} = ${(1.5 * storeFloor).toFixed(1)} us)`,
    );
    for (const [i, c] of cases.entries()) {
      const t = times[i][k];
      const report = median(t.report);
      const whole = median(t.whole);
      console.log(
        `  ${c.name}: a report ${report.toFixed(1)} us = ${(report / storeFloor).toFixed(2)}x the floor at ${WAL_CHECKPOINT_FRAMES} (${(report / floor).toFixed(2)}x the floor); the whole case / reports ${whole.toFixed(1)} us (${(whole / floor).toFixed(2)}x)`,
      );
      const p50 = median(t.median);
      console.log(
        `  ${c.name}: the median report ${p50.toFixed(1)} us, the floor's median transaction at ${WAL_CHECKPOINT_FRAMES} ${floorMedian.toFixed(1)} us (${(p50 / floorMedian).toFixed(2)}x); CPU a report ${median(t.cpu).toFixed(1)} us for the process, ${median(t.mainRun).toFixed(1)} us on the main thread, which waited ${median(t.mainWait).toFixed(1)} us a report for a CPU`,
      );
    }
  }
  console.log("");
  if (spawnSync("strace", ["-V"]).status !== 0) {
    console.log("(no strace here: system calls not counted)");
  } else {
    for (const c of cases) {
      const setup = syscalls(c.bundle, false);
      const played = syscalls(c.bundle, true);
      const per = TRACED.map(
        (name) =>
          `${name} ${((played.counts[name] - setup.counts[name]) / played.reports).toFixed(2)}`,
      );
      console.log(`${c.name}: system calls a report (strace -f -c): ${per.join(", ")}`);
    }
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
