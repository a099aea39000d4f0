#!/usr/bin/env node
// A whole round's times entered by bulk_update, 20 a request (the contract's maxItems, as
// `tourney race times bulk-update` sends them), through the service in process: this
// checkout beside an earlier one (--against DIR) in the same process, both bundled
// (bench/service-bundle.mjs), taking turns. A run opens a store, makes a time trial of
// --racers racers, starts it and times the N/20 bulk_update calls: process CPU (user +
// system) and wall. Two orders of the file: `finish` (the times in finishing order, as a
// timing system writes them: each request's times behind those in, no rank moves) and
// `random` (the file in participant order, the times at random: each request moves the
// ranks of every racer behind its fastest time, which the service must rewrite either way).
// Then 50 PUTs of one time each (a racer's time moved to a random one), timed apart: CPU a
// PUT. Each run checks that both sides end with the same rank for every racer.
// --cli: the same through each checkout's bin/tourney instead (built: `npm run build` here):
// `race times bulk-update RACE --file times.csv` of the whole round on the embedded backend
// (a file store under a fresh data dir), timed: the process's wall and CPU (/usr/bin/time).
// Usage: node bench/race-bulk.mjs --against DIR [--racers 2000,8000] [--runs 3]
//                                 [--order finish,random] [--store memory|file] [--cli]
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { bundleService, serviceCall } from "./service-bundle.mjs";

const { values: args } = parseArgs({
  options: {
    against: { type: "string" },
    racers: { type: "string", default: "2000,8000" },
    runs: { type: "string", default: "3" },
    order: { type: "string", default: "finish,random" },
    store: { type: "string", default: "memory" },
    cli: { type: "boolean", default: false },
  },
});
if (args.against === undefined) throw new Error("--against DIR (a checkout of an earlier commit)");
if (!["memory", "file"].includes(args.store)) throw new Error("--store must be memory or file");
const sizes = args.racers.split(",").map(Number);
const orders = args.order.split(",");
const runs = Number(args.runs);
if (![...sizes, runs].every((n) => Number.isInteger(n) && n >= 1))
  throw new Error("--racers and --runs must be whole numbers >= 1");
if (!orders.every((o) => o === "finish" || o === "random"))
  throw new Error("--order takes finish, random or both");
const root = fileURLToPath(new URL("..", import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), "tourney-bench-race-bulk-"));

const cpuNow = () => {
  const c = process.cpuUsage();
  return c.user + c.system;
};
let files = 0;

/** Times for `racers` racers (ms, some tied, one in 50 DNF: null) from a fixed seed. */
function timesFor(racers) {
  let state = 12345;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
  return Array.from({ length: racers }, () =>
    next() < 0.02 ? null : 60_000 + Math.floor(next() * racers * 20),
  );
}

/** One run: a time trial of `racers`, started, every time entered; CPU and wall of the entries. */
async function enterAll(tourney, racers, order) {
  const dbPath = args.store === "memory" ? ":memory:" : join(tmp, `case-${++files}.db`);
  const service = await tourney.openService({ dbPath });
  const call = serviceCall(service);
  const attributes = { name: "Bench", raceType: "time trial" };
  const race = (await call("POST", "/v2.1/races", { data: { type: "Race", attributes } })).data.id;
  for (let from = 0; from < racers; from += 1000) {
    const participants = Array.from({ length: Math.min(1000, racers - from) }, (_, i) => ({
      name: `R${from + i + 1}`,
    }));
    await call("POST", `/v2.1/races/${race}/participants/bulk_add`, {
      data: { type: "Participants", attributes: { participants } },
    });
  }
  await call("PUT", `/v2.1/races/${race}/change_state`, {
    data: { type: "RaceState", attributes: { state: "start" } },
  });
  const path = `/v2.1/races/${race}/rounds/1/elapsed_times`;
  const rows = [];
  for (let page = 1; rows.length < racers; page++)
    rows.push(...(await call("GET", `${path}?per_page=1000&page=${page}`)).data);
  const times = timesFor(racers);
  let entries = rows.map((t, i) => ({ elapsedTimeId: Number(t.id), time: times[i] }));
  if (order === "finish")
    entries = entries.sort((a, b) => (a.time ?? Infinity) - (b.time ?? Infinity));
  const [c0, w0] = [cpuNow(), performance.now()];
  for (let from = 0; from < entries.length; from += 20) {
    const elapsed_times = entries.slice(from, from + 20);
    await call("POST", `${path}/bulk_update`, {
      data: { type: "BulkElapsedTime", attributes: { elapsed_times } },
    });
  }
  const [cpu, wall] = [(cpuNow() - c0) / 1000, performance.now() - w0];
  const moved = timesFor(racers * 2).slice(racers, racers + 50);
  const c1 = cpuNow();
  for (const [i, time] of moved.entries()) {
    const id = rows[(i * 7919) % racers].id;
    await call("PUT", `${path}/${id}`, {
      data: { type: "ElaspedTime", attributes: { elapsedTime: time } },
    });
  }
  const put = (cpuNow() - c1) / 1000 / moved.length;
  const ranks = [];
  for (let page = 1; ranks.length < racers; page++)
    for (const t of (await call("GET", `${path}?per_page=1000&page=${page}`)).data)
      ranks.push(`${t.id}:${t.attributes.rank}`);
  service.close();
  if (args.store === "file")
    for (const suffix of ["", "-wal", "-shm"]) rmSync(`${dbPath}${suffix}`, { force: true });
  return { cpu, wall, put, ranks: ranks.sort().join(",") };
}

