#!/usr/bin/env node
// The CPU time of a bulk add of --size participants through the service (issue 27: the
// per-row insert triggers of migrations 5 and 12 dropped by migration 16, and the triggers
// of migration 19 that are false for tourney's own rows), this checkout beside an earlier
// one in the same process, as bench/report-cpu.mjs compares reports: both services bundled
// (bench/service-bundle.mjs) and imported into one process, taking turns (A B, then B A,
// ...). A run opens a store, creates a single elimination tournament and adds --size
// players by bulk_add (1,000 a request at most, as the client sends them); timed: the
// process CPU (user + system) and wall time of the bulk_add calls. Printed per side: the
// medians, and the median of the ratios this / --against of the runs side by side, with
// the load average.
// Usage: node bench/bulk-add-cpu.mjs --against DIR [--size 1024] [--runs 40] [--warmup 5]
//                                    [--store memory|file]
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { bundleService, serviceCall } from "./service-bundle.mjs";

const { values: args } = parseArgs({
  options: {
    against: { type: "string" },
    size: { type: "string", default: "1024" },
    runs: { type: "string", default: "40" },
    warmup: { type: "string", default: "5" },
    store: { type: "string", default: "memory" },
  },
});
if (args.against === undefined) throw new Error("--against DIR (a checkout of an earlier commit)");
if (!["memory", "file"].includes(args.store)) throw new Error("--store must be memory or file");
const size = Number(args.size);
const runs = Number(args.runs);
const warmup = Number(args.warmup);
if (![size, runs].every((n) => Number.isInteger(n) && n >= 1))
  throw new Error("--size and --runs must be whole numbers >= 1");
if (!Number.isInteger(warmup) || warmup < 0)
  throw new Error("--warmup must be a whole number >= 0");
const root = fileURLToPath(new URL("..", import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), "tourney-bench-bulk-add-"));

const cpuNow = () => {
  const c = process.cpuUsage();
  return c.user + c.system;
};
let files = 0;

/** One run: a new store and tournament, --size players added; CPU (ms) and wall (ms) of the adds. */
async function addAll(tourney) {
  const dbPath = args.store === "memory" ? ":memory:" : join(tmp, `case-${++files}.db`);
  const service = await tourney.openService({ dbPath });
  const call = serviceCall(service);
  const attributes = { name: "Bench", tournament_type: "single elimination" };
  const id = (await call("POST", "/v2.1/tournaments", { data: { type: "tournament", attributes } }))
    .data.id;
  const requests = [];
  for (let from = 0; from < size; from += 1000) {
    const participants = Array.from({ length: Math.min(1000, size - from) }, (_, i) => ({
      name: `P${from + i + 1}`,
    }));
    requests.push({ data: { type: "Participants", attributes: { participants } } });
  }
  const [c0, w0] = [cpuNow(), performance.now()];
  const seeds = [];
  for (const body of requests) {
    const added = await call("POST", `/v2.1/tournaments/${id}/participants/bulk_add`, body);
    for (const p of added.data) seeds.push(p.attributes.seed);
  }
  const [cpu, wall] = [(cpuNow() - c0) / 1000, performance.now() - w0];
  const shown = await call("GET", `/v2.1/tournaments/${id}`);
  service.close();
  if (args.store === "file")
    for (const suffix of ["", "-wal", "-shm"]) rmSync(`${dbPath}${suffix}`, { force: true });
  if (shown.data.attributes.participants_count !== size || new Set(seeds).size !== size)
    throw new Error(`added ${seeds.length}, counted ${shown.data.attributes.participants_count}`);
  return { cpu, wall };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

try {
  const sides = [
    await import(await bundleService("bulk-add-this.mjs", root)),
    await import(await bundleService("bulk-add-against.mjs", args.against)),
  ];
  for (let i = 0; i < warmup; i++) for (const side of sides) await addAll(side);
  const results = [[], []];
  for (let run = 0; run < runs; run++) {
    for (const i of run % 2 === 0 ? [0, 1] : [1, 0]) results[i].push(await addAll(sides[i]));
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  console.log(
    `bench/bulk-add-cpu: bulk add of ${size} players, store ${args.store}, ${runs} runs a side taking turns (Node ${process.version}, load ${loadavg()[0].toFixed(2)})`,
  );
  for (const [key, label] of [
    ["cpu", "CPU of the bulk add"],
    ["wall", "wall of the bulk add"],
  ]) {
    const [now, before] = results.map((side) => median(side.map((r) => r[key])));
    const ratio = median(results[0].map((r, i) => r[key] / results[1][i][key]));
    console.log(
      `${label.padEnd(21)} this ${now.toFixed(2)} ms, --against ${before.toFixed(2)} ms: this / against ${ratio.toFixed(3)} (median of the runs side by side)`,
    );
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
