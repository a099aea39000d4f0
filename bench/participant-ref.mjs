#!/usr/bin/env node
// What naming a participant by a bare id costs (participant-ref.ts): `participants view big
// <id>` on the embedded backend, in tournaments of --sizes players, for this checkout and
// --against DIR (a built earlier checkout, e.g. /work/head-start), alternated run by run, each
// build on its own database (another build may store another schema version). Printed per
// size: the median wall time and CPU time (user + system of the child, /proc/self/stat's
// cutime and cstime, 10 ms ticks) of each build, and the ratio of this checkout's to DIR's.
// Also `id:N` (a GET) against DIR's bare id (a GET there), and `#<seed>` (a list read in both). NODE_EXTRA_CA_CERTS is unset for the children
// (it adds ~35 ms to every Node start on this machine).
// Usage: npm run build && node bench/participant-ref.mjs [--runs 9] [--sizes 64,1024,8192]
//   [--against /work/head-start]
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "9" },
    sizes: { type: "string", default: "64,1024,8192" },
    against: { type: "string", default: "/work/head-start" },
  },
});
const runs = Number(args.runs);
const sizes = args.sizes.split(",").map(Number);
const root = fileURLToPath(new URL("..", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "tourney-bench-ref-"));
const env = { ...process.env };
delete env.NODE_EXTRA_CA_CERTS;

const builds = [
  { name: "this", bin: join(root, "bin", "tourney") },
  { name: "against", bin: join(args.against, "bin", "tourney") },
];

function run(build, home, argv, input) {
  const cpu = childCpu();
  const started = performance.now();
  const r = spawnSync(process.execPath, [build.bin, ...argv], {
    env: {
      ...env,
      HOME: home,
      TOURNEY_CONFIG_DIR: join(home, "cfg"),
      TOURNEY_DATA_DIR: join(home, "data"),
    },
    input,
    encoding: "utf8",
  });
  const wall = performance.now() - started;
  if (r.status !== 0)
    throw new Error(`${build.name} ${argv.join(" ")}: exit ${r.status}\n${r.stderr}`);
  return { wall, cpu: childCpu() - cpu };
}

/** CPU ms of the children waited for so far (user + system: /proc/self/stat's cutime, cstime). */
function childCpu() {
  const stat = readFileSync("/proc/self/stat", "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[13]) + Number(fields[14])) * 10;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

try {
  for (const size of sizes) {
    const homes = builds.map((b) => join(dir, `${b.name}-${size}`));
    const names = Array.from({ length: size }, (_, i) => `Player ${i + 1}`).join("\n");
    builds.forEach((b, i) => {
      run(b, homes[i], ["tournament", "create", "--name", "big", "--type", "single elimination"]);
      run(b, homes[i], ["participants", "bulk-add", "big"], `${names}\n`);
    });
    const id = String(Math.ceil(size / 2));
    for (const [what, ref] of [
      ["id", [id, id]],
      ["id:N", [`id:${id}`, id]],
      ["#seed", [`#${id}`, `#${id}`]],
    ]) {
      const times = builds.map(() => []);
      for (let r = 0; r < runs; r++) {
        builds.forEach((b, i) => {
          times[i].push(run(b, homes[i], ["participants", "view", "big", ref[i], "--json"]));
        });
      }
      const [mine, theirs] = times.map((t) => ({
        wall: median(t.map((x) => x.wall)),
        cpu: median(t.map((x) => x.cpu)),
      }));
      console.log(
        `${String(size).padStart(5)} players, view by ${what.padEnd(5)}: wall this ${mine.wall.toFixed(0)} ms, against ${theirs.wall.toFixed(0)} ms, ${(mine.wall / theirs.wall).toFixed(2)}x; cpu ${mine.cpu} ms vs ${theirs.cpu} ms, ${(mine.cpu / theirs.cpu).toFixed(2)}x`,
      );
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
