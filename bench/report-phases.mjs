#!/usr/bin/env node
// Where a match report's time goes, phase by phase (issue 27): the service of a checkout
// bundled as bench/report-syscalls.mjs bundles it, then a copy of the bundle with the named
// functions and methods wrapped in timers (performance.now before and after; inclusive, so a
// phase holds the phases it calls), and --cases 1,024-player double eliminations played in
// one process as report-syscalls plays them, a new service each, on a WAL file (or
// --memory). Only the reports' own requests are timed (not the lists between rounds).
// Printed for each case: the mean and median report, and each phase's microseconds a report.
// BEGIN and COMMIT are the write transaction's own statements (context.ts), the UPDATEs are
// in `applyChanges`. The wrappers cost about 0.1 us each (some 30 calls a report).
// --allocation: instead of the phases, the bytes a report allocates in the last case (V8's sampling heap
// profiler, objects collected since included, every 64 bytes; samples under the service's
// handleSync and not under the list of matches: the harness's own request objects left out).
// Usage: node bench/report-phases.mjs [--cases 3] [--size 1024] [--memory] [--allocation]
//        [--checkout DIR]
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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
    cases: { type: "string", default: "3" },
    size: { type: "string", default: "1024" },
    memory: { type: "boolean", default: false },
    checkout: { type: "string" },
    allocation: { type: "boolean", default: false },
  },
});

/** Module functions of the report path (the first of each name in the bundle). */
const FUNCTIONS = [
  "answer",
  "reportRoute",
  "readJsonBody",
  "parseJson",
  "readAttributes",
  "readMatchReport",
  "tournamentOf",
  "findMatch",
  "runTransition",
  "reportChanges",
  "advanceFrom",
  "advance",
  "applyChanges",
  "syncStations",
  "recordOf",
  "stationOf",
  "originsOf",
  "matchResource",
];
/** Class methods: Class.method. */
const METHODS = ["Answerer.handleSync", "Context.inRequest", "Context.write", "CachedMatches.find"];
/** Statements timed where they stand (context.ts Context.write). */
const STATEMENTS = {
  begin: "(nested ? tx.savepoint : tx.begin).run();",
  commit: "(nested ? tx.release : tx.commit).run();",
};

/** The bundle's text with the phases wrapped; `names` gets each timer's name, by index. */
function instrumented(text, names) {
  let out = text;
  const timed = (id) => `if (globalThis.__phasesOn) globalThis.__phases[${id}] +=`;
  for (const name of FUNCTIONS) {
    const pattern = new RegExp(`^function ${name}\\(`, "m");
    if (!pattern.test(out)) throw new Error(`no function ${name} in the bundle`);
    out = out.replace(pattern, `function ${name}__timed(`);
    const id = names.push(name) - 1;
    // Fixed parameters, not a rest array: the wrapper allocates nothing.
    out += `\nfunction ${name}(a, b, c, d, e, f, g, h) { const t = performance.now(); try { return ${name}__timed(a, b, c, d, e, f, g, h); } finally { ${timed(id)} performance.now() - t; } }`;
  }
  for (const qualified of METHODS) {
    const [cls, method] = qualified.split(".");
    const start = out.search(new RegExp(`^ *(var )?${cls} = class|^ *class ${cls} `, "m"));
    const found =
      start < 0 ? null : new RegExp(`^( *)${method}\\(([^)]*)\\) \\{`, "m").exec(out.slice(start));
    if (found === null) throw new Error(`no method ${qualified} in the bundle`);
    const id = names.push(qualified) - 1;
    const at = start + found.index;
    const wrapper = `${found[1]}${method}(...a) { const t = performance.now(); try { return this.${method}__timed(...a); } finally { ${timed(id)} performance.now() - t; } }\n${found[1]}${method}__timed(${found[2]}) {`;
    out = out.slice(0, at) + wrapper + out.slice(at + found[0].length);
  }
  for (const [name, code] of Object.entries(STATEMENTS)) {
    if (!out.includes(code)) throw new Error(`no statement ${name} in the bundle`);
    const id = names.push(name) - 1;
    out = out.replace(
      code,
      `{ const t = performance.now(); ${code} ${timed(id)} performance.now() - t; }`,
    );
  }
  return out;
}

/** Bytes sampled under `handleSync` and not under `listMatches` (the reports' requests). */
function reportBytes(profile) {
  let bytes = 0;
  const walk = (node, inHandle, inList) => {
    const name = node.callFrame.functionName;
    const handle = inHandle || name === "handleSync" || name === "handleSync__timed";
    const list = inList || name === "listMatches";
    if (handle && !list) bytes += node.selfSize;
    for (const child of node.children) walk(child, handle, list);
  };
  walk(profile.head, false, false);
  return bytes;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const root = fileURLToPath(new URL("..", import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), "tourney-bench-phases-"));
try {
  const names = [];
  const bundle = await bundleService("report-phases.mjs", args.checkout ?? root);
  const file = join(root, "bench", "out", "report-phases-timed.mjs");
  writeFileSync(file, instrumented(readFileSync(bundle, "utf8"), names));
  globalThis.__phases = new Float64Array(names.length);
  globalThis.__phasesOn = false;
  // The timers allocate (their numbers, the methods' argument arrays): bytes are counted on
  // the bundle as built, without them, and no phase is timed then.
  const tourney = await import(args.allocation ? bundle : file);
  const { loadavg } = await import("node:os");
  console.log(
    `bench/report-phases: ${args.size}-player double elimination, ${args.memory ? "in memory" : "WAL file"}, a new service a case (load ${loadavg()[0].toFixed(2)}); us a report`,
  );
  for (let c = 0; c < Number(args.cases); c++) {
    const db = args.memory ? ":memory:" : join(tmp, `case-${c}.db`);
    const service = await tourney.openService({ dbPath: db });
    const call = serviceCall(service);
    const { id, seedOf } = await doubleEliminationWith(call, Number(args.size));
    await startTournament(call, id);
    globalThis.__phases.fill(0);
    const sampled = args.allocation && c === Number(args.cases) - 1;
    const session = sampled ? new (await import("node:inspector/promises")).Session() : undefined;
    if (session !== undefined) {
      session.connect();
      await session.post("HeapProfiler.startSampling", {
        samplingInterval: 64,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      });
    }
    const each = [];
    for (let ms = await openMatches(call, id); ms.length > 0; ms = await openMatches(call, id))
      for (const m of ms) {
        const [path, body] = lowerSeedWins(id, m, seedOf);
        globalThis.__phasesOn = true;
        const t0 = performance.now();
        await call("PUT", path, body);
        each.push(performance.now() - t0);
        globalThis.__phasesOn = false;
      }
    const profile = session && (await session.post("HeapProfiler.stopSampling")).profile;
    service.close();
    const n = each.length;
    const mean = each.reduce((a, b) => a + b, 0) / n;
    const phases = names.map(
      (name, i) => `${name} ${((globalThis.__phases[i] * 1000) / n).toFixed(1)}`,
    );
    console.log(
      `case ${c}: ${n} reports, mean ${(mean * 1000).toFixed(1)}, median ${(median(each) * 1000).toFixed(1)}; ${phases.join(", ")}`,
    );
    if (profile !== undefined)
      console.log(`case ${c}: ${(reportBytes(profile) / n).toFixed(0)} bytes allocated a report`);
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
