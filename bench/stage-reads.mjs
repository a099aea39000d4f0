#!/usr/bin/env node
// What a request reads of a large tournament's stages (issue 27), two builds side by side:
//  - a played group stage of --gs players (double elimination final, round-robin groups of 4,
//    2 advancing): the wall time of the CLI's `tournament standings`, `bracket` and
//    `tournament finalize-group-stage` (each a fresh process on a fresh copy of the database);
//    and on `serve`, GET .../standings.json while GET /me.json is sent every 20 ms on another
//    connection: the standings' time and the worst /me.json latency meanwhile;
//  - a started --rr player round robin: `match report <t> <id>` and `match report <t> B`
//    (the same match by its identifier), each on a fresh copy.
// The builds alternate within each of --runs rounds; the load average is printed beside
// each figure (the machine is shared: compare the two builds of one run, not runs).
// The fixture is made once through `serve` of the --before build (its schema is the older),
// its key used again by each `serve` of a copy.
// Usage: npm run build && node bench/stage-reads.mjs --before /work/head-58bd0f6/bin/tourney
//          [--gs 3000] [--rr 512] [--runs 1] [--only cli|serve]
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { client, spawnServer } from "./load-driver.mjs";
import { addPlayers, bin, create, expectOk, startRequest, startServe } from "./serve-fixture.mjs";

const { values: args } = parseArgs({
  options: {
    before: { type: "string" },
    gs: { type: "string", default: "3000" },
    rr: { type: "string", default: "512" },
    runs: { type: "string", default: "1" },
    only: { type: "string" },
  },
});
if (args.before === undefined) throw new Error("--before: the other build's bin/tourney");
const builds = [
  ["before", args.before],
  ["after", bin],
];
const [gsPlayers, rrPlayers, runs] = [Number(args.gs), Number(args.rr), Number(args.runs)];
const tmp = mkdtempSync(join(tmpdir(), "tourney-bench-stage-reads-"));
const load = () => loadavg()[0].toFixed(1);

/** Every match of `t` (pages of 1,000). */
async function allMatches(c, t) {
  const all = [];
  for (let page = 1; ; page++) {
    const path = `/tournaments/${t}/matches.json?per_page=1000&page=${page}`;
    const j = await expectOk(c.send({ method: "GET", path }), "matches");
    all.push(...j.data);
    if (j.data.length < 1000) return all;
  }
}

function reportOf(t, m) {
  const { player1_id: p1, player2_id: p2 } = m.attributes;
  const match = [
    { participant_id: String(p1), score_set: "2", advancing: true },
    { participant_id: String(p2), score_set: "1", advancing: false },
  ];
  const body = { data: { type: "Match", attributes: { match } } };
  return { method: "PUT", path: `/tournaments/${t}/matches/${m.id}.json`, body };
}

/** The fixture database: the played group stage "gs" and the started round robin "rr". */
async function fixture(dir) {
  const s = await startServe(dir, {}, args.before);
  const c = client(s.port, s.key, 4);
  const gs = await create(c, "GS", "double elimination", {
    url: "gs",
    group_stage_enabled: true,
    group_stage_options: {
      stage_type: "round robin",
      group_size: 4,
      participant_count_to_advance_per_group: 2,
    },
  });
  await addPlayers(c, gs, gsPlayers);
  await expectOk(c.send(startRequest(gs, "start_group_stage")), "start group stage");
  const open = (await allMatches(c, gs)).filter((m) => m.attributes.state === "open");
  const reporter = async () => {
    for (let m = open.pop(); m !== undefined; m = open.pop())
      await expectOk(c.send(reportOf(gs, m)), "report");
  };
  await Promise.all([reporter(), reporter(), reporter(), reporter()]);
  const rr = await create(c, "RR", "round robin", { url: "rr" });
  await addPlayers(c, rr, rrPlayers);
  await expectOk(c.send(startRequest(rr)), "start rr");
  const path = `/tournaments/${rr}/matches.json?per_page=2`;
  const b = (await expectOk(c.send({ method: "GET", path }), "rr matches")).data[1];
  await c.close();
  s.child.kill("SIGTERM");
  await new Promise((resolve) => s.child.once("exit", resolve));
  return { db: join(dir, "load.db"), b, key: s.key };
}

