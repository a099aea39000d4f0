#!/usr/bin/env node
// Start-up benchmark: median wall time of `tourney --version` and of
// `tourney tournament list --json` (embedded, 1,000 tournaments in the store),
// as ratios to bare `node -e 0` measured in the same run. The same list of 1
// tournament is timed too: the fixed start of an embedded command, apart from
// what each record costs.
// Targets (issue 27): --version <= 1.1x, the list <= 1.5x, in every way a script writes it.
// A line naming `tournament list` runs in dist/core-list.js (src/cli/core-list.ts): the core's
// own run.ts and commander with that verb's commands only; every spelling takes that path.
// So the list of 1,000 is timed in several spellings (options before the noun, a filter,
// `--json FIELDS`), and once through the core alone (TOURNEY_CORE_ONLY=1: dist/core.js and the
// noun's script, as every other command runs), each printed beside the target.
// On Linux each case's CPU time (user + system, from /proc/self/stat's counts of the waited-for
// children, 10 ms ticks) is printed beside its wall time: on a machine shared with other work
// it moves much less than the wall time does. Each run's figure is a whole number of ticks, so
// the median of them moves by 10 ms steps; the mean of a case's runs is also printed ("mean"):
// the runs' ticks sum to the children's total, counted exactly, so the mean is good to 10 ms /
// runs (0.3 ms for 31), and the paired differences with --against are given as means of CPU too.
// Each command's stdout is what child_process gives it: a socket (a socketpair), as any
// Node program running tourney gives it; it is read as bytes (not decoded into a string).
// Beside them, the floor (bench/list-floor.ts, bundled here): a bare Node script that loads
// SQLite's addon, runs the list's own statements and writes the same bytes, and nothing else;
// once with the file opened and closed only, once without the writing. What lies between the
// floor and the command is the CLI's own share; the floor's ratio is what no CLI can go under.
// Usage: npm run build && node bench/startup.mjs [runs] [--against DIR]
//   --against DIR: also time the built checkout in DIR (e.g. a git worktree of an
//   earlier commit, built) in the same loop, on the same database, for before/after; the
//   medians of the run-by-run differences of the two lists are printed too.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { build } from "esbuild";

const args = process.argv.slice(2);
const againstAt = args.indexOf("--against");
const against = againstAt === -1 ? undefined : args.splice(againstAt, 2)[1];
const runs = Number(args[0] ?? 31);
const root = fileURLToPath(new URL("..", import.meta.url));
const bin = join(root, "bin", "tourney");
const dir = mkdtempSync(join(tmpdir(), "tourney-bench-"));
/** A sandbox per build: another build (--against) may store another schema version. */
const sandbox = (name) => ({
  ...process.env,
  TOURNEY_CONFIG_DIR: join(dir, name, "config"),
  TOURNEY_DATA_DIR: join(dir, name, "data"),
});
const env = sandbox("this");
const otherEnv = sandbox("other");
const oneEnv = sandbox("this-1");
const otherOneEnv = sandbox("other-1");

/**
 * The command's stdout as bytes: the time measured is the command's, not this script's
 * decoding of what it printed (`encoding: "utf8"` turned the list's 1.6 MB into a string
 * after the command had exited: ~8 ms of each timed run, spawnSync of the list with and
 * without it, medians of 15, load 1.6).
 */
function run(args, runEnv = env) {
  const result = spawnSync(process.execPath, args, { env: runEnv, maxBuffer: 1 << 28 });
  if (result.status !== 0) throw new Error(`${args.join(" ")} failed: ${result.stderr}`);
  return result.stdout;
}

