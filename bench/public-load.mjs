#!/usr/bin/env node
// Serve's public surfaces under load (issue 24): `tourney serve` on a loopback port with a
// fresh database holding a public double elimination of --players (8,192 by default), then
// for --seconds:
//   - --clients (24) anonymous clients, each looping: GET the bracket's data.json (gzip),
//     then its event stream with ?since=2000-01-01T00:00:00Z, read until it goes quiet
//     (500 ms) or for 5 s at most, then closed;
//   - the owner reports a match (a winner) every 500 ms;
//   - a health check every 100 ms: GET of another, small tournament through the API.
// Printed per binary: the health check's p50/p99/max, what the clients got, and serve's
// peak RSS (VmHWM). With --before <path to another checkout's bin/tourney> the same run is
// made on it first, and the after/before ratios printed.
// Loopback only; bounded (each run --seconds, the whole bench 10 minutes at most).
// Usage: npm run build && node bench/public-load.mjs [--players 8192] [--seconds 30]
//          [--clients 24] [--before /tmp/old/bin/tourney] [--profile DIR (serve's CPU profiles)]
import { mkdtempSync, readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { children, client, runBounded, spawnServer } from "./load-driver.mjs";
import { addPlayers, bin, create, startedDoubleElimination } from "./serve-fixture.mjs";

const { values: args } = parseArgs({
  options: {
    players: { type: "string", default: "8192" },
    seconds: { type: "string", default: "30" },
    clients: { type: "string", default: "24" },
    before: { type: "string" },
    profile: { type: "string" },
  },
});
const players = Number(args.players);
const seconds = Number(args.seconds);
const clients = Number(args.clients);
if (!Number.isInteger(players) || players < 4) throw new Error("--players must be >= 4");
if (!(seconds > 0) || seconds > 120) throw new Error("--seconds must be in (0, 120]");
if (!Number.isInteger(clients) || clients < 1 || clients > 64)
  throw new Error("--clients must be 1-64");

const tmp = mkdtempSync(join(tmpdir(), "tourney-bench-public-"));
const SINCE = "2000-01-01T00:00:00Z";

const quantile = (sorted, q) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** serve's peak resident set (VmHWM), in MiB. */
function peakRssMiB(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) / 1024;
  } catch {
    return Number.NaN; // gone (killed: out of memory)
  }
}

/** serve's CPU time so far (user + system), in seconds: a figure the machine's load moves less. */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** One GET on a fresh connection; resolves status and bytes once read, or on timeout. */
function anonymousGet(port, path, headers, { quietMs, maxMs }) {
  return new Promise((resolve) => {
    let bytes = 0;
    let status = 0;
    let quiet;
    const done = () => {
      clearTimeout(quiet);
      clearTimeout(limit);
      req.destroy();
      resolve({ status, bytes });
    };
    const limit = setTimeout(done, maxMs);
    const req = httpRequest({ host: "127.0.0.1", port, path, headers, agent: false }, (res) => {
      status = res.statusCode ?? 0;
      res.on("data", (d) => {
        bytes += d.length;
        if (quietMs !== undefined) {
          clearTimeout(quiet);
          quiet = setTimeout(done, quietMs);
        }
      });
      res.on("end", done);
      res.on("error", done);
      if (quietMs !== undefined) quiet = setTimeout(done, quietMs);
    });
    req.on("error", () => resolve({ status: -1, bytes }));
    req.end();
  });
}