/** A fresh data directory holding a copy of `db`; its environment. */
function freshCopy(db) {
  const dir = mkdtempSync(join(tmp, "run-"));
  mkdirSync(join(dir, "data"));
  copyFileSync(db, join(dir, "data", "tourney.db"));
  return {
    dir,
    env: { TOURNEY_CONFIG_DIR: join(dir, "config"), TOURNEY_DATA_DIR: join(dir, "data") },
  };
}

/** One CLI process of `binary` on a fresh copy of `db`: its wall time (ms). */
function cli(binary, db, argv) {
  const { dir, env } = freshCopy(db);
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [binary, ...argv], {
    env: { ...process.env, ...env, HOME: dir },
    stdio: ["ignore", "ignore", "pipe"],
    encoding: "utf8",
  });
  const ms = performance.now() - t0;
  rmSync(dir, { recursive: true, force: true });
  if (r.status !== 0) throw new Error(`${argv.join(" ")}: exit ${r.status}: ${r.stderr}`);
  return ms;
}

/** serve of `binary` on a copy of `db`: GET standings, /me.json every 20 ms meanwhile. */
async function serveStandings(binary, db, key) {
  const { dir, env } = freshCopy(db);
  const argv = [binary, "serve", "--port", "0", "--db", join(dir, "data", "tourney.db")];
  const served = await spawnServer(
    argv,
    { ...process.env, ...env, HOME: dir },
    /Listening on http:\/\/127\.0\.0\.1:(\d+)\//,
  );
  const c = client(served.port, key, 2);
  await expectOk(c.send({ method: "GET", path: "/me.json" }), "me");
  let done = false;
  const me = [];
  const poll = (async () => {
    while (!done) {
      const r = await c.send({ method: "GET", path: "/me.json" });
      me.push(r.t1 - r.t0);
      await sleep(20);
    }
  })();
  const standings = await c.send({ method: "GET", path: "/tournaments/gs/standings.json" });
  done = true;
  await poll;
  await c.close();
  served.child.kill("SIGTERM");
  await new Promise((resolve) => served.child.once("exit", resolve));
  rmSync(dir, { recursive: true, force: true });
  if (standings.status !== 200) throw new Error(`standings: ${standings.status}`);
  return { standings: standings.t1 - standings.t0, me: Math.max(...me), meCount: me.length };
}

async function main() {
  console.log(
    `stage reads: group stage of ${gsPlayers}, round robin of ${rrPlayers}; load ${load()}`,
  );
  const { db, b, key } = await fixture(join(tmp, "fixture"));
  const p1 = String(b.attributes.player1_id);
  const cases = [
    ["tournament standings gs", ["tournament", "standings", "gs"]],
    ["bracket gs", ["bracket", "gs"]],
    ["tournament finalize-group-stage gs", ["tournament", "finalize-group-stage", "gs"]],
    [`match report rr ${b.id} (by id)`, ["match", "report", "rr", b.id, "--winner", p1]],
    ["match report rr B", ["match", "report", "rr", "B", "--winner", p1]],
  ];
  for (let run = 1; run <= runs; run++) {
    if (args.only !== "serve")
      for (const [name, argv] of cases) {
        const figures = builds.map(
          ([label, binary]) =>
            `${label} ${(cli(binary, db, argv) / 1000).toFixed(2)} s (load ${load()})`,
        );
        console.log(`run ${run}: ${name}: ${figures.join(", ")}`);
      }
    if (args.only !== "cli")
      for (const [label, binary] of builds) {
        const r = await serveStandings(binary, db, key);
        console.log(
          `run ${run}: serve GET standings.json, ${label}: ${(r.standings / 1000).toFixed(2)} s; GET /me.json meanwhile: worst ${r.me.toFixed(0)} ms of ${r.meCount} (load ${load()})`,
        );
      }
  }
}

try {
  await main();
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
