#!/usr/bin/env node
// Ctrl-C during an embedded `tourney tournament import` (the in-process transport), and what
// hearing it costs. A swiss of N players (default 2,000) and R rounds (default 5: 5,000
// results) is played on an embedded store and exported; then, in fresh homes, alternated:
//  - the import timed whole, with the baseline binary (--base, e.g. /work/head-start/bin/tourney)
//    and this tree's, medians and their ratio;
//  - the import sent SIGINT after --at seconds (default 1.0): the time to the exit, the exit
//    code and the first line of stderr, for both.
// Usage: npm run build && node bench/import-interrupt.mjs [--base BIN] [--bin BIN] [--players 2000]
//        [--rounds 5] [--runs 5] [--at 1.0]
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { build } from "esbuild";

const { values: args } = parseArgs({
  options: {
    base: { type: "string" },
    bin: { type: "string" },
    players: { type: "string", default: "2000" },
    rounds: { type: "string", default: "5" },
    runs: { type: "string", default: "5" },
    at: { type: "string", default: "1.0" },
  },
});
const root = fileURLToPath(new URL("..", import.meta.url));
const BIN = args.bin ?? join(root, "bin", "tourney");
const BASE = args.base;
const players = Number(args.players);
const rounds = Number(args.rounds);
const bundle = join(root, "bench", "out", "publish.mjs");
const version = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).version;
await build({
  entryPoints: [join(root, "bench", "publish-entry.ts")],
  outfile: bundle,
  bundle: true,
  format: "esm",
  platform: "node",
  target: "node20",
  legalComments: "none",
  banner: {
    js: "import { createRequire as __tourneyCreateRequire } from 'node:module'; const require = __tourneyCreateRequire(import.meta.url);",
  },
  define: { __TOURNEY_VERSION__: JSON.stringify(version) },
  logLevel: "warning",
});
const tourney = await import(bundle);

const dir = mkdtempSync(join(tmpdir(), "tourney-bench-import-int-"));
const home = (name) => {
  const h = join(dir, name);
  return {
    PATH: process.env.PATH ?? "",
    HOME: h,
    TOURNEY_CONFIG_DIR: join(h, "config"),
    TOURNEY_DATA_DIR: join(h, "data"),
  };
};
const source = home("source");
execFileSync(process.execPath, [BIN, "tournament", "list"], { env: source });
const client = tourney.createApiClient({
  transport: tourney.createInProcessTransport({
    dbPath: join(source.TOURNEY_DATA_DIR, "tourney.db"),
  }),
});
await client.tournaments.create({
  name: "Bench swiss",
  url: "sw",
  tournament_type: "swiss",
  swiss_options: { rounds },
});
await client.participants.bulkAdd(
  "sw",
  Array.from({ length: players }, (_, i) => ({ name: `Player ${i + 1}` })),
);
await client.tournaments.changeState("sw", "start");
let results = 0;
for (let round = 0; round < rounds; round++) {
  const open = await client.matches.listAll("sw", { state: "open" });
  if (open.length === 0) break;
  for (const m of open) {
    const [p1, p2] = [m.attributes.player1_id, m.attributes.player2_id];
    await client.matches.update("sw", m.id, {
      match: [
        { participant_id: p1, score_set: "2", advancing: true },
        { participant_id: p2, score_set: "1", advancing: false },
      ],
    });
    results++;
  }
}
await client.close();
const doc = join(dir, "sw.json");
writeFileSync(
  doc,
  execFileSync(process.execPath, [BIN, "tournament", "export", "sw"], {
    env: source,
    maxBuffer: 1 << 30,
  }),
);
console.log(`swiss: ${players} players, ${results} results exported`);

let fresh = 0;
/** The import in a fresh home; `at`: SIGINT after that many seconds. Whole runs are timed by
 * /usr/bin/time (the CPU of the import, user + system: steadier than the wall time on a busy machine). */
function run(bin, at) {
  const env = home(`h${fresh++}`);
  const timing = join(dir, `time${fresh}`);
  const argv = [process.execPath, bin, "tournament", "import", doc];
  return new Promise((done) => {
    const started = performance.now();
    const child =
      at === undefined
        ? spawn("/usr/bin/time", ["-f", "%U %S", "-o", timing, ...argv], {
            env,
            stdio: ["ignore", "pipe", "pipe"],
          })
        : spawn(argv[0], argv.slice(1), { env, stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += d));
    child.stdout.resume();
    const timer = at === undefined ? undefined : setTimeout(() => child.kill("SIGINT"), at * 1000);
    child.on("close", (code) => {
      clearTimeout(timer);
      const ms = performance.now() - started;
      const cpu =
        at === undefined
          ? readFileSync(timing, "utf8")
              .trim()
              .split(" ")
              .reduce((a, b) => a + Number(b) * 1000, 0)
          : 0;
      rmSync(env.HOME, { recursive: true, force: true });
      done({ ms, cpu, code, stderr });
    });
  });
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const bins =
  BASE === undefined
    ? [["this", BIN]]
    : [
        ["base", BASE],
        ["this", BIN],
      ];
const wall = Object.fromEntries(bins.map(([n]) => [n, []]));
const cpu = Object.fromEntries(bins.map(([n]) => [n, []]));
for (let i = 0; i < Number(args.runs); i++)
  for (const [name, bin] of i % 2 ? [...bins].reverse() : bins) {
    const r = await run(bin);
    if (r.code !== 0) throw new Error(`${name}: exit ${r.code}: ${r.stderr}`);
    wall[name].push(r.ms);
    cpu[name].push(r.cpu);
  }
const list = (xs) => xs.map((x) => x.toFixed(0)).join(", ");
for (const [name] of bins) {
  console.log(
    `import whole, ${name}: wall median ${median(wall[name]).toFixed(0)} ms (${list(wall[name])})`,
  );
  console.log(
    `import whole, ${name}: CPU median ${median(cpu[name]).toFixed(0)} ms (${list(cpu[name])})`,
  );
}
if (BASE !== undefined)
  console.log(
    `ratio this/base: wall ${(median(wall.this) / median(wall.base)).toFixed(3)}, CPU ${(median(cpu.this) / median(cpu.base)).toFixed(3)}`,
  );
for (const [name, bin] of bins) {
  const r = await run(bin, Number(args.at));
  console.log(
    `SIGINT at ${args.at} s, ${name}: exit ${r.code} at ${(r.ms / 1000).toFixed(2)} s: ${r.stderr.trim().split("\n").join(" | ").slice(0, 300)}`,
  );
}
rmSync(dir, { recursive: true, force: true });
