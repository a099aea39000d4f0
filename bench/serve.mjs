#!/usr/bin/env node
// `tourney serve` against a bare node:http server (issues 12 and 27). In one run: the built
// binary's `serve` on a loopback port with a fresh database holding one started double
// elimination of --players, and, for each request below, a bare node:http server (its own
// process, as serve is) answering the very bytes serve answered to it: the same status, body
// and headers (content-type, etag, cache-control, content-length; Node adds Date and the
// keep-alive headers to both, with the same 5 s keep-alive timeout):
//   GET  /v2.1/tournaments/{t}.json                    target >= 0.5x
//   GET  /v2.1/tournaments/{t}/matches.json?page=2     target >= 0.4x (a page of 25)
//   PUT  /v2.1/tournaments/{t}/matches/{m}.json        target >= 0.4x (scores, no winner:
//        the match stays open, so every request is the same write)
// autocannon (this process, the same client for both) drives each side for --duration
// seconds with --connections keep-alive connections (pipelining 1), after a 2 s warm-up of
// each, in --pairs rounds in alternating order (serve, bare / bare, serve / ...). The
// machine is shared, so the rate of either side swings with what else runs; a round's two
// runs are seconds apart, so the figure is the median of the rounds' ratios, printed with
// their spread (min, quartiles, max). Beside it, each server's CPU time per request
// (utime + stime of its process, /proc/PID/stat, around each run): the bare server's over
// serve's is what the ratio would be with a core to each, and moves little with the load.
// --against DIR adds DIR's build (a checkout of an earlier commit, e.g. /work/base-2c1100f)
// as a third side in every round, so that before and after are measured in the same run.
// Usage: npm run build && node bench/serve.mjs [--connections 32] [--duration 2]
//          [--pairs 9] [--players 64] [--against DIR] [--only TEXT]
import { mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { client, runBounded, spawnServer } from "./load-driver.mjs";
import { scoresReport, startedDoubleElimination, startServe } from "./serve-fixture.mjs";

const { values: args } = parseArgs({
  options: {
    connections: { type: "string", default: "32" },
    duration: { type: "string", default: "2" },
    pairs: { type: "string", default: "9" },
    players: { type: "string", default: "64" },
    against: { type: "string" },
    only: { type: "string" },
  },
});
const { against, only } = args;
delete args.against;
delete args.only;
const n = Object.fromEntries(Object.entries(args).map(([k, v]) => [k, Number(v)]));
for (const [k, v] of Object.entries(n))
  if (!Number.isInteger(v) || v < (k === "players" ? 4 : 1))
    throw new Error(`--${k} must be a whole number >= ${k === "players" ? 4 : 1}`);

const tmp = mkdtempSync(join(tmpdir(), "tourney-bench-serve-"));
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(" ");

/** CPU time (ms) the process `pid` has used so far, its threads included. */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime, in 1/100 s
}

