#!/usr/bin/env node
// A page of a large tournament's matches on `tourney serve` when the main thread does not
// hold its rows (issue 27's scale review; service/cold-lists.ts), with a small probe beside
// it. A database file with a --players round robin (started by the CLI, as the review did:
// serve has never read it) and a 4-player tournament "tiny"; for each build (--against DIR,
// then this checkout), alternated --rounds times, a fresh copy of the file served, and:
//  (1) the first GET of page 1 of the round robin's matches after serve started;
//  (2) a CLI process adds a participant to tiny (a commit of another connection, to another
//      tournament), then GET page 50 of the round robin's matches;
//  (3) a CLI process reports the round robin's match A, then GET page 1 of its open matches;
//  (4) a CLI process reports its match B, then GET v1's tournament with include_matches=1
//      (every match in one body: its JSON is still made in one turn, the rows' load is not).
// Meanwhile a probe GETs tiny's record every 20 ms on its own connection. Printed per case:
// the page's time, the probe's p50 / p99 / max, and serve's longest event-loop hold then
// (bench/loop-holds.cjs: wall time between two 1 ms timer turns, and CPU time in it), and
// the connections serve reset meanwhile (a request answered by a reset counts its time to it).
// Usage: npm run build && node bench/cold-list.mjs --against /work/start19 [--players 500]
//          [--rounds 2]
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { Pool } from "undici";
import { children, spawnServer } from "./load-driver.mjs";
import { bin } from "./serve-fixture.mjs";

const { values: args } = parseArgs({
  options: {
    against: { type: "string" },
    players: { type: "string", default: "500" },
    rounds: { type: "string", default: "2" },
  },
});
if (args.against === undefined) throw new Error("--against DIR (a built checkout) is needed");
const builds = [
  ["before", join(args.against, "bin", "tourney")],
  ["after", bin],
];
const tmp = mkdtempSync(join(tmpdir(), "cold-list-"));
const holdsPreload = join(import.meta.dirname, "loop-holds.cjs");

const envOf = (dir) => ({
  ...process.env,
  TOURNEY_CONFIG_DIR: join(dir, "cfg"),
  TOURNEY_DATA_DIR: dir,
});
// The CLI of the baseline writes the file: a schema it knows (a newer build migrates it).
const cli = (dir, argv, input) =>
  execFileSync(builds[0][1], argv, { env: envOf(dir), input, stdio: ["pipe", "ignore", "pipe"] });