function seed(count, binPath = bin, runEnv = env) {
  run(
    [binPath, "tournament", "create", "--name", "Bench 1", "--type", "double elimination"],
    runEnv,
  );
  const db = new Database(join(runEnv.TOURNEY_DATA_DIR, "tourney.db"));
  const row = db.prepare("SELECT * FROM tournaments WHERE id = 1").get();
  const insert = db.prepare(
    "INSERT INTO tournaments (url, name, tournament_type, state, settings, random_seed, created_at, updated_at) VALUES (?, ?, ?, 'pending', ?, 1, ?, ?)",
  );
  db.transaction(() => {
    for (let i = 2; i <= count; i++) {
      const settings = { ...JSON.parse(row.settings), name: `Bench ${i}`, url: `bench_${i}` };
      insert.run(
        settings.url,
        settings.name,
        row.tournament_type,
        JSON.stringify(settings),
        row.created_at,
        row.updated_at,
      );
    }
  })();
  db.close();
}

/** CPU milliseconds of this process's waited-for children so far (Linux), or undefined. */
function childrenCpuMs() {
  try {
    // After the command's closing parenthesis: fields 3..; cutime and cstime are 16 and 17.
    const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ");
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return undefined;
  }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function mean(values) {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

function measure(cases) {
  const times = Object.fromEntries(cases.map((c) => [c.name, []]));
  const cpu = Object.fromEntries(cases.map((c) => [c.name, []]));
  for (let i = 0; i < runs; i++) {
    for (const c of cases) {
      const cpuBefore = childrenCpuMs();
      const start = process.hrtime.bigint();
      run(c.args, c.env);
      times[c.name].push(Number(process.hrtime.bigint() - start) / 1e6);
      const cpuAfter = childrenCpuMs();
      if (cpuBefore !== undefined && cpuAfter !== undefined) cpu[c.name].push(cpuAfter - cpuBefore);
    }
  }
  const cpuMedians = Object.fromEntries(
    cases.map((c) => [c.name, cpu[c.name].length === runs ? median(cpu[c.name]) : undefined]),
  );
  const cpuMeans = Object.fromEntries(
    cases.map((c) => [c.name, cpu[c.name].length === runs ? mean(cpu[c.name]) : undefined]),
  );
  return [
    Object.fromEntries(cases.map((c) => [c.name, median(times[c.name])])),
    cpuMedians,
    times,
    cpuMeans,
  ];
}

/**
 * The median of the run-by-run differences `a` - `b` (each round times every case once, in
 * turn): steadier than the difference of two medians on a machine other work shares.
 */
function pairedDifference(times, a, b) {
  return median(times[a].map((t, i) => t - times[b][i]));
}

/** The list of 1,000 as scripts write it: every spelling runs the same command. */
const LISTS = [
  ["tournament list --json (1,000)", ["tournament", "list", "--json"]],
  ["--json tournament list", ["--json", "tournament", "list"]],
  [
    "tournament list --json --state pending",
    ["tournament", "list", "--json", "--state", "pending"],
  ],
  ["--json id,name tournament list", ["--json", "id,name", "tournament", "list"]],
  ["--profile local tournaments ls --json", ["--profile", "local", "tournaments", "ls", "--json"]],
];

try {
  seed(1000);
  seed(1, bin, oneEnv);
  if (against !== undefined) {
    seed(1000, join(against, "bin", "tourney"), otherEnv);
    seed(1, join(against, "bin", "tourney"), otherOneEnv);
  }
  const listedBytes = run([bin, "tournament", "list", "--json"]);
  const listed = JSON.parse(listedBytes.toString()).length;
  if (listed !== 1000) throw new Error(`expected 1000 tournaments, listed ${listed}`);
  const floor = join(dir, "list-floor.cjs");
  await build({
    entryPoints: [join(root, "bench", "list-floor.ts")],
    outfile: floor,
    bundle: true,
    format: "cjs",
    platform: "node",
    target: "node20",
    logLevel: "warning",
  });
  const floorArgs = [
    floor,
    join(root, "node_modules", "better-sqlite3", "build", "Release", "better_sqlite3.node"),
    join(env.TOURNEY_DATA_DIR, "tourney.db"),
  ];
  if (!run(floorArgs).equals(listedBytes))
    throw new Error("bench/list-floor.ts does not print the list's bytes: fix it before timing it");
  const againstBin = against === undefined ? undefined : join(against, "bin", "tourney");
  const [m, cpu, times, cpuMean] = measure([
    { name: "node -e 0", args: ["-e", "0"] },
    { name: "tourney --version", args: [bin, "--version"] },
    ...LISTS.map(([name, words]) => ({ name, args: [bin, ...words] })),
    { name: "the same, 1 tournament", args: [bin, ...LISTS[0][1]], env: oneEnv },
    {
      name: "the 1,000 through the core only",
      args: [bin, ...LISTS[0][1]],
      env: { ...env, TOURNEY_CORE_ONLY: "1" },
    },
    { name: "floor: the 1,000's bytes, no CLI", args: floorArgs },
    { name: "floor: the same, not written", args: [...floorArgs, "read"] },
    { name: "floor: the addon, the file opened", args: [...floorArgs, "open"] },
    ...(againstBin === undefined
      ? []
      : [
          { name: "--against: tourney --version", args: [againstBin, "--version"] },
          ...LISTS.map(([name, words]) => ({
            name: `--against: ${name}`,
            args: [againstBin, ...words],
            env: otherEnv,
          })),
          {
            name: "--against: the same, 1 tournament",
            args: [againstBin, ...LISTS[0][1]],
            env: otherOneEnv,
          },
        ]),
  ]);
  const base = m["node -e 0"];
  const cpuBase = cpu["node -e 0"];
  const { loadavg } = await import("node:os");
  console.log(
    `startup, median of ${runs} runs (Node ${process.version}, load average ${loadavg()[0].toFixed(2)})`,
  );
  for (const [name, ms] of Object.entries(m)) {
    const cpuMs = cpu[name];
    const cpuText =
      cpuMs === undefined || !cpuBase
        ? ""
        : `   cpu ${String(cpuMs).padStart(5)} ms  ${(cpuMs / cpuBase).toFixed(2)}x   mean ${cpuMean[name].toFixed(1).padStart(5)} ms  ${(cpuMean[name] / cpuMean["node -e 0"]).toFixed(2)}x`;
    console.log(
      `${name.padEnd(42)} ${ms.toFixed(1).padStart(7)} ms  ${(ms / base).toFixed(2)}x${cpuText}`,
    );
  }
  if (against !== undefined) {
    for (const mine of [...LISTS.map(([name]) => name), "the same, 1 tournament"])
      console.log(
        `this - --against, ${mine}: ${pairedDifference(times, mine, `--against: ${mine}`).toFixed(1)} ms (median of the paired differences)${cpu[mine] === undefined ? "" : `; cpu ${(cpuMean[mine] - cpuMean[`--against: ${mine}`]).toFixed(1)} ms (means)`}`,
      );
  }
  const version = m["tourney --version"] / base;
  const lists = LISTS.map(([name]) => [name, m[name] / base]);
  const [worstName, worst] = lists.reduce((a, b) => (b[1] > a[1] ? b : a));
  const core = m["the 1,000 through the core only"] / base;
  const floorRatio = m["floor: the 1,000's bytes, no CLI"] / base;
  console.log(
    `targets (issue 27): --version <= 1.10x: ${version <= 1.1 ? "met" : "MISSED"}; the list of 1,000 <= 1.50x in every spelling: ${worst <= 1.5 ? "met" : "MISSED"} (the slowest: ${worstName}, ${worst.toFixed(2)}x; through the core only ${core.toFixed(2)}x)`,
  );
  console.log(
    `the floor (no CLI, the same bytes) ${floorRatio.toFixed(2)}x: the CLI's own share of the list of 1,000 ${(lists[0][1] - floorRatio).toFixed(2)}x (${(m[LISTS[0][0]] - m["floor: the 1,000's bytes, no CLI"]).toFixed(1)} ms)`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