/** One autocannon run; throws when any answer was not 2xx (a fast error is no figure). */
async function cannon(side, req, duration) {
  const before = cpuMs(side.pid);
  const result = await autocannon({
    url: `http://127.0.0.1:${side.port}/v2.1${side.paths?.[req.name] ?? req.path}`,
    method: req.method,
    headers: { ...req.headers, authorization: side.key ?? "" },
    ...(req.body === undefined ? {} : { body: req.body }),
    connections: n.connections,
    pipelining: 1,
    duration,
  });
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0)
    throw new Error(
      `${side.name}: ${req.method} ${req.path}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  const count = result.requests.total;
  return {
    rps: count / result.duration,
    cpuUs: ((cpuMs(side.pid) - before) * 1000) / count,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  return sorted[low] + (sorted[Math.ceil(at)] - sorted[low]) * (at - low);
};
const median = (values) => quantile(values, 0.5);

/** The requests measured: what serve answered to each becomes the bare server's answer. */
function cases(t, open) {
  const report = scoresReport(t, open[0], 2, 1);
  const all = [
    { name: "GET tournament", target: 0.5, method: "GET", path: `/tournaments/${t}.json` },
    {
      name: "GET matches page (25)",
      target: 0.4,
      method: "GET",
      path: `/tournaments/${t}/matches.json?page=2`,
    },
    {
      name: "PUT report (scores)",
      target: 0.4,
      method: "PUT",
      path: report.path,
      body: JSON.stringify(report.body),
    },
  ];
  const headers = { "content-type": "application/vnd.api+json" };
  return all
    .filter((req) => only === undefined || req.name.includes(only))
    .map((req) => ({ ...req, headers }));
}

/** The headers of serve's answer the bare server answers too (Node adds Date and keep-alive). */
function answerHeaders(raw) {
  const kept = {};
  for (const [k, v] of Object.entries(raw))
    if (!["date", "connection", "keep-alive"].includes(k.toLowerCase())) kept[k] = v;
  return kept;
}

/** A bare node:http server answering every request with `status`, `headers` and `body`. */
async function startBare(status, headers, body) {
  const script = `const body = Buffer.from(process.env.BODY, "base64");
    const headers = JSON.parse(process.env.HEADERS);
    const server = require("node:http").createServer((req, res) => {
      req.resume();
      req.on("end", () => res.writeHead(${status}, headers).end(body));
    });
    server.keepAliveTimeout = 5000;
    server.listen(0, "127.0.0.1", function () { console.error("port " + this.address().port); });`;
  const env = {
    ...process.env,
    BODY: Buffer.from(body).toString("base64"),
    HEADERS: JSON.stringify(headers),
  };
  const s = await spawnServer(["-e", script], env, /port (\d+)/);
  return { name: "bare", child: s.child, port: s.port, pid: s.child.pid };
}

/** A serve of `binary` with its tournament set up; resolves the side and the tournament. */
async function startSide(name, binary) {
  const dir = join(tmp, name);
  mkdirSync(dir);
  const serve = await startServe(dir, {}, binary);
  const c = client(serve.port, serve.key, 1);
  try {
    const { t, open } = await startedDoubleElimination(c, "Serve bench", n.players);
    const reqs = cases(t, open);
    return { side: { name, port: serve.port, pid: serve.child.pid, key: serve.key }, reqs };
  } finally {
    await c.close();
  }
}

/** Rounds of one run per side, the order turned each round; each side's runs. */
async function rounds(sides, req) {
  for (const side of sides) await cannon(side, req, 2); // warm-up, untimed
  const runs = new Map(sides.map((s) => [s.name, []]));
  for (let i = 0; i < n.pairs; i++) {
    const order = sides.map((_, j) => sides[(i + j) % sides.length]);
    if (i % 2 === 1) order.reverse();
    for (const side of order) runs.get(side.name).push(await cannon(side, req, n.duration));
  }
  return runs;
}

const f = (x, d = 0) => x.toFixed(d);

function reportSide(req, name, runs, bare) {
  const mine = runs.get(name);
  const ratios = mine.map((r, i) => r.rps / bare[i].rps);
  const [q0, q1, q2, q3, q4] = [0, 0.25, 0.5, 0.75, 1].map((q) => quantile(ratios, q));
  const rps = median(mine.map((r) => r.rps));
  const cpu = median(mine.map((r) => r.cpuUs));
  const cpuRatio = median(bare.map((r) => r.cpuUs)) / cpu;
  const verdict = q2 >= req.target ? "met" : "NOT MET";
  console.log(
    `  ${name.padEnd(7)} ${f(rps).padStart(6)} req/s  ratio ${f(q2, 3)}x (rounds ${f(q0, 2)} | ${f(q1, 2)}..${f(q3, 2)} | ${f(q4, 2)})  ` +
      `target >= ${req.target}x ${verdict};  CPU ${f(cpu, 1)} us/req (bare/this ${f(cpuRatio, 3)}x)  ` +
      `p50/p99 ${f(median(mine.map((r) => r.p50)), 1)}/${f(median(mine.map((r) => r.p99)), 1)} ms`,
  );
}

function report(req, bytes, runs) {
  const bare = runs.get("bare");
  console.log(`${req.name}: ${bytes} bytes answered; load average now ${load()}`);
  console.log(
    `  bare    ${f(median(bare.map((r) => r.rps))).padStart(6)} req/s (rounds ${f(Math.min(...bare.map((r) => r.rps)))}..${f(Math.max(...bare.map((r) => r.rps)))})  ` +
      `CPU ${f(median(bare.map((r) => r.cpuUs)), 1)} us/req  p50/p99 ${f(median(bare.map((r) => r.p50)), 1)}/${f(median(bare.map((r) => r.p99)), 1)} ms`,
  );
  for (const name of runs.keys()) if (name !== "bare") reportSide(req, name, runs, bare);
}

async function main() {
  const cpu = cpus();
  console.log(
    `bench/serve: autocannon -c ${n.connections}, ${n.pairs} rounds of ${n.duration} s a side, one double elimination of ${n.players} started; load average ${load()}`,
  );
  console.log(
    `node ${process.version}, ${cpu[0]?.model ?? "unknown CPU"} x ${cpu.length}; the servers and the load generator on the same machine`,
  );
  const now = await startSide("serve", undefined);
  const was =
    against === undefined ? undefined : await startSide("before", join(against, "bin", "tourney"));
  for (const [i, req] of now.reqs.entries()) {
    const sample = await answerOf(now.side, req);
    const bare = await startBare(sample.status, answerHeaders(sample.headers), sample.body);
    try {
      if (was !== undefined) was.side.paths = { [req.name]: was.reqs[i].path };
      const sides = [now.side, bare, ...(was === undefined ? [] : [was.side])];
      report(req, sample.body.length, await rounds(sides, req));
    } finally {
      bare.child.kill("SIGTERM");
    }
  }
}

/** What serve answers `req` with: status, headers and body bytes (2xx, or it throws). */
async function answerOf(side, req) {
  const r = await fetch(`http://127.0.0.1:${side.port}/v2.1${req.path}`, {
    method: req.method,
    headers: { ...req.headers, authorization: side.key },
    ...(req.body === undefined ? {} : { body: req.body }),
  });
  const body = Buffer.from(await r.arrayBuffer());
  if (r.status >= 300) throw new Error(`${req.name}: ${r.status} ${body.toString().slice(0, 300)}`);
  return { status: r.status, headers: Object.fromEntries(r.headers), body };
}

await runBounded("serve", main, tmp);
