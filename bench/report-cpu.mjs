#!/usr/bin/env node
// The CPU time of a match report, this checkout beside an earlier one in the same process
// (issue 27): on a shared machine wall times move by half between runs a minute apart, and
// so do the ratios of two benches run one after the other. Here both services are bundled
// as bench/engine.mjs bundles them, imported into one process, and play a --size double
// elimination through the service's request -> response function in turn (A B, then B A,
// ...), so that whatever the machine does hits both alike. Printed per side: the median of
// the runs of the process CPU time (user + system) a report takes (the reports' own calls),
// of their wall time, of the start's CPU and of the whole case's (open, create, add, start,
// lists, reports), and the median of the ratios this / --against of the runs taken side by
// side; with the load average.
// Usage: node bench/report-cpu.mjs --against DIR [--size 1024] [--runs 12] [--warmup 3]
//                                  [--store memory|file]
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
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
    against: { type: "string" },
    size: { type: "string", default: "1024" },
    runs: { type: "string", default: "12" },
    warmup: { type: "string", default: "3" },
    store: { type: "string", default: "memory" },
  },
});
if (args.against === undefined) throw new Error("--against DIR (a checkout of an earlier commit)");
if (!["memory", "file"].includes(args.store)) throw new Error("--store must be memory or file");
const size = Number(args.size);
const runs = Number(args.runs);
const warmup = Number(args.warmup);
const root = fileURLToPath(new URL("..", import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), "tourney-bench-report-cpu-"));

async function bundle(name, checkout) {
  return import(await bundleService(`report-cpu-${name}.mjs`, checkout));
}

const cpuNow = () => {
  const c = process.cpuUsage();
  return c.user + c.system;
};
let files = 0;

/** One case: made, started and played out as bench/engine.mjs plays it; CPU and wall per part. */
async function play(tourney) {
  const dbPath = args.store === "memory" ? ":memory:" : join(tmp, `case-${++files}.db`);
  const c0 = cpuNow();
  const service = await tourney.openService({ dbPath });
  const call = serviceCall(service);
  const { id, seedOf } = await doubleEliminationWith(call, size);
  const s0 = cpuNow();
  await startTournament(call, id);
  const start = cpuNow() - s0;
  const open = () => openMatches(call, id);
  let reports = 0;
  let cpu = 0;
  let wall = 0;
  for (let matches = await open(); matches.length > 0; matches = await open()) {
    for (const m of matches) {
      const [path, body] = lowerSeedWins(id, m, seedOf);
      const [a, w] = [cpuNow(), performance.now()];
      await call("PUT", path, body);
      cpu += cpuNow() - a;
      wall += performance.now() - w;
      reports++;
    }
  }
  service.close();
  if (reports !== 2 * size - 2) throw new Error(`${reports} reports`);
  const whole = cpuNow() - c0;
  if (args.store === "file")
    for (const suffix of ["", "-wal", "-shm"]) rmSync(`${dbPath}${suffix}`, { force: true });
  return {
    reportCpu: cpu / reports,
    reportWall: (wall * 1000) / reports,
    startCpu: start / 1000,
    wholeCpu: whole / 1000,
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

try {
  const sides = [await bundle("this", root), await bundle("against", args.against)];
  for (let i = 0; i < warmup; i++) for (const side of sides) await play(side);
  const results = [[], []];
  for (let run = 0; run < runs; run++) {
    for (const i of run % 2 === 0 ? [0, 1] : [1, 0]) results[i].push(await play(sides[i]));
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  console.log(
    `bench/report-cpu: ${size}-player double elimination, store ${args.store}, ${runs} runs a side taking turns (Node ${process.version}, load ${loadavg()[0].toFixed(2)})`,
  );
  const figures = [
    ["reportCpu", "CPU a report", "us"],
    ["reportWall", "wall a report", "us"],
    ["startCpu", "CPU of the start", "ms"],
    ["wholeCpu", "CPU of the whole case", "ms"],
  ];
  for (const [key, label, unit] of figures) {
    const [now, before] = results.map((side) => median(side.map((r) => r[key])));
    const ratio = median(results[0].map((r, i) => r[key] / results[1][i][key]));
    console.log(
      `${label.padEnd(22)} this ${now.toFixed(1)} ${unit}, --against ${before.toFixed(1)} ${unit}: this / against ${ratio.toFixed(3)} (median of the runs side by side)`,
    );
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