/** One run through `checkout`'s CLI: the race made, started, then the times file sent; timed. */
function enterAllByCli(checkout, racers, order) {
  const home = mkdtempSync(join(tmp, "home-"));
  const env = { ...process.env, HOME: home, TOURNEY_CONFIG_DIR: join(home, "cfg") };
  env.TOURNEY_DATA_DIR = join(home, "data");
  const tourney = (argv, input) =>
    execFileSync(process.execPath, [join(checkout, "bin", "tourney"), ...argv], {
      env,
      input,
      encoding: "utf8",
      maxBuffer: 1 << 28,
    });
  const names = Array.from({ length: racers }, (_, i) => `R${i + 1}`);
  tourney(["race", "create", "--name", "Bench", "--type", "time trial"]);
  tourney(["race", "participants", "bulk-add", "bench"], `${names.join("\n")}\n`);
  tourney(["race", "start", "bench"]);
  const times = timesFor(racers);
  let rows = names.map((name, i) => ({ name, time: times[i] }));
  if (order === "finish") rows = rows.sort((a, b) => (a.time ?? Infinity) - (b.time ?? Infinity));
  const file = join(home, "times.csv");
  writeFileSync(file, rows.map((r) => `${r.name},${r.time ?? "DNF"}\n`).join(""));
  const timing = join(home, "time.txt");
  const w0 = performance.now();
  execFileSync(
    "/usr/bin/time",
    [
      "-f",
      "%U %S",
      "-o",
      timing,
      process.execPath,
      join(checkout, "bin", "tourney"),
      "race",
      "times",
      "bulk-update",
      "bench",
      "--file",
      file,
      "--json",
    ],
    { env, encoding: "utf8", maxBuffer: 1 << 28 },
  );
  const wall = performance.now() - w0;
  const [user, system] = readFileSync(timing, "utf8").trim().split(/\s+/).map(Number);
  const listed = JSON.parse(tourney(["race", "times", "list", "bench", "--json"]));
  rmSync(home, { recursive: true, force: true });
  const ranks = listed
    .map((t) => `${t.participantId}:${t.rank}`)
    .sort()
    .join(",");
  return { cpu: (user + system) * 1000, wall, ranks };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

try {
  const sides = args.cli
    ? [root, args.against]
    : [
        await import(await bundleService("race-bulk-this.mjs", root)),
        await import(await bundleService("race-bulk-against.mjs", args.against)),
      ];
  const run1 = args.cli ? enterAllByCli : enterAll;
  const how = args.cli ? "through bin/tourney, a file store" : `store ${args.store}`;
  console.log(
    `bench/race-bulk: a round's times by bulk_update (20 a request), ${how}, ${runs} runs a side taking turns (Node ${process.version}, load ${loadavg()[0].toFixed(2)})`,
  );
  for (const racers of sizes) {
    for (const order of orders) {
      const results = [[], []];
      for (let run = 0; run < runs; run++) {
        for (const i of run % 2 === 0 ? [0, 1] : [1, 0])
          results[i].push(await run1(sides[i], racers, order));
        if (results[0][run].ranks !== results[1][run].ranks)
          throw new Error(`${racers} racers, ${order}: the two sides' ranks differ`);
      }
      const [now, before] = results.map((side) => median(side.map((r) => r.cpu)));
      const [nowWall, beforeWall] = results.map((side) => median(side.map((r) => r.wall)));
      const ratio = median(results[0].map((r, i) => r.cpu / results[1][i].cpu));
      const puts = args.cli
        ? ""
        : `; a PUT after: CPU ${results.map((side) => median(side.map((r) => r.put)).toFixed(2)).join(" ms vs ")} ms`;
      console.log(
        `${String(racers).padStart(6)} racers, ${order.padEnd(6)} order: CPU this ${(now / 1000).toFixed(3)} s, --against ${(before / 1000).toFixed(3)} s (this / against ${ratio.toFixed(3)}); wall ${(nowWall / 1000).toFixed(3)} s vs ${(beforeWall / 1000).toFixed(3)} s${puts}; ranks equal`,
      );
    }
  }
  console.log(`load at the end ${loadavg()[0].toFixed(2)}`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
