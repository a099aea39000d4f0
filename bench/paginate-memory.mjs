#!/usr/bin/env node
// `tourney api --paginate` against a long list: the peak RSS and wall time of whole processes
// of two builds (stdout a file, as a script redirects it), over the matches of a started round
// robin of --players (default 500: 124,750 matches), --per-page a page (default 1000, the most
// the service gives), in three forms: plain (the joined document), --jq '.data[] | .id' (a
// program run on each page since the streaming change) and --jq '.data | length' (one that
// needs the whole list). Each form's stdout must be the same bytes from both builds (its
// sha256 printed). Before the change the whole list was held (1.66 GB with --jq). Backends:
// embedded (the service in the CLI's process: its RSS holds the service's too) and remote
// (`tourney serve` of the newer build on loopback, serving the same database: the CLI alone).
// Usage: npm run build && node bench/paginate-memory.mjs [--before /work/start20/bin/tourney]
//          [--players 500] [--per-page 1000] [--runs 1] [--backends embedded,remote]
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { children, spawnServer } from "./load-driver.mjs";

const { values: args } = parseArgs({
  options: {
    before: { type: "string", default: "/work/start20/bin/tourney" },
    after: { type: "string" },
    players: { type: "string", default: "500" },
    "per-page": { type: "string", default: "1000" },
    runs: { type: "string", default: "1" },
    backends: { type: "string", default: "embedded,remote" },
  },
});
const root = fileURLToPath(new URL("..", import.meta.url));
const builds = { before: args.before, after: args.after ?? join(root, "bin", "tourney") };
const players = Number(args.players);
const runs = Number(args.runs);
const preload = join(root, "bench", "max-rss.cjs");
const tmp = mkdtempSync(join(tmpdir(), "tourney-bench-paginate-"));
const env = {
  ...process.env,
  TOURNEY_CONFIG_DIR: join(tmp, "config"),
  TOURNEY_DATA_DIR: join(tmp, "data"),
};

/** One process of `bin`: wall time (s), peak RSS (MiB), the sha256 and size of its stdout. */
function run(bin, argv, input, remote = {}) {
  const out = join(tmp, "stdout.txt");
  const fd = openSync(out, "w");
  const t0 = process.hrtime.bigint();
  let r;
  try {
    r = spawnSync(process.execPath, ["-r", preload, bin, ...argv], {
      env: { ...env, ...remote },
      encoding: "utf8",
      input,
      stdio: [input === undefined ? "ignore" : "pipe", fd, "pipe"],
      timeout: 900_000,
    });
  } finally {
    closeSync(fd);
  }
  const s = Number(process.hrtime.bigint() - t0) / 1e9;
  if (r.status !== 0) throw new Error(`${bin} ${argv.join(" ")}: exit ${r.status}: ${r.stderr}`);
  const kib = Number(/max-rss-kib (\d+)\s*$/.exec(r.stderr)?.[1] ?? Number.NaN);
  const bytes = readFileSync(out);
  const sha = createHash("sha256").update(bytes).digest("hex").slice(0, 16);
  return { s, mib: kib / 1024, sha, size: bytes.length };
}

try {
  const roster = join(tmp, "roster.txt");
  writeFileSync(roster, Array.from({ length: players }, (_, i) => `P${i + 1}\n`).join(""));
  run(builds.after, ["tournament", "create", "--name", "Big", "--type", "round robin"]);
  run(builds.after, ["participants", "bulk-add", "big", "--file", roster]);
  run(builds.after, ["tournament", "start", "big"]);
  const path = `/tournaments/big/matches.json?per_page=${args["per-page"]}`;
  console.log(`${(players * (players - 1)) / 2} matches, ${path}, ${runs} run(s) each`);
  const forms = {
    plain: [],
    "--jq '.data[] | .id'": ["--jq", ".data[] | .id"],
    "--jq '.data | length'": ["--jq", ".data | length"],
  };
  for (const backend of args.backends.split(",")) {
    const remote = backend === "remote" ? await serve() : {};
    for (const [name, extra] of Object.entries(forms)) {
      const shas = new Set();
      for (const [which, bin] of Object.entries(builds)) {
        for (let i = 0; i < runs; i++) {
          const r = run(bin, ["api", path, "--paginate", ...extra], undefined, remote);
          shas.add(r.sha);
          const mb = (r.size / 1e6).toFixed(1);
          console.log(
            `${backend.padEnd(8)} ${name.padEnd(24)} ${which.padEnd(6)} max RSS ${r.mib.toFixed(0).padStart(5)} MiB  ${r.s.toFixed(1).padStart(6)} s  stdout ${mb} MB sha256 ${r.sha}`,
          );
        }
      }
      console.log(
        `${backend.padEnd(8)} ${name.padEnd(24)} output ${shas.size === 1 ? "identical" : "DIFFERS"}`,
      );
    }
  }
} finally {
  for (const child of children) child.kill();
  rmSync(tmp, { recursive: true, force: true });
}

/** `tourney serve` of the newer build on the bench's database: the remote CLI's environment. */
async function serve() {
  const served = await spawnServer(
    [builds.after, "serve", "--port", "0", "--db", join(tmp, "data", "tourney.db")],
    { ...env, TOURNEY_CONFIG_DIR: join(tmp, "serve-config") },
    /Listening on http:\/\/127\.0\.0\.1:(\d+)\//,
  );
  const key = /\n {2}(tk_[\w-]+)\n/.exec(served.stderr())?.[1];
  if (key === undefined) throw new Error(`serve printed no key: ${served.stderr()}`);
  return { TOURNEY_BASE_URL: `http://127.0.0.1:${served.port}`, TOURNEY_API_KEY: key };
}
