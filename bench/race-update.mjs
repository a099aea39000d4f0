#!/usr/bin/env node
// `tourney race update RACE RACER --time T` on a round of --racers racers, every one timed,
// through each checkout's bin/tourney on the embedded backend (a file store under a fresh
// data dir per checkout, made by that checkout's own CLI): this checkout beside an earlier
// one (--against DIR, built), taking turns, --runs times each. Prints the medians of each
// process's wall and CPU (/usr/bin/time: user + system) and their ratios, and checks both
// sides end with the racer's time and rank alike. NODE_EXTRA_CA_CERTS is left out of the
// children's environment (it adds ~35 ms to every Node start here).
// Usage: node bench/race-update.mjs --against DIR [--racers 4000] [--runs 9]
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const { values: args } = parseArgs({
  options: {
    against: { type: "string" },
    racers: { type: "string", default: "4000" },
    runs: { type: "string", default: "9" },
  },
});
if (args.against === undefined)
  throw new Error("--against DIR (a built checkout of an earlier commit)");
const racers = Number(args.racers);
const runs = Number(args.runs);
if (![racers, runs].every((n) => Number.isInteger(n) && n >= 1))
  throw new Error("--racers and --runs must be whole numbers >= 1");
const root = fileURLToPath(new URL("..", import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), "tourney-bench-race-update-"));

/** A home for `checkout`: its race of `racers`, started and every racer timed. */
function setUp(checkout, label) {
  const home = join(tmp, label);
  const env = { ...process.env, HOME: home, TOURNEY_CONFIG_DIR: join(home, "cfg") };
  env.TOURNEY_DATA_DIR = join(home, "data");
  delete env.NODE_EXTRA_CA_CERTS;
  const bin = join(checkout, "bin", "tourney");
  const tourney = (argv, input) =>
    execFileSync(process.execPath, [bin, ...argv], {
      env,
      input,
      encoding: "utf8",
      maxBuffer: 1 << 28,
    });
  const names = Array.from({ length: racers }, (_, i) => `Racer ${i + 1}`);
  tourney(["race", "create", "--name", "Big", "--type", "time trial"]);
  tourney(["race", "participants", "bulk-add", "big"], `${names.join("\n")}\n`);
  tourney(["race", "start", "big"]);
  const file = join(tmp, `${label}.csv`);
  writeFileSync(file, names.map((n, i) => `${n},${60_000 + i * 7}\n`).join(""));
  tourney(["race", "times", "bulk-update", "big", "--file", file]);
  return { env, bin, tourney };
}

/** One `race update`, timed: wall and CPU in ms. */
function once(side, i) {
  const timing = join(tmp, "time.txt");
  const racer = `Racer ${1 + ((i * 37) % racers)}`;
  const time = `${50 + (i % 9)}s`;
  const w0 = performance.now();
  execFileSync(
    "/usr/bin/time",
    [
      "-f",
      "%U %S",
      "-o",
      timing,
      process.execPath,
      side.bin,
      "race",
      "update",
      "big",
      racer,
      "--time",
      time,
    ],
    { env: side.env, encoding: "utf8", maxBuffer: 1 << 28 },
  );
  const wall = performance.now() - w0;
  const [user, system] = readFileSync(timing, "utf8").trim().split(/\s+/).map(Number);
  return { wall, cpu: (user + system) * 1000 };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const sides = { here: setUp(root, "here"), before: setUp(args.against, "before") };
const got = { here: [], before: [] };
for (let i = 0; i < runs; i++)
  for (const name of i % 2 === 0 ? ["before", "here"] : ["here", "before"])
    got[name].push(once(sides[name], i));
const last = (side) =>
  JSON.parse(side.tourney(["race", "times", "list", "big", "--json"]))
    .map((t) => `${t.name}:${t.elapsedTime}:${t.rank}`)
    .sort()
    .join(",");
if (last(sides.here) !== last(sides.before)) throw new Error("the two sides' times differ");
const m = (name, key) => median(got[name].map((r) => r[key]));
console.log(
  `race update on a round of ${racers} racers, medians of ${runs} (load ${loadavg()[0].toFixed(1)})`,
);
for (const key of ["wall", "cpu"])
  console.log(
    `  ${key}: before ${m("before", key).toFixed(0)} ms, now ${m("here", key).toFixed(0)} ms, ${(m("before", key) / m("here", key)).toFixed(2)}x`,
  );
rmSync(tmp, { recursive: true, force: true });
