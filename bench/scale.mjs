#!/usr/bin/env node
// One-match actions against tournament size (issue 12): the wall time of whole processes of
// the built binary (embedded backend, output piped as a script sees it):
//   `match report <t> <id> --winner <name> --scores 2-1` and `match view <t> <id>` in started
//   double eliminations of --sizes players (default 64, 1,024, 4,096, 16,384), the sizes in
//   turn within each of --runs rounds (each run reports another first-round match);
//   `match list <t> --json` in double eliminations of --list-sizes players (default 16,384
//   and 65,536), alternating, as time per row printed.
// Targets: report at 4,096 <= 1.5x the one at 64, at 16,384 <= 2x; list time per row the
// same at both sizes within 30 %. Also printed: each process's peak RSS (median).
// Each size has its own data directory, seeded untimed by three processes of the same
// binary: tournament create, participants bulk-add --file (one transaction), tournament start.
// Usage: npm run build && node bench/scale.mjs [--runs 9] [--list-runs 5]
//          [--sizes 64,1024,4096,16384] [--list-sizes 16384,65536] [--bin path/to/bin/tourney]
import { spawnSync } from "node:child_process";
import {
  closeSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "9" },
    "list-runs": { type: "string", default: "5" },
    sizes: { type: "string", default: "64,1024,4096,16384" },
    "list-sizes": { type: "string", default: "16384,65536" },
    bin: { type: "string" },
  },
});
const whole = (flag, text, least) => {
  const v = Number(text);
  if (!Number.isInteger(v) || v < least)
    throw new Error(`${flag}: ${text} is not a whole number >= ${least}`);
  return v;
};
const runs = whole("--runs", args.runs, 1);
const listRuns = whole("--list-runs", args["list-runs"], 1);
const sizes = args.sizes.split(",").map((s) => whole("--sizes", s, 4));
const listSizes = args["list-sizes"].split(",").map((s) => whole("--list-sizes", s, 4));
if (runs > Math.min(...sizes) / 2)
  throw new Error(
    `--runs ${runs}: the smallest size has only ${Math.min(...sizes) / 2} first-round matches`,
  );

const root = fileURLToPath(new URL("..", import.meta.url));
const bin = args.bin ?? join(root, "bin", "tourney"); // --bin: another build, to compare
const preload = join(root, "bench", "max-rss.cjs");
const tmp = mkdtempSync(join(tmpdir(), "tourney-bench-scale-"));
const RUN_TIMEOUT_MS = 300_000; // one process; bounds the bench whatever happens

/**
 * One process of the binary in `dir`; its wall time (ms), peak RSS (MiB) and stdout. Its
 * stdout is a file, as when a script redirects it or pipes it into jq (the CLI writes
 * straight to a pipe or file descriptor); spawnSync's own pipe is a socket, through which
 * the CLI's output queues in memory whenever this process reads slower than it writes.
 */
function run(dir, argv) {
  const env = {
    ...process.env,
    TOURNEY_CONFIG_DIR: join(dir, "config"),
    TOURNEY_DATA_DIR: join(dir, "data"),
  };
  const out = join(dir, "stdout.txt");
  const fd = openSync(out, "w");
  const t0 = process.hrtime.bigint();
  let r;
  try {
    r = spawnSync(process.execPath, ["-r", preload, bin, ...argv], {
      env,
      encoding: "utf8",
      stdio: ["ignore", fd, "pipe"],
      timeout: RUN_TIMEOUT_MS,
    });
  } finally {
    closeSync(fd);
  }
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`tourney ${argv.join(" ")}: exit ${r.status}: ${r.stderr}`);
  const kib = Number(/max-rss-kib (\d+)\s*$/.exec(r.stderr)?.[1] ?? Number.NaN);
  return { ms, mib: kib / 1024, stdout: readFileSync(out, "utf8") };
}

/** A started double elimination of `players` (P1...) alone in its own data directory. */
function seed(players) {
  const dir = join(tmp, String(players));
  mkdirSync(dir);
  const created = JSON.parse(
    run(dir, [
      "tournament",
      "create",
      "--name",
      `Scale ${players}`,
      "--type",
      "double elimination",
      "--json",
    ]).stdout,
  );
  const roster = join(dir, "roster.txt");
  writeFileSync(roster, Array.from({ length: players }, (_, i) => `P${i + 1}\n`).join(""));
  const t0 = performance.now();
  run(dir, ["participants", "bulk-add", String(created.id), "--file", roster]);
  run(dir, ["tournament", "start", String(created.id)]);
  const seconds = ((performance.now() - t0) / 1000).toFixed(1);
  console.log(`seeded ${players} players (bulk-add, start) in ${seconds} s`);
  return { players, dir, t: String(created.id) };
}

