#!/usr/bin/env node
// Reads of a large tournament right after serve's write worker wrote another (issue 27):
// the worker commits on its own connection, and serve's cache dropped every tournament's
// held match rows at any other connection's commit, so the next read of a large one
// loaded all its rows again on the event loop (store-cache.ts; held-check.ts keeps those
// the commit left as stored). `tourney serve` (the built binary) on a loopback port with a
// fresh database: a started round robin of --players (A, 130,816 matches at 512), read once
// (its rows held), and a small tournament B. Then --writes bulk adds of 300 names to B, each
// in the worker (a body past BULK_BYTES), one after another, while --readers connections
// read a page of A's matches back to back. Printed: the first read of A sent after each
// write's reply (median, longest), and every read's p99 and longest over the writes.
// With --against DIR, DIR's build (a checkout of an earlier commit) runs too, alternated
// with this one, --runs times each; the ratios are this build's over DIR's.
// Usage: npm run build && node bench/held-after-worker.mjs [--players 512] [--writes 5]
//          [--readers 2] [--runs 1] [--against DIR]
import { mkdirSync, mkdtempSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { client, drive, runBounded, stats } from "./load-driver.mjs";
import { addPlayers, bin, create, expectOk, startRequest, startServe } from "./serve-fixture.mjs";

const { values: args } = parseArgs({
  options: {
    players: { type: "string", default: "512" },
    writes: { type: "string", default: "5" },
    readers: { type: "string", default: "2" },
    runs: { type: "string", default: "1" },
    against: { type: "string" },
  },
});
const players = Number(args.players);
const writes = Number(args.writes);
const readers = Number(args.readers);
const runs = Number(args.runs);
if (!Number.isInteger(players) || players < 4)
  throw new Error("--players takes a whole number >= 4");
const tmp = mkdtempSync(join(tmpdir(), "tourney-bench-held-worker-"));

const page = (t) => ({
  kind: "GET A",
  method: "GET",
  path: `/tournaments/${t}/matches.json?page=2`,
});

/** A bulk add of 300 names to `t` (past BULK_BYTES: the worker's). */
function bulk300(t, round) {
  const participants = Array.from({ length: 300 }, (_, i) => ({ name: `B ${round}-${i + 1}` }));
  return {
    kind: "bulk add B",
    method: "POST",
    path: `/tournaments/${t}/participants/bulk_add.json`,
    body: { data: { type: "Participants", attributes: { participants } } },
  };
}

const f = (x, d = 0) => (x === undefined || Number.isNaN(x) ? "-" : x.toFixed(d));

/** One run on one build: the reads of A after each of B's writes. */
async function one(label, binary) {
  const dir = join(tmp, `${label}-${Math.random().toString(36).slice(2)}`);
  mkdirSync(dir);
  const serve = await startServe(dir, {}, binary);
  const c = client(serve.port, serve.key, 1);
  const pool = client(serve.port, serve.key, readers);
  try {
    const a = await create(c, `Large ${players}`, "round robin");
    await addPlayers(c, a, players);
    await expectOk(c.send(startRequest(a)), `start ${a}`);
    await expectOk(c.send(page(a)), "A held"); // waits for serve's warm-up after the start
    const b = await create(c, "Small", "single elimination");
    let done = false;
    const reading = drive(
      pool,
      readers,
      () => page(a),
      () => done,
      1e9,
    );
    const first = [];
    for (let w = 1; w <= writes; w++) {
      await sleep(200);
      await expectOk(c.send(bulk300(b, w)), `bulk add ${w}`);
      const r = await c.send(page(a));
      if (r.status !== 200) throw new Error(`read of A: ${r.status} ${r.text.slice(0, 200)}`);
      first.push(r.t1 - r.t0);
    }
    await sleep(200);
    done = true;
    const { samples } = await reading;
    const all = stats(samples);
    const sorted = [...first].sort((x, y) => x - y);
    const fig = {
      firstMedian: sorted[Math.floor(sorted.length / 2)],
      firstMax: sorted.at(-1),
      all,
    };
    console.log(
      `${label}: first read of A after a write of B: median ${f(fig.firstMedian, 1)} ms, longest ${f(fig.firstMax, 1)} ms;` +
        ` all reads of A: p99 ${f(all.p99, 1)} ms, longest ${f(all.max, 1)} ms (${all.count} reads, ${all.failed} failed); load ${loadavg()[0].toFixed(1)}`,
    );
    return fig;
  } finally {
    await Promise.all([c.close(), pool.close()]);
    serve.child.kill("SIGTERM");
  }
}

async function main() {
  const builds = [["this", bin]];
  if (args.against !== undefined) builds.push(["against", join(args.against, "bin", "tourney")]);
  const figures = new Map(builds.map(([label]) => [label, []]));
  for (let run = 0; run < runs; run++)
    // Alternated, the baseline first on odd runs: the machine's load falls on both alike.
    for (const [label, binary] of run % 2 === 0 ? builds : [...builds].reverse())
      figures.get(label).push(await one(label, binary));
  if (builds.length < 2) return;
  const median = (label, pick) => {
    const xs = figures
      .get(label)
      .map(pick)
      .sort((x, y) => x - y);
    return xs[Math.floor(xs.length / 2)];
  };
  for (const [name, pick] of [
    ["first read of A after a write, median", (x) => x.firstMedian],
    ["first read of A after a write, longest", (x) => x.firstMax],
    ["longest read of A", (x) => x.all.max],
    ["read p99 of A", (x) => x.all.p99],
  ]) {
    const x = median("this", pick);
    const y = median("against", pick);
    console.log(
      `${players}: ${name}: ${f(x, 1)} ms against ${f(y, 1)} ms (${f(x / y, 2)}x), medians of ${runs}`,
    );
  }
}

await runBounded("held-after-worker", main, tmp);
