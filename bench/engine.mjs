#!/usr/bin/env node
// Bracket engine benchmark (issues 3 and 4), tourney beside reference libraries in one run:
//  (a) create and play out (report every match) a double elimination of --size players
//      through the tourney service in-process (the real request -> response function over
//      SQLite), and the same with brackets-manager over brackets-memory-db; each library
//      in its own worker thread (bench/engine-worker.mjs), the two taking turns.
//      Target: tourney at least 5x faster.
//  (b) pair round 6 of a --size player swiss (rounds 1-5 played, the lower seed number
//      always winning) with tourney's engine (pairSwissRound), and with
//      tournament-organizer (nextRound) at the same round and field size; also, for
//      information, the tourney service's report that completes round 5 (it pairs round 6).
//      Targets: tourney under 0.5 s per round and at least 5x faster.
// Every figure is the median of --runs runs (double elimination: 15 by default, swiss: 5,
// tournament-organizer's round being slow). Before them, untimed: --warmup full-size
// runs of each double elimination case, and a small swiss of each swiss case. A run of the
// tourney case takes 44-77 ms here, garbage collections included: with 5 runs and 3
// warm-ups its median moved by 17 % between two runs of the bench, with 15 and 5 by 4 %.
// --store file gives tourney a new SQLite file per run (WAL, as the CLI uses) instead of
// an in-memory database (brackets-manager always keeps its data in memory).
// tournament-organizer pairs by a dense blossom (about 30 s a round at 1,024): it plays
// rounds 1-5 once, and each run reloads that state (Manager.loadTournament) untimed.
// Usage: node bench/engine.mjs [--size 1024] [--runs N] [--warmup 5] [--only de|swiss]
//                              [--store memory|file]
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { Worker } from "node:worker_threads";
import { build } from "esbuild";
import {
  toSwissAfter,
  toSwissNextRound,
  tourneySwissAfter,
  tourneySwissPairing,
  tourneySwissServiceRound,
} from "./engine-cases.mjs";

const { values: args } = parseArgs({
  options: {
    size: { type: "string", default: "1024" },
    runs: { type: "string" },
    warmup: { type: "string", default: "5" },
    only: { type: "string" },
    store: { type: "string", default: "memory" },
  },
});
const size = Number(args.size);
const deRuns = Number(args.runs ?? 15);
const swissRuns = Number(args.runs ?? 5);
const warmup = Number(args.warmup);
if (!Number.isInteger(size) || size < 8) throw new Error("--size must be a whole number >= 8");
if (![deRuns, swissRuns].every((n) => Number.isInteger(n) && n >= 1))
  throw new Error("--runs must be a whole number >= 1");
if (!Number.isInteger(warmup) || warmup < 0)
  throw new Error("--warmup must be a whole number >= 0");
if (args.only !== undefined && !["de", "swiss"].includes(args.only))
  throw new Error("--only must be de or swiss");
if (!["memory", "file"].includes(args.store)) throw new Error("--store must be memory or file");

const root = fileURLToPath(new URL("..", import.meta.url));
const bundle = join(root, "bench", "out", "engine.mjs");
const version = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).version;
// The same bundling as build.mjs: better-sqlite3's JavaScript bundled, its addon
// located at run time (src/store/database.ts), a require() for bundled CommonJS.
await build({
  entryPoints: [join(root, "bench", "engine-entry.ts")],
  outfile: bundle,
  bundle: true,
  format: "esm",
  platform: "node",
  target: "node20",
  sourcemap: "linked",
  legalComments: "none",
  banner: {
    js: "import { createRequire as __tourneyCreateRequire } from 'node:module'; const require = __tourneyCreateRequire(import.meta.url);",
  },
  define: { __TOURNEY_VERSION__: JSON.stringify(version) },
  logLevel: "warning",
});
const tourney = await import(bundle);

const tmp = mkdtempSync(join(tmpdir(), "tourney-bench-engine-"));
let stores = 0;
/** A fresh store per run: in memory, or a new SQLite file in a temporary directory. */
const dbPath = () => (args.store === "memory" ? ":memory:" : join(tmp, `bench-${++stores}.db`));

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * Runs each case `runs` times, the cases taking turns (so that drift on the machine
 * hits them alike), each run after a short pause; each run returns { ms, ... }. Per case: the median ms, the
 * times, and the other figures of its last run.
 */
async function measure(runs, ...cases) {
  const times = cases.map(() => []);
  const last = [];
  for (let i = 0; i < runs; i++) {
    for (const [c, once] of cases.entries()) {
      // A pause first: the previous run's background work (garbage collection,
      // compilation on other threads) settles instead of competing with this run.
      await setTimeout(250);
      last[c] = await once();
      times[c].push(last[c].ms);
    }
  }
  return cases.map((_, c) => ({ ...last[c], ms: median(times[c]), times: times[c] }));
}