/** The first-round open matches and the participants' names, read once, untimed. */
function firstRound(s) {
  const names = new Map(
    JSON.parse(run(s.dir, ["participants", "list", s.t, "--json"]).stdout).map((p) => [
      p.id,
      p.name,
    ]),
  );
  const open = JSON.parse(run(s.dir, ["match", "list", s.t, "--state", "open", "--json"]).stdout);
  return open
    .filter((m) => m.round === 1 && m.player1_id !== null && m.player2_id !== null)
    .map((m) => ({ id: String(m.id), winner: names.get(m.player1_id) }));
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const f = (x, d = 0) => x.toFixed(d);
const verdict = (ok) => (ok ? "met" : "NOT MET");

function oneMatchActions(seeded) {
  const matches = new Map(seeded.map((s) => [s.players, firstRound(s)]));
  const times = new Map(seeded.map((s) => [s.players, { report: [], view: [], rss: [] }]));
  for (let i = 0; i < runs; i++) {
    for (const s of seeded) {
      const m = matches.get(s.players)[i];
      const t = times.get(s.players);
      const reported = run(s.dir, [
        "match",
        "report",
        s.t,
        m.id,
        "--winner",
        m.winner,
        "--scores",
        "2-1",
      ]);
      const viewed = run(s.dir, ["match", "view", s.t, m.id]);
      if (!/\bcomplete\b/.test(viewed.stdout))
        throw new Error(`match ${m.id} not complete: ${viewed.stdout}`);
      t.report.push(reported.ms);
      t.view.push(viewed.ms);
      t.rss.push(reported.mib);
    }
  }
  const base = times.get(seeded[0].players);
  console.log(
    `\none-match actions, median of ${runs} runs (sizes in turn), ratio to ${seeded[0].players} players:`,
  );
  for (const s of seeded) {
    const t = times.get(s.players);
    const ratio = (k) => median(t[k]) / median(base[k]);
    const target = s.players === 4096 ? 1.5 : s.players === 16384 ? 2 : undefined;
    const mark =
      target === undefined
        ? ""
        : `  report target <= ${target}x ${verdict(ratio("report") <= target)}`;
    console.log(
      `${String(s.players).padStart(6)} players: report ${f(median(t.report)).padStart(5)} ms (${f(ratio("report"), 2)}x, ${f(median(t.rss))} MiB)  view ${f(median(t.view)).padStart(5)} ms (${f(ratio("view"), 2)}x)${mark}`,
    );
  }
}

function listTimes(seeded) {
  const times = new Map(seeded.map((s) => [s.players, { ms: [], rss: [], rows: 0 }]));
  for (let i = 0; i < listRuns; i++) {
    for (const s of i % 2 === 0 ? seeded : [...seeded].reverse()) {
      const r = run(s.dir, ["match", "list", s.t, "--json"]);
      const t = times.get(s.players);
      t.rows = JSON.parse(r.stdout).length;
      t.ms.push(r.ms);
      t.rss.push(r.mib);
    }
  }
  console.log(`\nmatch list --json, median of ${listRuns} runs (alternating):`);
  const perRow = seeded.map((s) => {
    const t = times.get(s.players);
    const us = (median(t.ms) * 1000) / t.rows;
    console.log(
      `${String(s.players).padStart(6)} players: ${t.rows} rows in ${f(median(t.ms))} ms = ${f(us, 1)} us a row, ${f(median(t.rss))} MiB`,
    );
    return us;
  });
  const spread = Math.max(...perRow) / Math.min(...perRow);
  console.log(
    `time per row, largest / smallest: ${f(spread, 2)}x  target <= 1.3x ${verdict(spread <= 1.3)}`,
  );
}

try {
  const cpu = cpus();
  console.log(
    `bench/scale: node ${process.version}, ${cpu[0]?.model ?? "unknown CPU"} x ${cpu.length}; double eliminations, embedded CLI (${bin})`,
  );
  const all = [...new Set([...sizes, ...listSizes])].sort((a, b) => a - b);
  const seeded = new Map(all.map((players) => [players, seed(players)]));
  oneMatchActions(sizes.map((p) => seeded.get(p)));
  listTimes(listSizes.map((p) => seeded.get(p)));
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
