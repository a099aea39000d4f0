#!/usr/bin/env node
// `tourney serve`'s resident memory while large tournaments are read in turn (issue 12): the
// built binary's `serve` on a loopback port over a database holding --tournaments started
// double eliminations of --players (default 10 of 65,536), seeded untimed by processes of the
// same binary (tournament create, participants bulk-add --file, tournament start). Then, for
// each tournament in turn (--rounds times over all of them): GET the tournament, then every
// page of its matches (--per-page, default the most a page holds: 1000) one after another,
// and print serve's resident set (VmRSS) and its peak so far (VmHWM) from /proc (Linux).
// Target: the peak stays within the budget docs/tournaments.md's size limits state.
// --heap-mib N starts serve with NODE_OPTIONS=--max-old-space-size=N (V8's heap limit; by
// default V8 lets dropped rows wait as garbage until the heap is far larger than what is live).
// Usage: npm run build && node bench/serve-memory.mjs [--tournaments 10] [--players 65536]
//          [--per-page 1000] [--rounds 1] [--heap-mib 0 (V8's default)]
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { children, client, spawnServer } from "./load-driver.mjs";
import { bin, expectOk } from "./serve-fixture.mjs";

const { values: args } = parseArgs({
  options: {
    tournaments: { type: "string", default: "10" },
    players: { type: "string", default: "65536" },
    "per-page": { type: "string", default: "1000" },
    rounds: { type: "string", default: "1" },
    "heap-mib": { type: "string", default: "0" },
  },
});
const least = (k) => ({ players: 4, "heap-mib": 0 })[k] ?? 1;
const n = Object.fromEntries(Object.entries(args).map(([k, v]) => [k, Number(v)]));
for (const [k, v] of Object.entries(n))
  if (!Number.isInteger(v) || v < least(k))
    throw new Error(`--${k} must be a whole number >= ${least(k)}`);
if (n["per-page"] > 1000) throw new Error("--per-page: a page holds at most 1000");

const tmp = mkdtempSync(join(tmpdir(), "tourney-bench-serve-memory-"));
const env = { ...process.env, TOURNEY_CONFIG_DIR: join(tmp, "config"), TOURNEY_DATA_DIR: tmp };
const RUN_TIMEOUT_MS = 300_000; // one seeding process; bounds the bench whatever happens

/** One process of the binary; its stdout. */
function run(argv) {
  const r = spawnSync(process.execPath, [bin, ...argv], {
    env,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    timeout: RUN_TIMEOUT_MS,
  });
  if (r.status !== 0) throw new Error(`tourney ${argv.join(" ")}: exit ${r.status}: ${r.stderr}`);
  return r.stdout;
}

/** The started double eliminations, in the embedded CLI's database (tmp/tourney.db). */
function seed() {
  const roster = join(tmp, "roster.txt");
  writeFileSync(roster, Array.from({ length: n.players }, (_, i) => `P${i + 1}\n`).join(""));
  const ids = [];
  const t0 = performance.now();
  for (let i = 1; i <= n.tournaments; i++) {
    const argv = ["tournament", "create", "--name", `Memory ${i}`, "--type", "double elimination"];
    const id = String(JSON.parse(run([...argv, "--json"])).id);
    run(["participants", "bulk-add", id, "--file", roster]);
    run(["tournament", "start", id]);
    ids.push(id);
  }
  const seconds = ((performance.now() - t0) / 1000).toFixed(1);
  console.log(`seeded ${n.tournaments} x ${n.players} players in ${seconds} s`);
  return ids;
}

/** serve's resident set and peak resident set, MiB (/proc/<pid>/status). */
function memory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = (field) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1]);
  return { rss: kib("VmRSS") / 1024, hwm: kib("VmHWM") / 1024 };
}

/** GET the tournament, then each page of its matches in turn; resolves the rows read. */
async function readTournament(c, t) {
  await expectOk(c.send({ method: "GET", path: `/tournaments/${t}.json` }), `GET ${t}`);
  let rows = 0;
  for (let page = 1, pages = 1; page <= pages; page++) {
    const path = `/tournaments/${t}/matches.json?per_page=${n["per-page"]}&page=${page}`;
    const j = await expectOk(c.send({ method: "GET", path }), `GET ${path}`);
    pages = j.meta.total_pages;
    rows += j.data.length;
  }
  return rows;
}

try {
  console.log(
    `bench/serve-memory: node ${process.version}, ${cpus()[0]?.model.split(" ").slice(0, 2).join(" ")} x ${cpus().length}`,
  );
  const ids = seed();
  mkdirSync(join(tmp, "config"), { recursive: true });
  const db = join(tmp, "tourney.db");
  const heap = n["heap-mib"] > 0 ? ` --max-old-space-size=${n["heap-mib"]}` : "";
  const serveEnv = { ...env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""}${heap}` };
  const s = await spawnServer(
    [bin, "serve", "--port", "0", "--db", db],
    serveEnv,
    /Listening on http:\/\/127\.0\.0\.1:(\d+)\//,
  );
  const key = /\n {2}(tk_[\w-]+)\n/.exec(s.stderr())?.[1];
  if (key === undefined) throw new Error(`serve printed no key: ${s.stderr()}`);
  const c = client(s.port, key, 1);
  const started = memory(s.child.pid);
  console.log(`serve started${heap}: RSS ${started.rss.toFixed(0)} MiB`);
  let peakRss = started.rss;
  for (let round = 1; round <= n.rounds; round++)
    for (const [i, t] of ids.entries()) {
      const t0 = performance.now();
      const rows = await readTournament(c, t);
      const m = memory(s.child.pid);
      peakRss = Math.max(peakRss, m.rss);
      const seconds = ((performance.now() - t0) / 1000).toFixed(1);
      console.log(
        `round ${round}, tournament ${i + 1}/${ids.length} (${rows} matches in ${seconds} s): RSS ${m.rss.toFixed(0)} MiB, peak ${m.hwm.toFixed(0)} MiB`,
      );
    }
  const end = memory(s.child.pid);
  console.log(
    `largest RSS after a tournament: ${peakRss.toFixed(0)} MiB; peak RSS of serve (VmHWM): ${end.hwm.toFixed(0)} MiB`,
  );
  await c.close();
} finally {
  for (const child of children) child.kill();
  rmSync(tmp, { recursive: true, force: true });
}
