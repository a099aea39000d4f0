#!/usr/bin/env node
// Remote commands against `tourney serve` on loopback (issue 27), alternating in one run:
// `node -e 0`, curl of the same request, the command on the embedded backend, and the
// command on a remote profile (`--profile lan`), for
//  - `tournament list --json` (10 tournaments),
//  - `match report T M --scores 1-0` (scores only: the match stays open, so it repeats),
//  - `participants bulk-add` of 2,000 names (a fresh tournament each run, not timed);
// then a 10-match tournament played start to end by 14 processes (create, bulk-add 5,
// start, match list, 10 reports of a 5-player round robin), embedded and remote.
// Figures: median wall time and median CPU time (user + sys, from /usr/bin/time: on a
// shared machine CPU time moves less than wall time), and the ratios:
// remote list / (node -e 0 + curl) (target <= 1.3), remote tournament / embedded (<= 2).
// Usage: npm run build && node bench/remote.mjs [--runs 15] [--against DIR]
//   --against DIR: also time the built checkout in DIR (a git worktree of an earlier
//   commit, built) in the same loop, with its own serve, for before/after.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { children, spawnServer } from "./load-driver.mjs";

const { values: args } = parseArgs({
  options: { runs: { type: "string", default: "15" }, against: { type: "string" } },
});
const runs = Number(args.runs);
const dir = mkdtempSync(join(tmpdir(), "tourney-remote-"));
const timeFile = join(dir, "time");
const NAMES = Array.from({ length: 2000 }, (_, i) => `Player ${i + 1}`).join("\n");

/** Runs argv; returns { wall, cpu } in ms. Throws on a non-zero exit. */
function timed(argv, env, input) {
  const start = process.hrtime.bigint();
  const r = spawnSync("/usr/bin/time", ["-f", "%U %S", "-o", timeFile, ...argv], {
    env,
    input,
    encoding: "utf8",
    maxBuffer: 1 << 28,
  });
  const wall = Number(process.hrtime.bigint() - start) / 1e6;
  if (r.status !== 0) throw new Error(`${argv.join(" ")}: exit ${r.status}: ${r.stderr}`);
  const [user, sys] = readFileSync(timeFile, "utf8").trim().split("\n").at(-1).split(" ");
  return { wall, cpu: (Number(user) + Number(sys)) * 1000, stdout: r.stdout };
}