function fixture() {
  const dir = join(tmp, "fixture");
  const names = Array.from({ length: Number(args.players) }, (_, i) => `Player ${i + 1}`);
  cli(dir, ["tournament", "create", "--name", "RR", "--type", "round robin"]);
  cli(dir, ["participants", "bulk-add", "rr"], `${names.join("\n")}\n`);
  cli(dir, ["tournament", "start", "rr"]);
  cli(dir, ["tournament", "create", "--name", "Tiny"]);
  cli(dir, ["participants", "bulk-add", "tiny"], "a\nb\nc\nd\n");
  return dir;
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/**
 * One GET's time. A connection serve reset counts with its time to the reset (`s.resets`):
 * held past its 5 s keep-alive, serve drops a connection whose next request waited unread.
 */
async function get(s, pool, path) {
  const t0 = performance.now();
  try {
    const r = await pool.request({ path, method: "GET", headers: s.headers });
    await r.body.text();
    if (r.statusCode !== 200) throw new Error(`${path}: ${r.statusCode}`);
  } catch (error) {
    if (error.code !== "ECONNRESET") throw error;
    s.resets++;
  }
  return performance.now() - t0;
}

/** One GET of `path` while the probe runs; the page's ms, the probe's, serve's longest hold. */
async function timed(s, path) {
  const probes = [];
  let stop = false;
  // Pools of this measure alone: serve closes a connection idle for 5 s (a CLI write's time).
  s.page = new Pool(s.origin);
  s.probe = new Pool(s.origin);
  s.child.kill("SIGUSR2"); // the hold counted from here
  const probe = (async () => {
    while (!stop) {
      probes.push(await get(s, s.probe, "/v2.1/tournaments/tiny.json"));
      await sleep(20);
    }
  })();
  await sleep(60);
  const page = await get(s, s.page, path);
  stop = true;
  await probe;
  await Promise.all([s.page.close(), s.probe.close()]);
  await sleep(30); // a timer turn after the page's: its hold counted in this measure
  s.child.kill("SIGUSR2");
  await sleep(50);
  const lines = readFileSync(s.holds, "utf8").trim().split("\n");
  const [wall, cpu] = lines.at(-1).split(" ").map(Number);
  probes.sort((a, b) => a - b);
  const [p50, p99] = [quantile(probes, 0.5), quantile(probes, 0.99)];
  const resets = s.resets;
  s.resets = 0;
  return { page, p50, p99, max: probes.at(-1), wall, cpu, resets };
}

async function serveCopy(fixtureDir, binary, label, round) {
  const dir = join(tmp, `${label}-${round}`);
  cpSync(fixtureDir, dir, { recursive: true });
  const holds = join(dir, "holds.txt");
  writeFileSync(holds, "");
  const env = { ...envOf(dir), NODE_OPTIONS: `--require ${holdsPreload}`, LOOP_HOLDS_FILE: holds };
  const listening = /Listening on http:\/\/127\.0\.0\.1:(\d+)\//;
  const s = await spawnServer([binary, "serve", "--port", "0"], env, listening);
  const key = /\n {2}(tk_[\w-]+)\n/.exec(s.stderr())?.[1];
  const origin = `http://127.0.0.1:${s.port}`;
  const headers = { authorization: key, "authorization-type": "v1" };
  return { ...s, dir, holds, headers, origin, resets: 0 };
}

const CASES = [
  ["first page after serve started", () => {}, "/v2.1/tournaments/rr/matches.json?page=1"],
  [
    "page 50 after a CLI commit to another tournament",
    (dir) => cli(dir, ["participants", "bulk-add", "tiny"], "e\n"),
    "/v2.1/tournaments/rr/matches.json?page=50",
  ],
  [
    "open page 1 after a CLI report of its match A",
    (dir) => cli(dir, ["match", "report", "rr", "A", "--winner", "#1"]),
    "/v2.1/tournaments/rr/matches.json?state=open&page=1",
  ],
  [
    "v1 include_matches after a CLI report of its match B",
    (dir) => cli(dir, ["match", "report", "rr", "B", "--winner", "#2"]),
    (s) => `/v1/tournaments/rr.json?include_matches=1&api_key=${s.headers.authorization}`,
  ],
];

function print(results) {
  const ms = (n) => `${n.toFixed(0)} ms`;
  for (const [name] of CASES) {
    console.log(`\n${name} (load ${loadavg()[0].toFixed(1)}):`);
    for (const [label] of builds) {
      for (const r of results.get(`${name}|${label}`)) {
        const probe = `probe p50 ${ms(r.p50)} p99 ${ms(r.p99)} max ${ms(r.max)}`;
        const hold = `longest hold ${ms(r.wall)} wall, ${ms(r.cpu)} cpu${r.resets > 0 ? `; ${r.resets} reset` : ""}`;
        console.log(`  ${label.padEnd(6)} page ${ms(r.page).padStart(8)}; ${probe}; ${hold}`);
      }
    }
    const worst = (label, f) => Math.max(...results.get(`${name}|${label}`).map(f));
    const ratio = (f) => (worst("after", f) / worst("before", f)).toFixed(3);
    const page = ratio((r) => r.page);
    console.log(
      `  after/before (worst of rounds): probe p99 ${ratio((r) => r.p99)}x, hold ${ratio((r) => r.wall)}x, page ${page}x`,
    );
  }
}

const results = new Map();
try {
  console.log(`fixture: a ${args.players}-player round robin (load ${loadavg()[0].toFixed(1)})`);
  const dir = fixture();
  for (let round = 1; round <= Number(args.rounds); round++) {
    for (const [label, binary] of round % 2 === 1 ? builds : [...builds].reverse()) {
      const s = await serveCopy(dir, binary, label, round);
      await timed(s, "/v2.1/tournaments/tiny.json"); // connections open, tiny's rows read
      for (const [name, write, path] of CASES) {
        write(s.dir);
        const key = `${name}|${label}`;
        const r = await timed(s, typeof path === "function" ? path(s) : path).catch((error) => {
          const exit = `serve (${label}) exit ${s.child.exitCode} ${s.child.signalCode}`;
          throw new Error(`${name}: ${error.message}; ${exit}: ${s.stderr().slice(-800)}`);
        });
        results.set(key, [...(results.get(key) ?? []), r]);
      }
      s.child.kill();
    }
  }
  print(results);
} finally {
  for (const child of children) child.kill();
  rmSync(tmp, { recursive: true, force: true });
}
