#!/usr/bin/env node
// Load benchmark (issue 9): `tourney serve` (the built binary) on a loopback port with a
// fresh database; --tournaments double eliminations of --players started. Then, each
// phase bounded by --duration seconds and --max-requests:
//  (a) a read and write mix from --connections keep-alive connections, each sending its
//      next request when the last is answered: 60 % GET a tournament, 30 % GET a page of
//      its matches, 10 % PUT a report of scores on an open match (no winner: the match
//      stays open, so the mix can run as long as asked); then reads only (GET tournament);
//  (b) the baseline, in the same run: a bare node:http server (its own process, as serve
//      is) answering the same bytes as GET tournament, under the same read load;
//  (c) reads from --readers connections (GET tournament of the prepared tournaments)
//      while one large write runs in the same server: the start of a --rr player round
//      robin, of a --de player double elimination, of a --gs player group stage (groups
//      of 4, round robin), and a bulk add of --bulk names (1,000 a request, back to back,
//      as a remote client sends them). For each: how long the write took, and p50 / p99 /
//      max of the reads that were in flight while it ran. Each write runs twice, in two
//      fresh servers side by side: "before", the write on serve's event loop
//      (TOURNEY_SERVE_WRITE_WORKER=0: every read waits through it, so each reader has
//      about one request in flight during it and "reads during" has a handful of
//      samples, its p99 the longest wait), and "after", in serve's write worker
//      (issue 27: the reads go on meanwhile). Then the reads of the 1.5 s after the write's
//      reply (serve warms a started tournament's rows meanwhile, a chunk a turn), and after a
//      start the time of a GET of a page of its matches sent at the reply and of one 1.5 s
//      later (in the worker's case the main thread reads them from the file: all at once in
//      one turn, or a chunk a turn, the GET waiting for the warm-up).
// Figures: throughput (requests per second), p50 and p99 latency, ratios to the baseline.
// Usage: npm run build && node bench/load.mjs [--connections 8] [--duration 5]
//          [--max-requests 250000] [--tournaments 4] [--players 64] [--readers 4]
//          [--rr 512] [--de 50000] [--gs 4000] [--bulk 10000] [--seed 1]
//          [--large-only] (phase (c) alone) [--only TEXT] (of (c), the writes whose label has TEXT)
//          [--against DIR] ((c) also with DIR's build, a checkout of an earlier commit, in its
//          write worker: e.g. the first GET of the matches before the main thread warmed them)
import { mkdirSync, mkdtempSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import {
  client,
  drive,
  forSeconds,
  random,
  runBounded,
  startBaseline,
  stats,
} from "./load-driver.mjs";
import {
  addPlayers,
  BULK_CHUNK,
  bulkAdd,
  create,
  expectOk,
  scoresReport,
  startedDoubleElimination,
  startRequest,
  startServe,
} from "./serve-fixture.mjs";

const { values: args } = parseArgs({
  options: {
    connections: { type: "string", default: "8" },
    duration: { type: "string", default: "5" },
    "max-requests": { type: "string", default: "250000" },
    tournaments: { type: "string", default: "4" },
    players: { type: "string", default: "64" },
    readers: { type: "string", default: "4" },
    rr: { type: "string", default: "512" },
    de: { type: "string", default: "50000" },
    gs: { type: "string", default: "4000" },
    bulk: { type: "string", default: "10000" },
    seed: { type: "string", default: "1" },
    "large-only": { type: "boolean", default: false },
    only: { type: "string" },
    against: { type: "string" },
  },
});
const largeOnly = args["large-only"];
const { only, against } = args;
delete args["large-only"];
delete args.only;
delete args.against;
const n = Object.fromEntries(Object.entries(args).map(([k, v]) => [k, Number(v)]));
const least = { seed: 0, players: 2, rr: 2, de: 2, gs: 8 };
for (const [k, v] of Object.entries(n))
  if (!Number.isInteger(v) || v < (least[k] ?? 1))
    throw new Error(`--${k} must be a whole number >= ${least[k] ?? 1}`);
const WRITE_TIMEOUT_MS = 120_000; // bounds phase (c): a write that takes longer stops the bench

const tmp = mkdtempSync(join(tmpdir(), "tourney-bench-load-"));

/** The prepared tournaments: ids, match pages, and open matches with their two players. */
async function prepare(c) {
  const prepared = [];
  for (let i = 1; i <= n.tournaments; i++)
    prepared.push(await startedDoubleElimination(c, `Load ${i}`, n.players));
  return prepared;
}

function mixedRequests(prepared, rng, readsOnly = false) {
  const pick = (list) => list[Math.floor(rng() * list.length)];
  return () => {
    const { t, pages, open } = pick(prepared);
    const r = readsOnly ? 0 : rng();
    if (r < 0.6) return { kind: "GET tournament", method: "GET", path: `/tournaments/${t}.json` };
    if (r < 0.9) {
      const page = 1 + Math.floor(rng() * pages);
      return {
        kind: "GET matches",
        method: "GET",
        path: `/tournaments/${t}/matches.json?page=${page}`,
      };
    }
    const m = pick(open);
    return scoresReport(t, m, Math.floor(rng() * 3), Math.floor(rng() * 3));
  };
}

const f = (x, d = 1) => (x === undefined || Number.isNaN(x) ? "-" : x.toFixed(d));
function line(label, s, extra = "") {
  const rps = s.rps === undefined ? "" : `${f(s.rps, 0).padStart(7)} req/s  `;
  const fails = s.failed > 0 ? `  ${s.failed} FAILED (${s.firstFailure})` : "";
  console.log(
    `${label.padEnd(50)} ${rps}p50 ${f(s.p50).padStart(6)} ms  p99 ${f(s.p99).padStart(7)} ms  (${s.count} requests)${extra}${fails}`,
  );
}

/** How long reads go on after the write's reply (serve may still be settling: its cache warms). */
const AFTER_MS = 1_500;

/** Reads from --readers connections while `write()` runs; the reads in flight during it. */
async function readsDuring(serve, prepared, rng, label, write) {
  const readers = client(serve.port, serve.key, n.readers);
  const writer = client(serve.port, serve.key, 1);
  try {
    let done = false;
    const deadline = forSeconds(WRITE_TIMEOUT_MS / 1000);
    const reading = drive(
      readers,
      n.readers,
      mixedRequests(prepared, rng, true),
      () => done || deadline(),
      n["max-requests"],
    );
    await sleep(300); // the readers at full pace first
    const w0 = performance.now();
    const outcome = await write(writer);
    const w1 = performance.now();
    // A GET of its matches at once (serve may still be warming them), on its own connection.
    const early = write.firstRead === undefined ? undefined : withClient(serve, write.firstRead);
    await sleep(AFTER_MS); // the reads while serve settles (warms the started tournament's rows)
    done = true;
    const { samples } = await reading;
    const first = write.firstRead === undefined ? undefined : await write.firstRead(writer);
    const atReply = await early;
    const quiet = samples.filter((s) => s.t1 < w0);
    const during = samples.filter((s) => s.t0 < w1 && s.t1 > w0);
    const waits = stats(during);
    const settling = stats(samples.filter((s) => s.t0 >= w1));
    line(`${label}: reads before it`, stats(quiet));
    line(
      `${label}: reads during it`,
      waits,
      `  max ${f(waits.max, 0)} ms; the write: ${outcome} in ${f(w1 - w0, 0)} ms`,
    );
    line(
      `${label}: reads in the ${AFTER_MS} ms after it`,
      settling,
      `  max ${f(settling.max, 0)} ms`,
    );
    if (first !== undefined)
      console.log(
        `${label}: a GET of its matches (page 2) sent at its reply ${f(atReply, 0)} ms, one ${AFTER_MS} ms later ${f(first, 0)} ms`,
      );
    return { waits, ms: w1 - w0, first, atReply, settling };
  } finally {
    await Promise.all([readers.close(), writer.close()]);
  }
}

/** A tournament of `players` of `type`, filled untimed; the measured write is its start. */
async function largeStart(c, type, players, more = {}, state = "start") {
  const t = await create(c, `Large ${type} ${players}`, type, more);
  await addPlayers(c, t, players);
  const write = async (writer) => {
    const r = await writer.send(startRequest(t, state));
    const j = JSON.parse(r.text);
    return r.status < 300
      ? `${r.status}, ${j.data.attributes.matches_count ?? "?"} matches`
      : `${r.status} "${j.errors?.[0]?.detail}"`;
  };
  // After the start: a page of its matches, the first read of them (a server that did not
  // write them itself reads them from the file first: its cache does not hold them).
  write.firstRead = async (writer) => {
    const r = await writer.send({ method: "GET", path: `/tournaments/${t}/matches.json?page=2` });
    if (r.status !== 200) throw new Error(`GET matches after the start: ${r.status}`);
    return r.t1 - r.t0;
  };
  return write;
}

/** (a) the read and write mix, then reads only; returns the reads-only figures. */
async function mixAndReads(c, prepared, rng) {
  const load = (readsOnly, seconds) =>
    drive(
      c,
      n.connections,
      mixedRequests(prepared, rng, readsOnly),
      forSeconds(seconds),
      n["max-requests"],
    );
  await load(false, 1); // warm-up, untimed
  const mixed = await load(false, n.duration);
  line("mixed 60/30/10: all", stats(mixed.samples, mixed.seconds));
  for (const kind of ["GET tournament", "GET matches", "PUT report"])
    line(`mixed 60/30/10: ${kind}`, stats(mixed.samples.filter((s) => s.kind === kind)));
  const reads = await load(true, n.duration);
  const figures = stats(reads.samples, reads.seconds);
  line("reads only (GET tournament)", figures);
  return figures;
}

/** (b) the same read load on a bare node:http server answering the same bytes. */
async function baselineOf(sample, reads) {
  const server = await startBaseline(sample.text, sample.type);
  const b = client(server.port, "", n.connections);
  const next = () => ({ kind: "baseline", method: "GET", path: "/" });
  try {
    await drive(b, n.connections, next, forSeconds(1), n["max-requests"]); // warm-up
    const base = await drive(b, n.connections, next, forSeconds(n.duration), n["max-requests"]);
    const baseline = stats(base.samples, base.seconds);
    line(`baseline: bare node:http, same ${sample.text.length} bytes`, baseline);
    console.log(
      `reads vs baseline: throughput ${f(reads.rps / baseline.rps, 2)}x, p50 ${f(reads.p50 / baseline.p50, 2)}x, p99 ${f(reads.p99 / baseline.p99, 2)}x`,
    );
  } finally {
    await b.close();
    server.child.kill("SIGTERM");
  }
}

const GROUP_STAGE = {
  group_stage_enabled: true,
  group_stage_options: { stage_type: "round robin", group_size: 4 },
};

/** The large writes of (c): a label, and a setup (untimed) resolving the measured write. */
const LARGE_WRITES = [
  [`start round robin ${n.rr}`, (c) => largeStart(c, "round robin", n.rr)],
  [`start double elimination ${n.de}`, (c) => largeStart(c, "double elimination", n.de)],
  [
    `start group stage ${n.gs}`,
    (c) => largeStart(c, "single elimination", n.gs, GROUP_STAGE, "start_group_stage"),
  ],
  [
    `bulk add ${n.bulk}`,
    async (c) => {
      const t = await create(c, `Bulk ${n.bulk}`, "single elimination");
      return async (writer) => {
        for (let from = 0; from < n.bulk; from += BULK_CHUNK)
          await expectOk(bulkAdd(writer, t, from, Math.min(BULK_CHUNK, n.bulk - from)), "bulk");
        return `200 x ${Math.ceil(n.bulk / BULK_CHUNK)}`;
      };
    },
  ],
];

/** Where (c) runs each write: before (serve's event loop) and after (its write worker). */
const MODES = [
  ["before: on the event loop", { TOURNEY_SERVE_WRITE_WORKER: "0" }],
  ...(against === undefined
    ? []
    : [[`${against}'s build, in the write worker`, {}, join(against, "bin", "tourney")]]),
  ["after: in the write worker", {}],
];

/**
 * `fn` with a connection of its own, closed after: a connection left idle through a
 * write on serve's event loop meets its keep-alive timeout the moment the loop is
 * free again, and is reset as it is used.
 */
async function withClient(serve, fn) {
  const c = client(serve.port, serve.key, 1);
  try {
    return await fn(c);
  } finally {
    await c.close();
  }
}

/** (c) reads while the large starts and the large bulk add run, before and after. */
async function largeWrites(rng) {
  const servers = [];
  for (const [mode, env, binary] of MODES) {
    const dir = join(tmp, `large-${servers.length}`);
    mkdirSync(dir);
    const serve = await startServe(dir, env, binary);
    servers.push({ mode, serve, prepared: await withClient(serve, prepare) });
  }
  const summary = [];
  for (const [label, prepareWrite] of LARGE_WRITES) {
    if (only !== undefined && !label.includes(only)) continue;
    const p99s = [];
    for (const s of servers) {
      const write = await withClient(s.serve, prepareWrite);
      const r = await readsDuring(s.serve, s.prepared, rng, `${label}, ${s.mode}`, write);
      const first =
        r.first === undefined
          ? ""
          : `, GET of its matches at the reply ${f(r.atReply, 0)} ms, ${AFTER_MS} ms later ${f(r.first, 0)} ms`;
      const after = `, then max ${f(r.settling.max, 0)} ms`;
      p99s.push(
        `p99 ${f(r.waits.p99)} ms (${r.waits.count} reads, the write ${f(r.ms, 0)} ms${after}${first})`,
      );
    }
    summary.push(`${label}: reads during it, ${p99s.join(" -> ")}`);
  }
  console.log(
    `\nbefore -> after (load average ${loadavg()
      .map((x) => x.toFixed(2))
      .join(" ")}):`,
  );
  for (const text of summary) console.log(`  ${text}`);
}

async function main() {
  const cpu = cpus();
  console.log(
    `bench/load: --connections ${n.connections}, --duration ${n.duration} s, --tournaments ${n.tournaments} of ${n.players} (double elimination), --readers ${n.readers}, --seed ${n.seed}`,
  );
  console.log(
    `node ${process.version}, ${cpu[0]?.model ?? "unknown CPU"} x ${cpu.length}; server and load generator on the same machine`,
  );
  console.log(
    `load average at the start: ${loadavg()
      .map((x) => x.toFixed(2))
      .join(" ")}`,
  );
  const rng = random(n.seed);
  if (!largeOnly) {
    const serve = await startServe(tmp);
    const c = client(serve.port, serve.key, n.connections);
    try {
      const prepared = await prepare(c);
      const reads = await mixAndReads(c, prepared, rng);
      await baselineOf(
        await c.send({ method: "GET", path: `/tournaments/${prepared[0].t}.json` }),
        reads,
      );
    } finally {
      await c.close();
    }
  }
  await largeWrites(rng);
}

await runBounded("load", main, tmp);