async function setUp(binPath, dir) {
  const env = { ...process.env, TOURNEY_CONFIG_DIR: join(dir, "config"), TOURNEY_DATA_DIR: dir };
  const profile =
    args.profile === undefined ? [] : ["--cpu-prof", `--cpu-prof-dir=${args.profile}`];
  const argv = [...profile, binPath, "serve", "--port", "0", "--db", join(dir, "load.db")];
  const s = await spawnServer(argv, env, /Listening on http:\/\/127\.0\.0\.1:(\d+)\//);
  const key = /\n {2}(tk_[\w-]+)\n/.exec(s.stderr())?.[1];
  if (key === undefined) throw new Error(`serve printed no key: ${s.stderr()}`);
  const owner = client(s.port, key, 2);
  const t0 = performance.now();
  const big = await startedDoubleElimination(owner, "Public Load", players);
  const small = await create(owner, "Health Check", "single elimination");
  await addPlayers(owner, small, 8);
  console.error(`  set up in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return { s, key, owner, big, small };
}

function reportWinner(t, m) {
  const match = [
    { participant_id: String(m.p1), score_set: "2", advancing: true },
    { participant_id: String(m.p2), score_set: "0", advancing: false },
  ];
  return {
    kind: "report",
    method: "PUT",
    path: `/tournaments/${t}/matches/${m.id}.json`,
    body: { data: { type: "Match", attributes: { match } } },
  };
}

async function run(label, binPath, dir) {
  console.error(`${label}: ${binPath}, ${players} players`);
  const { s, key, owner, big, small } = await setUp(binPath, dir);
  const cpu0 = cpuSeconds(s.child.pid);
  const end = performance.now() + seconds * 1000;
  const over = () => performance.now() >= end || s.child.exitCode !== null;
  const got = {
    data: new Map(),
    since: new Map(),
    dataBytes: 0,
    sinceBytes: 0,
    reports: 0,
    failedReports: 0,
  };
  const count = (map, status) => map.set(status, (map.get(status) ?? 0) + 1);
  const anonymous = async () => {
    while (!over()) {
      const data = await anonymousGet(
        s.port,
        `/tournaments/${big.t}/bracket/data.json`,
        { "accept-encoding": "gzip" },
        { maxMs: 30_000 },
      );
      count(got.data, data.status);
      got.dataBytes += data.bytes;
      if (over()) break;
      const since = await anonymousGet(
        s.port,
        `/tournaments/${big.t}/bracket/events?since=${SINCE}`,
        {},
        { quietMs: 500, maxMs: 5_000 },
      );
      count(got.since, since.status);
      got.sinceBytes += since.bytes;
      if (since.status !== 200) await sleep(250);
    }
  };
  const reporter = async () => {
    const open = [...big.open];
    while (!over() && open.length > 0) {
      // Bounded: a stalled serve ends the run at its time, not at the client's timeout.
      const sent = owner.send(reportWinner(big.t, open.shift())).catch(() => ({ status: -1 }));
      const r = await Promise.race([sent, sleep(Math.max(0, end - performance.now()))]);
      if (r === undefined) break;
      if (r.status === 200) got.reports++;
      else got.failedReports++;
      await sleep(500);
    }
  };
  const health = client(s.port, key, 4);
  const samples = [];
  const checks = [];
  const checker = setInterval(() => {
    const t0 = performance.now();
    checks.push(
      health
        .send({ method: "GET", path: `/tournaments/${small}.json` })
        .then((r) => samples.push({ ms: performance.now() - t0, status: r.status }))
        .catch(() => samples.push({ ms: performance.now() - t0, status: -1 })),
    );
  }, 100);
  await Promise.all([...Array.from({ length: clients }, anonymous), reporter()]);
  clearInterval(checker);
  await Promise.race([Promise.all(checks), sleep(30_000)]);
  const rss = peakRssMiB(s.child.pid);
  const cpu = cpuSeconds(s.child.pid) - cpu0;
  const died = s.child.exitCode !== null || s.child.signalCode !== null;
  // A pool's close waits for its requests: bounded, so a stalled serve ends the run too.
  await Promise.race([Promise.all([health.close(), owner.close()]), sleep(2_000)]);
  s.child.kill("SIGTERM");
  // A CPU profile is written as serve exits: give it the time (a large one takes seconds).
  const exitWait = args.profile === undefined ? 10_000 : 120_000;
  await Promise.race([new Promise((done) => s.child.once("exit", done)), sleep(exitWait)]);
  const ms = samples.map((x) => x.ms).sort((a, b) => a - b);
  const result = {
    label,
    p50: quantile(ms, 0.5),
    p99: quantile(ms, 0.99),
    max: ms.at(-1) ?? Number.NaN,
    checks: samples.length,
    failedChecks: samples.filter((x) => x.status !== 200).length,
    rss,
    cpu,
    died,
    got,
  };
  print(result);
  return result;
}

const statuses = (map) => [...map].map(([status, n]) => `${status}x${n}`).join(" ") || "none";

function print(r) {
  console.log(
    `${r.label}: health p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, max ${r.max.toFixed(1)} ms` +
      ` (${r.checks} checks, ${r.failedChecks} failed); serve peak RSS ${r.rss.toFixed(0)} MiB, CPU ${r.cpu.toFixed(1)} s` +
      `${r.died ? " (serve died)" : ""}`,
  );
  console.log(
    `  data.json ${statuses(r.got.data)} (${(r.got.dataBytes / 1048576).toFixed(1)} MiB read);` +
      ` since streams ${statuses(r.got.since)} (${(r.got.sinceBytes / 1048576).toFixed(1)} MiB);` +
      ` reports ${r.got.reports} ok, ${r.got.failedReports} failed`,
  );
}

await runBounded(
  "public-load",
  async () => {
    const results = [];
    if (args.before !== undefined)
      results.push(await run("before", args.before, join(tmp, "before")));
    await sleep(500);
    results.push(await run("after", bin, join(tmp, "after")));
    console.log(`players ${players}, clients ${clients}, ${seconds} s each`);
    if (results.length === 2) {
      const [b, a] = results;
      console.log(
        `after/before: health p99 ${(a.p99 / b.p99).toFixed(3)}x, p50 ${(a.p50 / b.p50).toFixed(3)}x, peak RSS ${(a.rss / b.rss).toFixed(3)}x`,
      );
    }
    for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  },
  tmp,
);