/**
 * A case run in its own worker thread (a V8 isolate with its own heap): `once()`
 * asks it for one run. `close()` ends the thread.
 */
function isolated(side) {
  const worker = new Worker(new URL("./engine-worker.mjs", import.meta.url), {
    workerData: { side, bundle, size },
  });
  let pending;
  worker.on("message", (result) => {
    const { resolve, reject } = pending;
    pending = undefined;
    if (result.error !== undefined) reject(new Error(`${side}: ${result.error}`));
    else resolve(result);
  });
  worker.on("error", (error) => pending?.reject(error));
  return {
    once: () =>
      new Promise((resolve, reject) => {
        pending = { resolve, reject };
        worker.postMessage({ store: dbPath() });
      }),
    close: () => worker.terminate(),
  };
}

const progress = (text) => process.stderr.write(`  ${text}...\n`);
const fmt = (ms) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(1)} ms`);
const rows = [];
const verdicts = [];
const row = (label, result, note = "") =>
  rows.push([label, fmt(result.ms), result.times.map((t) => t.toFixed(0)).join(" / "), note]);

try {
  const cpu = cpus();
  console.log(
    `bench/engine: --size ${size}, runs ${deRuns} (double elimination) / ${swissRuns} (swiss), --warmup ${warmup}, store ${args.store}`,
  );
  console.log(`node ${process.version}, ${cpu[0]?.model ?? "unknown CPU"} x ${cpu.length}`);

  if (args.only !== "swiss") {
    progress(`double elimination of ${size}: tourney service and brackets-manager, ${deRuns} runs`);
    // Each library in its own worker thread, so that neither pays for the other's
    // garbage. Warm-up (untimed), at full size, taking turns like the timed runs, so
    // that neither is measured while its code is still being optimised (a small field,
    // or a single run, leaves the hot paths of a large one cold).
    const sides = [isolated("tourney"), isolated("brackets-manager")];
    let t;
    let b;
    try {
      for (let i = 0; i < warmup; i++) for (const side of sides) await side.once();
      [t, b] = await measure(deRuns, ...sides.map((side) => side.once));
    } finally {
      await Promise.all(sides.map((side) => side.close()));
    }
    row(`double elim ${size}: tourney service`, t, `${t.reported} reports, ${t.requests} requests`);
    row(`double elim ${size}: brackets-manager`, b, `${b.reported} reports`);
    const ratio = b.ms / t.ms;
    verdicts.push([`double elimination: tourney ${ratio.toFixed(2)}x faster`, ratio >= 5, ">= 5x"]);
  }

  if (args.only !== "de") {
    progress(`swiss of ${size}, round 6: tourney engine and service, ${swissRuns} runs`);
    await tourneySwissPairing(tourney, tourneySwissAfter(tourney, 32, 5), 6);
    await tourneySwissServiceRound(tourney, 32, dbPath());
    const history = tourneySwissAfter(tourney, size, 5);
    const [t, s] = await measure(
      swissRuns,
      () => tourneySwissPairing(tourney, history, 6),
      () => tourneySwissServiceRound(tourney, size, dbPath()),
    );
    progress(
      `swiss of ${size}: tournament-organizer plays rounds 1-5 once (slow), then ${swissRuns} runs`,
    );
    toSwissNextRound(toSwissAfter(32, 5));
    const snapshot = toSwissAfter(size, 5);
    const [o] = await measure(swissRuns, () => toSwissNextRound(snapshot));
    row(`swiss ${size} round 6: tourney engine`, t, `${t.pairs} pairs, ${t.rematches} rematches`);
    row(
      `swiss ${size} round 6: tourney service`,
      s,
      `the report completing round 5 (${(o.ms / s.ms).toFixed(1)}x faster than tournament-organizer)`,
    );
    row(
      `swiss ${size} round 6: tournament-organizer`,
      o,
      `${o.pairs} pairs, ${o.rematches} rematches`,
    );
    const ratio = o.ms / t.ms;
    verdicts.push([`swiss round 6: tourney ${fmt(t.ms)} per round`, t.ms < 500, "< 0.5 s"]);
    verdicts.push([`swiss round 6: tourney ${ratio.toFixed(1)}x faster`, ratio >= 5, ">= 5x"]);
  }

  const widths = [0, 1, 2, 3].map((c) =>
    Math.max(["case", "median", "runs (ms)", "note"][c].length, ...rows.map((r) => r[c].length)),
  );
  const line = (cells) =>
    cells
      .map((cell, c) => (c === 1 ? cell.padStart(widths[c]) : cell.padEnd(widths[c])))
      .join("  ")
      .trimEnd();
  console.log();
  console.log(line(["case", "median", "runs (ms)", "note"]));
  console.log(line(widths.map((w) => "-".repeat(w))));
  for (const r of rows) console.log(line(r));
  console.log();
  for (const [label, pass, target] of verdicts)
    console.log(`${pass ? "PASS" : "MISS"}  ${label} (target ${target})`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
