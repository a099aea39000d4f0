#!/usr/bin/env node
// Polling one tournament while another is written (ETags per tournament,
// src/service/tournament-tags.ts). `tourney serve` on a loopback port with a fresh
// database holding two started double eliminations of --players, A and B; then for
// --seconds:
//   - --viewers clients each poll A's record, its first page of matches, its participants
//     and its standings with If-None-Match (the ETag each path last gave), one GET every
//     --interval ms;
//   - B is written --b-writes times a second (a score report that leaves the match open);
//   - A is written once every --a-every ms (the same kind of report), so a viewer still
//     has fresh bodies to fetch.
// Printed per run: the viewers' GETs, the share answered 304, the bytes they received
// (status line, headers and body), and serve's CPU time over the polling. With --against
// DIR (a built checkout of an earlier commit, e.g. /work/start14) the same runs are made on
// DIR's build too, sides alternating over --rounds, and the after/before ratios printed.
// --unconditional: the clients send no If-None-Match (every poll a 200): what the tags cost
// a poll that cannot use them, each write to B making the next poll of A read A's revision.
// Loopback only; bounded (bench/load-driver.mjs runBounded: 10 minutes at most).
// Usage: npm run build && node bench/etag-poll.mjs [--seconds 10] [--viewers 16]
//          [--interval 100] [--b-writes 20] [--a-every 2000] [--players 64] [--rounds 2]
//          [--unconditional] [--against /work/start14]
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { Pool } from "undici";
import { client, runBounded } from "./load-driver.mjs";
import { bin, scoresReport, startedDoubleElimination, startServe } from "./serve-fixture.mjs";

const { values: args } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    viewers: { type: "string", default: "16" },
    interval: { type: "string", default: "100" },
    "b-writes": { type: "string", default: "20" },
    "a-every": { type: "string", default: "2000" },
    players: { type: "string", default: "64" },
    rounds: { type: "string", default: "2" },
    against: { type: "string" },
    unconditional: { type: "boolean", default: false },
  },
});
const seconds = Number(args.seconds);
const viewers = Number(args.viewers);
const interval = Number(args.interval);
const bWrites = Number(args["b-writes"]);
const aEvery = Number(args["a-every"]);
const players = Number(args.players);
const rounds = Number(args.rounds);
if (!(seconds > 0) || seconds > 60) throw new Error("--seconds must be in (0, 60]");
if (!Number.isInteger(viewers) || viewers < 1 || viewers > 64)
  throw new Error("--viewers must be 1-64");
if (!(interval >= 0) || !(bWrites > 0) || !(aEvery > 0))
  throw new Error("--interval, --b-writes and --a-every must be positive numbers");
if (!Number.isInteger(rounds) || rounds < 1 || rounds > 5) throw new Error("--rounds must be 1-5");

const tmp = mkdtempSync(join(tmpdir(), "tourney-bench-etag-poll-"));

/** serve's CPU time so far (user + system), in seconds. */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The bytes of a response as received: status line, headers, body (chunked framing left out). */
function responseBytes(status, headers, bodyBytes) {
  let bytes = `HTTP/1.1 ${status} X\r\n\r\n`.length + bodyBytes;
  for (const [name, value] of Object.entries(headers))
    bytes += name.length + 4 + String(value).length;
  return bytes;
}

/** One viewer: polls `paths` in turn with If-None-Match until `over()`. */
async function viewer(pool, key, paths, over, got) {
  const tags = new Map();
  for (let i = 0; !over(); i++) {
    const path = paths[i % paths.length];
    const headers = { authorization: key };
    const tag = tags.get(path);
    if (tag !== undefined && !args.unconditional) headers["if-none-match"] = tag;
    const r = await pool.request({ path: `/v2.1${path}`, method: "GET", headers });
    const body = Buffer.from(await r.body.arrayBuffer());
    got.statuses.set(r.statusCode, (got.statuses.get(r.statusCode) ?? 0) + 1);
    got.bytes += responseBytes(r.statusCode, r.headers, body.length);
    if (r.headers.etag !== undefined) tags.set(path, r.headers.etag);
    if (interval > 0) await sleep(interval);
  }
}

