#!/usr/bin/env node
// Swiss round-end benchmark (issue 27): the report of a swiss round's last match pairs the
// next round from the whole field (a maximum-weight matching). `tourney serve` (the built
// binary) on a loopback port with a fresh database: a started 64-player double elimination
// (the other tournament, read throughout) and a swiss of --players (each size given,
// comma-separated, in a fresh server), started, then every round-1 match but one reported
// (untimed). Then --readers connections send GET /tournaments/{other} back to back while the
// last report is sent: printed are the report's time, the reads in flight during it (p50,
// p99, the longest: every read waits through the pairing when it runs on the event loop),
// the reads of the 1.5 s after it (serve reads the new round's rows into its memory), and
// whether the next round's matches are all there at the reply. With --against DIR, each size
// also runs on DIR's build (a checkout of an earlier commit), alternated with this one,
// --runs times each; the ratios are this build's over DIR's.
// Usage: npm run build && node bench/swiss-round-end.mjs [--players 8192,2048] [--readers 4]
//          [--runs 1] [--against DIR] [--reporters 4]
import { mkdirSync, mkdtempSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { client, drive, runBounded, stats } from "./load-driver.mjs";
import {
  addPlayers,
  bin,
  create,
  expectOk,
  startedDoubleElimination,
  startRequest,
  startServe,
} from "./serve-fixture.mjs";

const { values: args } = parseArgs({
  options: {
    players: { type: "string", default: "8192,2048" },
    readers: { type: "string", default: "4" },
    reporters: { type: "string", default: "4" },
    runs: { type: "string", default: "1" },
    against: { type: "string" },
  },
});
const sizes = args.players.split(",").map(Number);
if (sizes.some((v) => !Number.isInteger(v) || v < 4))
  throw new Error("--players takes whole numbers >= 4, comma-separated");
const readers = Number(args.readers);
const reporters = Number(args.reporters);
const runs = Number(args.runs);
const AFTER_MS = 1_500;
const tmp = mkdtempSync(join(tmpdir(), "tourney-bench-swiss-end-"));

/** Every match of `t` in `state`, pages of 1,000. */
async function matchesOf(c, t, state) {
  const all = [];
  for (let page = 1; ; page++) {
    const path = `/tournaments/${t}/matches.json?state=${state}&per_page=1000&page=${page}`;
    const j = await expectOk(c.send({ method: "GET", path }), `matches of ${t}`);
    all.push(...j.data);
    if (j.data.length < 1000) return all;
  }
}

/** A report of `m` won by its first player. */
function winReport(t, m) {
  const { player1_id: p1, player2_id: p2 } = m.attributes;
  const match = [
    { participant_id: String(p1), score_set: "2", advancing: true },
    { participant_id: String(p2), score_set: "1", advancing: false },
  ];
  return {
    kind: "PUT report",
    method: "PUT",
    path: `/tournaments/${t}/matches/${m.id}.json`,
    body: { data: { type: "Match", attributes: { match } } },
  };
}

/** A started swiss of `players` with every round-1 match but one reported; resolves the last. */
async function roundAlmostPlayed(c, players) {
  const t = await create(c, `Swiss ${players}`, "swiss");
  await addPlayers(c, t, players);
  await expectOk(c.send(startRequest(t)), `start ${t}`);
  const open = await matchesOf(c, t, "open"); // waits for serve's warm-up after the start
  const last = open.pop();
  let next = 0;
  const report = async () => {
    while (next < open.length) {
      const m = open[next++];
      await expectOk(c.send(winReport(t, m)), `report ${m.id}`);
    }
  };
  await Promise.all(Array.from({ length: reporters }, report));
  return { t, last };
}

const f = (x, d = 1) => (x === undefined || Number.isNaN(x) ? "-" : x.toFixed(d));
function line(label, s, extra = "") {
  const fails = s.failed > 0 ? `  ${s.failed} FAILED (${s.firstFailure})` : "";
  console.log(
    `${label.padEnd(44)} p50 ${f(s.p50).padStart(6)} ms  p99 ${f(s.p99).padStart(7)} ms  max ${f(s.max).padStart(7)} ms  (${s.count} reads)${extra}${fails}`,
  );
}

/** One size on one build: the figures of the reads during the round-ending report. */
async function one(players, label, binary) {
  const dir = join(tmp, `${label}-${players}-${Math.random().toString(36).slice(2)}`);
  mkdirSync(dir);
  const serve = await startServe(dir, {}, binary);
  const c = client(serve.port, serve.key, Math.max(reporters, 1));
  const pool = client(serve.port, serve.key, readers);
  try {
    const other = await startedDoubleElimination(c, "Other", 64);
    const { t, last } = await roundAlmostPlayed(c, players);
    await sleep(3_500); // serve's write worker idle again (stopped after 3 s), as between rounds
    let done = false;
    const read = () => ({ kind: "GET other", method: "GET", path: `/tournaments/${other.t}.json` });
    const reading = drive(pool, readers, read, () => done, 1e9);
    await sleep(300);
    const w0 = performance.now();
    const reply = await c.send(winReport(t, last));
    const w1 = performance.now();
    if (reply.status !== 200) throw new Error(`the last report: ${reply.status} ${reply.text}`);
    const round2 = await matchesOf(c, t, "open");
    await sleep(AFTER_MS);
    done = true;
    const { samples } = await reading;
    const during = stats(samples.filter((s) => s.t0 < w1 && s.t1 > w0));
    const after = stats(samples.filter((s) => s.t0 >= w1));
    const tag = `${label} ${players}`;
    line(`${tag}: reads during the report`, during, `  the report ${f(w1 - w0, 0)} ms`);
    line(`${tag}: reads in the ${AFTER_MS} ms after`, after);
    const paired = round2.every((m) => m.attributes.round === 2);
    console.log(
      `${tag}: round 2 at the reply: ${round2.length} open matches${paired ? "" : " (NOT all round 2)"}; load ${loadavg()[0].toFixed(1)}`,
    );
    return { during, after, ms: w1 - w0 };
  } finally {
    await Promise.all([c.close(), pool.close()]);
    serve.child.kill("SIGTERM");
  }
}

async function main() {
  const builds = [["this", bin]];
  if (args.against !== undefined) builds.push(["against", join(args.against, "bin", "tourney")]);
  for (const players of sizes) {
    const figures = new Map(builds.map(([label]) => [label, []]));
    for (let run = 0; run < runs; run++)
      // Alternated, the baseline first on odd runs: the machine's load falls on both alike.
      for (const [label, binary] of run % 2 === 0 ? builds : [...builds].reverse())
        figures.get(label).push(await one(players, label, binary));
    if (builds.length < 2) continue;
    const median = (label, pick) => {
      const xs = figures
        .get(label)
        .map(pick)
        .sort((a, b) => a - b);
      return xs[Math.floor(xs.length / 2)];
    };
    for (const [name, pick] of [
      ["longest read during", (x) => x.during.max],
      ["read p99 during", (x) => x.during.p99],
      ["the report", (x) => x.ms],
      ["longest read after", (x) => x.after.max],
    ]) {
      const a = median("this", pick);
      const b = median("against", pick);
      console.log(
        `${players}: ${name}: ${f(a, 0)} ms against ${f(b, 0)} ms (${f(a / b, 2)}x), medians of ${runs}`,
      );
    }
  }
}

await runBounded("swiss-round-end", main, tmp);
