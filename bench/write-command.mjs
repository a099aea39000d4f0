#!/usr/bin/env node
// One embedded write command, unlocked: median wall and CPU time of `tourney tournament
// create` (a POST) and `tourney tournament update` (a PUT), this build against another built
// checkout in the same loop (alternated), each on its own database, with the median of the
// run-by-run differences.
// Made for the wait for another process's lock (client/lock-wait.ts): an unlocked database
// must not pay for it. CPU: user + system of the waited-for children (/proc/self/stat, 10 ms ticks).
// Usage: npm run build && node bench/write-command.mjs [runs] --against DIR
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const args = process.argv.slice(2);
const againstAt = args.indexOf("--against");
if (againstAt === -1) throw new Error("usage: node bench/write-command.mjs [runs] --against DIR");
const against = args.splice(againstAt, 2)[1];
const runs = Number(args[0] ?? 21);
const dir = mkdtempSync(join(tmpdir(), "tourney-bench-write-"));
const builds = [
  { name: "this", bin: fileURLToPath(new URL("../bin/tourney", import.meta.url)) },
  { name: "against", bin: join(against, "bin", "tourney") },
].map((b) => ({
  ...b,
  env: {
    ...process.env,
    TOURNEY_CONFIG_DIR: join(dir, b.name, "config"),
    TOURNEY_DATA_DIR: join(dir, b.name, "data"),
    TOURNEY_PROMPT_DISABLED: "1",
  },
}));

function childrenCpuMs() {
  const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ");
  return (Number(fields[13]) + Number(fields[14])) * 10; // cutime + cstime, in ticks of 10 ms
}

function timed(build, command) {
  const cpu = childrenCpuMs();
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, [build.bin, ...command], { env: build.env });
  const wall = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== 0) throw new Error(`${command.join(" ")}: ${result.stderr}`);
  return { wall, cpu: childrenCpuMs() - cpu };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const cases = [
  { name: "tournament create", command: (i) => ["tournament", "create", "--name", `Cup ${i}`] },
  { name: "tournament update", command: () => ["tournament", "update", "cup_0", "--game", "Go"] },
];
try {
  for (const build of builds) timed(build, cases[0].command(0));
  for (const c of cases) {
    const got = { this: [], against: [] };
    for (let i = 1; i <= runs; i++) {
      // Alternated, the first of a pair changing each run: a drift of the machine hits both.
      const order = i % 2 === 0 ? builds : [...builds].reverse();
      for (const build of order) got[build.name].push(timed(build, c.command(i)));
    }
    const wall = (k) => median(got[k].map((r) => r.wall));
    const cpu = (k) => median(got[k].map((r) => r.cpu));
    const diff = median(got.this.map((r, i) => r.wall - got.against[i].wall));
    console.log(
      `${c.name}: this ${wall("this").toFixed(1)} ms (CPU ${cpu("this")}), ` +
        `against ${wall("against").toFixed(1)} ms (CPU ${cpu("against")}), ` +
        `ratio ${(wall("this") / wall("against")).toFixed(3)}, median paired difference ${diff.toFixed(1)} ms`,
    );
  }
  console.log(`${runs} runs each, load average ${loadavg()[0].toFixed(2)}, against ${against}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
