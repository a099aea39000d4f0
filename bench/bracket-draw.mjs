#!/usr/bin/env node
// `tourney bracket` of large tournaments (issue: n^4 round-robin grid, whole-drawing canvas):
// the wall time and peak RSS of whole processes of the built binary and of a baseline build,
// alternating, output piped to a file (ASCII, no colour, no width: one part), and whether the
// two outputs are byte-identical (sha256). Printed as after/before ratios of the same run.
// Cases (--cases): rr:N a started round robin of N players, de:N a started double elimination.
// Each case's tournament is made untimed by the current build in one data directory.
// A process over --timeout seconds is killed and printed as "> T s".
// Usage: npm run build && node bench/bracket-draw.mjs --baseline /work/head-start
//          [--cases rr:128,rr:256,rr:512,de:1024,de:4096,de:16384,de:60000] [--timeout 300]
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const { values: args } = parseArgs({
  options: {
    baseline: { type: "string" },
    cases: { type: "string", default: "rr:128,rr:256,rr:512,de:1024,de:4096,de:16384,de:60000" },
    timeout: { type: "string", default: "300" },
    data: { type: "string" },
  },
});
if (args.baseline === undefined) throw new Error("--baseline <dir of a built copy> is needed");
const root = fileURLToPath(new URL("..", import.meta.url));
const preload = join(root, "bench", "max-rss.cjs");
const timeoutMs = Number(args.timeout) * 1000;
const TYPES = { rr: "round robin", de: "double elimination", se: "single elimination" };
const cases = args.cases.split(",").map((c) => {
  const [kind, n] = c.split(":");
  if (TYPES[kind] === undefined || !(Number(n) >= 2)) throw new Error(`--cases: ${c}?`);
  return { kind, n: Number(n), name: `${kind}${n}` };
});
const tmp = mkdtempSync(join(tmpdir(), "tourney-bench-bracket-"));
const home = args.data ?? join(tmp, "home"); // --data: a directory made by an earlier run
const env = {
  ...process.env,
  HOME: home,
  TOURNEY_CONFIG_DIR: join(home, "cfg"),
  TOURNEY_DATA_DIR: join(home, "data"),
  TOURNEY_PROMPT_DISABLED: "1",
};
delete env.COLUMNS;
delete env.FORCE_COLOR;

function tourney(bin, argv, input) {
  const r = spawnSync("node", [bin, ...argv], {
    env,
    input,
    encoding: "utf8",
    stdio: ["pipe", "ignore", "pipe"],
  });
  if (r.status !== 0) throw new Error(`${argv.join(" ")}: ${r.error ?? r.stderr}`);
}

const current = join(root, "bin", "tourney");
const baseline = join(args.baseline, "bin", "tourney");
if (args.data === undefined)
  for (const c of cases) {
    tourney(current, ["tournament", "create", "--name", c.name, "--type", TYPES[c.kind]]);
    const names = Array.from({ length: c.n }, (_, i) => `P${i + 1}`).join("\n");
    tourney(current, ["participants", "bulk-add", c.name], `${names}\n`);
    tourney(current, ["tournament", "start", c.name]);
  }

function measure(bin, c) {
  const out = join(tmp, "out.txt");
  const fd = openSync(out, "w");
  const started = process.hrtime.bigint();
  const r = spawnSync("node", ["-r", preload, bin, "bracket", c.name], {
    env,
    stdio: ["ignore", fd, "pipe"],
    timeout: timeoutMs,
    killSignal: "SIGKILL",
    maxBuffer: 1 << 30,
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  closeSync(fd);
  const stderr = r.stderr.toString();
  const rss = Number(/max-rss-kib (\d+)/.exec(stderr)?.[1] ?? Number.NaN) / 1024;
  const timedOut = r.signal === "SIGKILL";
  const bytes = statSync(out).size;
  const sha = createHash("sha256").update(readFileSync(out)).digest("hex").slice(0, 12);
  rmSync(out);
  const error = /^(Error|RangeError|error):.*$|JavaScript heap out of memory/m.exec(stderr)?.[0];
  return { seconds, rss, status: timedOut ? "killed" : r.status, bytes, sha, error };
}

const show = (m) =>
  m.status === "killed"
    ? `> ${args.timeout} s (killed)`
    : `${m.seconds.toFixed(2)} s ${m.rss.toFixed(0)} MB exit ${m.status}${m.error ? ` (${m.error.slice(0, 60)})` : ""}`;
console.log("case      baseline | current | time ratio, RSS ratio | output");
for (const c of cases) {
  const before = measure(baseline, c);
  const after = measure(current, c);
  const same = before.status === 0 && after.status === 0 ? before.sha === after.sha : "n/a";
  const ratio = (a, b) => (before.status === 0 && after.status === 0 ? (a / b).toFixed(3) : "-");
  console.log(
    `${c.name.padEnd(8)}  ${show(before)} | ${show(after)} | ${ratio(after.seconds, before.seconds)}x, ${ratio(after.rss, before.rss)}x | ${after.bytes} bytes, identical: ${same}`,
  );
}
if (args.data === undefined) rmSync(tmp, { recursive: true, force: true });
