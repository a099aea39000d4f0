#!/usr/bin/env node
// `tourney serve` against a bare node:http server (issue 12). In one run: the built binary's
// `serve` on a loopback port with a fresh database holding one started double elimination
// of --players, and, for each request below, a bare node:http server (its own process, as
// serve is) answering the very bytes serve answered to it:
//   GET  /v2.1/tournaments/{t}.json                    target >= 0.5x
//   GET  /v2.1/tournaments/{t}/matches.json?page=2     target >= 0.4x (a page of 25)
//   PUT  /v2.1/tournaments/{t}/matches/{m}.json        target >= 0.4x (scores, no winner:
//        the match stays open, so every request is the same write)
// autocannon drives each for --duration seconds with --connections keep-alive connections
// (pipelining 1), in --pairs alternating pairs (serve then bare, bare then serve, ...).
// Printed per request: median requests/s of each side, their ratio (the figure the targets
// are about), the spread of the per-pair ratios, and median p50 / p99 latency.
// The load generator runs in this process, on the same machine as both servers.
// Usage: npm run build && node bench/serve.mjs [--connections 32] [--duration 3]
//          [--pairs 5] [--players 64]
import { mkdtempSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { client, runBounded, startBaseline } from "./load-driver.mjs";
import { expectOk, scoresReport, startedDoubleElimination, startServe } from "./serve-fixture.mjs";

const { values: args } = parseArgs({
  options: {
    connections: { type: "string", default: "32" },
    duration: { type: "string", default: "3" },
    pairs: { type: "string", default: "5" },
    players: { type: "string", default: "64" },
  },
});
const n = Object.fromEntries(Object.entries(args).map(([k, v]) => [k, Number(v)]));
for (const [k, v] of Object.entries(n))
  if (!Number.isInteger(v) || v < (k === "players" ? 4 : 1))
    throw new Error(`--${k} must be a whole number >= ${k === "players" ? 4 : 1}`);

const tmp = mkdtempSync(join(tmpdir(), "tourney-bench-serve-"));

/** One autocannon run; throws when any answer was not 2xx (a fast error is no figure). */
async function cannon(port, req, duration) {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}/v2.1${req.path}`,
    method: req.method,
    headers: req.headers,
    ...(req.body === undefined ? {} : { body: req.body }),
    connections: n.connections,
    pipelining: 1,
    duration,
  });
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0)
    throw new Error(
      `${req.method} ${req.path} on port ${port}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  return {
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** The requests measured: what serve answered to each becomes the bare server's answer. */
async function cases(c, key) {
  const { t, open } = await startedDoubleElimination(c, "Serve bench", n.players);
  const headers = { authorization: key, "content-type": "application/vnd.api+json" };
  const report = scoresReport(t, open[0], 2, 1);
  return [
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
  ].map((req) => ({ ...req, headers }));
}

/** Alternating pairs of runs; the medians of each side and their ratio. */
async function compare(servePort, req, sample) {
  const bare = await startBaseline(sample.text, sample.type);
  try {
    await cannon(servePort, req, 1); // warm-up, untimed
    await cannon(bare.port, req, 1);
    const runs = { serve: [], bare: [] };
    for (let i = 0; i < n.pairs; i++) {
      const order = i % 2 === 0 ? ["serve", "bare"] : ["bare", "serve"];
      for (const side of order)
        runs[side].push(await cannon(side === "serve" ? servePort : bare.port, req, n.duration));
    }
    return runs;
  } finally {
    bare.child.kill("SIGTERM");
  }
}

const f = (x, d = 0) => x.toFixed(d);

function report(req, bytes, runs) {
  const rps = (side) => median(runs[side].map((r) => r.rps));
  const ratio = rps("serve") / rps("bare");
  const pairs = runs.serve.map((s, i) => s.rps / runs.bare[i].rps).sort((a, b) => a - b);
  const lat = (side, q) => f(median(runs[side].map((r) => r[q])), 1);
  console.log(
    `${req.name.padEnd(22)} serve ${f(rps("serve")).padStart(6)} req/s  bare ${f(rps("bare")).padStart(6)} req/s  ` +
      `ratio ${f(ratio, 3)}x (pairs ${f(pairs[0], 3)}..${f(pairs.at(-1), 3)})  target >= ${req.target}x ${ratio >= req.target ? "met" : "NOT MET"}`,
  );
  console.log(
    `${"".padEnd(22)} p50/p99 ms: serve ${lat("serve", "p50")}/${lat("serve", "p99")}, bare ${lat("bare", "p50")}/${lat("bare", "p99")}; ${bytes} bytes answered`,
  );
}

async function main() {
  const cpu = cpus();
  console.log(
    `bench/serve: autocannon -c ${n.connections}, ${n.pairs} alternating pairs of ${n.duration} s, one double elimination of ${n.players} started`,
  );
  console.log(
    `node ${process.version}, ${cpu[0]?.model ?? "unknown CPU"} x ${cpu.length}; both servers and the load generator on the same machine`,
  );
  const serve = await startServe(tmp);
  const c = client(serve.port, serve.key, 1);
  try {
    for (const req of await cases(c, serve.key)) {
      const sample = await c.send({
        method: req.method,
        path: req.path,
        body: req.body && JSON.parse(req.body),
      });
      await expectOk(Promise.resolve(sample), req.name);
      report(req, Buffer.byteLength(sample.text), await compare(serve.port, req, sample));
    }
  } finally {
    await c.close();
  }
}

await runBounded("serve", main, tmp);