/** Sends score reports on `t`'s open matches, one every `everyMs`, until `over()`. */
async function writer(c, t, everyMs, over, count) {
  for (let i = 0; !over(); i++) {
    const m = t.open[i % t.open.length];
    const r = await c.send(scoresReport(t.t, m, (i % 5) + 1, i % 3));
    if (r.status !== 200) throw new Error(`report on ${t.t}: ${r.status} ${r.text.slice(0, 200)}`);
    count.n++;
    await sleep(everyMs);
  }
}

async function run(label, binary, dir) {
  const s = await startServe(dir, {}, binary);
  const owner = client(s.port, s.key, 2);
  const a = await startedDoubleElimination(owner, "Alpha", players);
  const b = await startedDoubleElimination(owner, "Beta", players);
  const paths = [
    `/tournaments/${a.t}.json`,
    `/tournaments/${a.t}/matches.json`,
    `/tournaments/${a.t}/participants.json`,
    `/tournaments/${a.t}/standings.json`,
  ];
  const pool = new Pool(`http://127.0.0.1:${s.port}`, { connections: viewers, pipelining: 1 });
  const got = { statuses: new Map(), bytes: 0 };
  const writes = { a: { n: 0 }, b: { n: 0 } };
  const cpu0 = cpuSeconds(s.child.pid);
  const end = performance.now() + seconds * 1000;
  const over = () => performance.now() >= end;
  await Promise.all([
    ...Array.from({ length: viewers }, () => viewer(pool, s.key, paths, over, got)),
    writer(owner, b, 1000 / bWrites, over, writes.b),
    writer(owner, a, aEvery, over, writes.a),
  ]);
  const cpu = cpuSeconds(s.child.pid) - cpu0;
  await Promise.all([pool.close(), owner.close()]);
  s.child.kill("SIGTERM");
  await new Promise((done) => s.child.once("exit", done));
  const gets = [...got.statuses.values()].reduce((x, y) => x + y, 0);
  const result = {
    label,
    gets,
    share304: (got.statuses.get(304) ?? 0) / gets,
    ok200: got.statuses.get(200) ?? 0,
    other: gets - (got.statuses.get(304) ?? 0) - (got.statuses.get(200) ?? 0),
    bytes: got.bytes,
    cpu,
    writes: `${writes.a.n} to A, ${writes.b.n} to B`,
  };
  console.log(
    `${label}: ${gets} GETs, 304 ${(result.share304 * 100).toFixed(1)} %, 200 ${result.ok200}` +
      `${result.other > 0 ? `, other ${result.other}` : ""}; received ${(got.bytes / 1048576).toFixed(2)} MiB` +
      ` (${(got.bytes / gets).toFixed(0)} B a GET); serve CPU ${cpu.toFixed(2)} s` +
      ` (${((cpu / gets) * 1e6).toFixed(0)} us a GET, writes included); writes ${result.writes}`,
  );
  return result;
}

const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];

await runBounded(
  "etag-poll",
  async () => {
    const sides = [["after", bin]];
    if (args.against !== undefined) sides.push(["before", join(args.against, "bin", "tourney")]);
    const results = { after: [], before: [] };
    for (let round = 0; round < rounds; round++) {
      // Alternated: the first side of a round is the other one each time.
      const order = round % 2 === 0 ? sides : [...sides].reverse();
      for (const [label, binary] of order)
        results[label].push(await run(label, binary, join(tmp, `${label}-${round}`)));
    }
    console.log(
      `players ${players}, viewers ${viewers} polling 4 paths of A every ${interval} ms, B written` +
        ` ${bWrites}/s, A every ${aEvery} ms, ${seconds} s a run, ${rounds} rounds`,
    );
    if (args.against === undefined) return;
    const m = (label, field) => median(results[label].map((r) => r[field]));
    const bytesPerGet = (label) => median(results[label].map((r) => r.bytes / r.gets));
    const cpuPerGet = (label) => median(results[label].map((r) => r.cpu / r.gets));
    console.log(
      `medians: 304 share before ${(m("before", "share304") * 100).toFixed(1)} %, after` +
        ` ${(m("after", "share304") * 100).toFixed(1)} %; bytes a GET after/before` +
        ` ${(bytesPerGet("after") / bytesPerGet("before")).toFixed(3)}x; serve CPU a GET` +
        ` after/before ${(cpuPerGet("after") / cpuPerGet("before")).toFixed(3)}x`,
    );
  },
  tmp,
);