/** One built checkout: its serve, a remote sandbox (profile lan) and an embedded one. */
async function setUp(name, root) {
  const bin = join(root, "bin", "tourney");
  const base = join(dir, name);
  const sandbox = (what) => ({
    ...process.env,
    TOURNEY_CONFIG_DIR: join(base, what, "config"),
    TOURNEY_DATA_DIR: join(base, what, "data"),
    TOURNEY_PROMPT_DISABLED: "1",
  });
  const served = await spawnServer(
    [bin, "serve", "--port", "0", "--db", join(base, "serve.db")],
    sandbox("serve"),
    /Listening on http:\/\/127\.0\.0\.1:(\d+)\//,
  );
  const key = /\n {2}(tk_[\w-]+)\n/.exec(served.stderr())[1];
  const url = `http://127.0.0.1:${served.port}`;
  const remote = sandbox("remote");
  const embedded = sandbox("embedded");
  const cli = (env, line, input) => timed(["node", bin, ...line], env, input);
  cli(remote, ["profile", "add", "lan", "--base-url", url]);
  cli(remote, ["--profile", "lan", "auth", "login", "--api-key"], key);
  const sides = { remote: ["--profile", "lan"], embedded: [] };
  const envs = { remote, embedded };
  const run = (side, line, input) => cli(envs[side], [...sides[side], ...line], input);
  for (const side of ["remote", "embedded"]) {
    for (let i = 1; i <= 10; i++)
      run(side, ["tournament", "create", "--name", `Cup ${i}`, "--type", "double elimination"]);
    const names64 = NAMES.split("\n").slice(0, 64).join("\n");
    run(side, ["participants", "bulk-add", "cup_1", "--file", "-"], names64);
    run(side, ["tournament", "start", "cup_1"]);
  }
  return { name, bin, url, key, run };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Runs each case `runs` times, alternating; returns { case: { wall, cpu } } medians. */
function measure(cases) {
  const samples = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
  for (let i = 0; i < runs; i++) for (const [k, c] of Object.entries(cases)) samples[k].push(c(i));
  return Object.fromEntries(
    Object.entries(samples).map(([k, s]) => [
      k,
      { wall: median(s.map((x) => x.wall)), cpu: median(s.map((x) => x.cpu)) },
    ]),
  );
}

const curl = (b, method, path, body) => () =>
  timed(
    [
      "curl",
      "-sf",
      "-o",
      "/dev/null",
      "-X",
      method,
      "-H",
      `Authorization: ${b.key}`,
      "-H",
      "Authorization-Type: v1",
      "-H",
      "Content-Type: application/vnd.api+json",
      ...(body === undefined ? [] : ["--data-binary", body]),
      `${b.url}/v2.1${path}`,
    ],
    process.env,
  );

function print(title, figures) {
  console.log(`\n${title}`);
  for (const [k, f] of Object.entries(figures))
    console.log(
      `  ${k.padEnd(28)} wall ${f.wall.toFixed(1).padStart(8)} ms   cpu ${f.cpu.toFixed(0).padStart(6)} ms`,
    );
}

function ratio(label, a, b) {
  const r = (key) => (a[key] / b[key]).toFixed(2);
  console.log(`  ${label.padEnd(44)} wall ${r("wall")}x   cpu ${r("cpu")}x`);
}

const sum = (a, b) => ({ wall: a.wall + b.wall, cpu: a.cpu + b.cpu });

/** The 14 processes of a 10-match tournament (5-player round robin) on one side. */
function playTournament(b, side, i) {
  const url = `rr_${side}_${i}`;
  const steps = [];
  const step = (line, input) => steps.push(b.run(side, line, input));
  step(["tournament", "create", "--name", url, "--url", url, "--type", "round robin"]);
  step(["participants", "bulk-add", url, "--file", "-"], "A\nB\nC\nD\nE\n");
  step(["tournament", "start", url]);
  step(["--json", "match", "list", url]);
  for (const m of JSON.parse(steps.at(-1).stdout))
    step([
      "match",
      "report",
      url,
      String(m.id),
      "--scores",
      "1-0",
      "--winner",
      String(m.player1_id),
    ]);
  if (steps.length !== 14) throw new Error(`${url}: ${steps.length} processes, not 14`);
  return steps.reduce(sum, { wall: 0, cpu: 0 });
}

try {
  const root = fileURLToPath(new URL("..", import.meta.url));
  const builds = [await setUp("this", root)];
  if (args.against) builds.push(await setUp("before", args.against));
  const nodeZero = () => timed(["node", "-e", "0"], process.env);
  const tag = (b) => (builds.length > 1 ? ` (${b.name})` : "");

  const list = {
    "node -e 0": nodeZero,
    curl: curl(builds[0], "GET", "/tournaments?per_page=1000"),
  };
  for (const b of builds) {
    list[`embedded${tag(b)}`] = () => b.run("embedded", ["tournament", "list", "--json"]);
    list[`remote${tag(b)}`] = () => b.run("remote", ["tournament", "list", "--json"]);
  }
  const listed = measure(list);
  print("tournament list --json (10 tournaments)", listed);
  for (const b of builds)
    ratio(
      `remote${tag(b)} / (node -e 0 + curl)`,
      listed[`remote${tag(b)}`],
      sum(listed["node -e 0"], listed.curl),
    );

  const report = ["match", "report", "cup_1", "1", "--scores", "1-0"];
  const [m] = JSON.parse(builds[0].run("remote", ["--json", "match", "list", "cup_1"]).stdout);
  const sets = [
    { participant_id: m.player1_id, score_set: "1" },
    { participant_id: m.player2_id, score_set: "0" },
  ];
  const put = JSON.stringify({ data: { type: "Match", attributes: { match: sets } } });
  const reports = {
    "node -e 0": nodeZero,
    "curl (the PUT)": curl(builds[0], "PUT", `/tournaments/cup_1/matches/${m.id}`, put),
  };
  for (const b of builds) {
    reports[`embedded${tag(b)}`] = () => b.run("embedded", report);
    reports[`remote${tag(b)}`] = () => b.run("remote", report);
  }
  print("match report cup_1 1 --scores 1-0", measure(reports));

  const bulk = { "node -e 0": nodeZero };
  for (const b of builds)
    for (const side of ["embedded", "remote"])
      bulk[`${side}${tag(b)}`] = (i) => {
        b.run(side, ["tournament", "create", "--name", `Bulk ${i}`]);
        return b.run(side, ["participants", "bulk-add", `bulk_${i}`, "--file", "-"], NAMES);
      };
  print("participants bulk-add of 2,000 names", measure(bulk));

  const played = {};
  for (const b of builds)
    for (const side of ["embedded", "remote"])
      played[`${side}${tag(b)}`] = (i) => playTournament(b, side, i);
  const games = measure(played);
  print("a 10-match tournament (14 processes)", games);
  for (const b of builds)
    ratio(
      `remote${tag(b)} / embedded${tag(b)}`,
      games[`remote${tag(b)}`],
      games[`embedded${tag(b)}`],
    );
} finally {
  for (const child of children) child.kill();
  rmSync(dir, { recursive: true, force: true });
}
