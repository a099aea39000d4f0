#!/usr/bin/env node
// How the JIT treats a process's second tournament (issue 27; docs/development.md, "Why a
// second case re-warms"): --cases double eliminations of --size played one after another
// in one process (each on a new service over :memory:, or with --same-service all on one),
// as bench/report-syscalls.mjs plays them, printing a line at each phase and the mean
// microseconds a report by 128 reports. Meant to be run under V8's traces, whose lines then
// fall between the phases':
//   node --trace-opt --trace-deopt-verbose bench/report-deopts.mjs [--size 1024] [--cases 2]
//        [--same-service] [--against DIR]
// (--against DIR: the service of a checkout of an earlier commit instead of this one.)
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
    cases: { type: "string", default: "2" },
    "same-service": { type: "boolean", default: false },
    against: { type: "string" },
  },
});
const root = fileURLToPath(new URL("..", import.meta.url));
const checkout = args.against ?? root;
const tourney = await import(await bundleService("report-deopts.mjs", checkout));
const size = Number(args.size);
let shared;
for (let c = 0; c < Number(args.cases); c++) {
  const service = shared ?? (await tourney.openService({ dbPath: ":memory:" }));
  if (args["same-service"]) shared = service;
  const call = serviceCall(service);
  console.log(`=== case ${c}: bulk add`);
  const { id, seedOf } = await doubleEliminationWith(call, size);
  console.log(`=== case ${c}: start`);
  await startTournament(call, id);
  const open = () => openMatches(call, id);
  const per128 = [];
  let reports = 0;
  let ns = 0n;
  for (let matches = await open(); matches.length > 0; matches = await open()) {
    for (const m of matches) {
      const [path, body] = lowerSeedWins(id, m, seedOf);
      if (reports === 0) console.log(`=== case ${c}: first report`);
      const t0 = process.hrtime.bigint();
      await call("PUT", path, body);
      ns += process.hrtime.bigint() - t0;
      if (++reports % 128 === 0) {
        per128.push(Math.round(Number(ns) / 128_000));
        console.log(`=== case ${c}: ${reports} reports, the last 128 ${per128.at(-1)} us each`);
        ns = 0n;
      }
    }
  }
  console.log(`=== case ${c}: ${reports} reports; us a report by 128: ${per128.join(" ")}`);
  if (!args["same-service"]) service.close();
}
