#!/usr/bin/env node
// GET /v2.1/tournaments/{t}/standings of a large tournament on `tourney serve`, and what it
// costs every other request meanwhile (issue 27's scale review: made in one piece, a
// 12,000-player two-stage final's standings held serve's event loop ~2.1 s).
// The fixture, made once in process (the --against checkout's service, bundled as
// bench/service-bundle.mjs bundles it, so both builds open its file): a single elimination
// with a group stage of --players players in round-robin groups of 4, 2 advancing, every
// group match played (player 1 winning), the group stage finalized and the final started;
// and a small tournament (8 players, double elimination, started) beside it.
// Then for each build in turn (--rounds rounds, alternated), serve on a copy of the file,
// a client GETting the small tournament (/tournaments/{small}.json) every 10 ms throughout:
//   - the first standings GET (serve reads the tournament's rows from the file first): its
//     time and the longest read meanwhile; its text, the port aside, the same for every build;
//   - for --seconds: another client GETs the standings again and again, each after a report of
//     scores on the small tournament (a write: no standings answer is a text kept from the
//     one before, reply-memo.ts): each standings GET's time, the reads' p50 / p99 / max.
//   - serve's event loop's longest hold (bench/loop-holds.cjs, preloaded), wall and CPU time,
//     during the first GET, and during the rest (the reports and the GETs after them).
// Printed: per build and round, the figures; then the medians' ratios this/--against.
// With --crowd N, N clients GET the standings at once after each report (the standings GET's
// time: from the first sent to the last answered).
// With --format round-robin, the large tournament is a round robin of --players instead, started,
// its first --played open matches played (--played all: every one; default --players).
// With --format swiss, a swiss of --players with --swiss-rounds rounds (8), every round played
// (player 1 winning: many players level on points, the tie-breaks at work). With --format
// free-for-all, a free for all of --players in matches of 4, every round played (each match's
// players ranked in the listed order, the better half advancing).
// Usage: npm run build && node bench/standings-load.mjs [--players 12000] [--seconds 20]
//          [--rounds 2] [--against /work/start14] [--crowd 1]
//          [--format groups|round-robin|swiss|free-for-all] [--played N|all] [--swiss-rounds 8]
//          [--fixture DIR (the fixture kept there: made if DIR has none, else used as it is)]
import { spawnSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { addPlayers, playOpen, startedGroupStage, stateBody } from "./group-fixture.mjs";
import { client, runBounded, stats } from "./load-driver.mjs";
import { bin, scoresReport, startServe } from "./serve-fixture.mjs";
import { bundleService, serviceCall } from "./service-bundle.mjs";

const { values: args } = parseArgs({
  options: {
    players: { type: "string", default: "12000" },
    seconds: { type: "string", default: "20" },
    rounds: { type: "string", default: "2" },
    against: { type: "string" },
    child: { type: "string" },
    db: { type: "string" },
    format: { type: "string", default: "groups" },
    crowd: { type: "string", default: "1" },
    played: { type: "string" },
    "swiss-rounds": { type: "string", default: "8" },
    fixture: { type: "string" },
  },
});
const root = fileURLToPath(new URL("..", import.meta.url));
const players = Number(args.players);
const seconds = Number(args.seconds);
const rounds = Number(args.rounds);
const crowd = Number(args.crowd);
if (!Number.isInteger(crowd) || crowd < 1 || crowd > 64) throw new Error("--crowd must be 1-64");
if (!Number.isInteger(players) || players < 8) throw new Error("--players must be >= 8");
if (!(seconds > 0) || seconds > 60) throw new Error("--seconds must be in (0, 60]");
const FORMATS = ["groups", "round-robin", "swiss", "free-for-all"];
if (!FORMATS.includes(args.format))
  throw new Error(`--format must be one of ${FORMATS.join(", ")}`);
const played = args.played === "all" ? Number.POSITIVE_INFINITY : Number(args.played ?? players);
if (!(played >= 0)) throw new Error("--played must be a count or all");
const swissRounds = Number(args["swiss-rounds"]);
if (!Number.isInteger(swissRounds) || swissRounds < 1)
  throw new Error("--swiss-rounds must be >= 1");

const T = "/v2.1/tournaments";

/** The fixture, in this process, with the bundled service `bundlePath`, on --db. */
async function child(bundlePath) {
  const tourney = await import(bundlePath);
  const service = await tourney.openService({ dbPath: args.db });
  const call = serviceCall(service);
  let large;
  if (args.format === "round-robin") {
    const attributes = { name: "Round robin", tournament_type: "round robin" };
    large = (await call("POST", T, { data: { type: "tournament", attributes } })).data.id;
    await addPlayers(call, large, players);
    await call("PUT", `${T}/${large}/change_state`, stateBody("start"));
    await playOpen(call, large, played);
  } else if (args.format === "swiss") {
    const attributes = {
      name: "Swiss",
      tournament_type: "swiss",
      swiss_options: { rounds: swissRounds },
    };
    large = (await call("POST", T, { data: { type: "tournament", attributes } })).data.id;
    await addPlayers(call, large, players);
    await call("PUT", `${T}/${large}/change_state`, stateBody("start"));
    await playOpen(call, large);
  } else if (args.format === "free-for-all") {
    const attributes = { name: "Free for all", tournament_type: "free for all" };
    large = (await call("POST", T, { data: { type: "tournament", attributes } })).data.id;
    await addPlayers(call, large, players);
    await call("PUT", `${T}/${large}/change_state`, stateBody("start"));
    await playOpenFreeForAll(call, large);
  } else {
    large = await startedGroupStage(call, players, "round robin");
    await playOpen(call, large);
    await call("PUT", `${T}/${large}/change_state`, stateBody("finalize_group_stage"));
    await call("PUT", `${T}/${large}/change_state`, stateBody("start"));
  }
  const attributes = { name: "Small", tournament_type: "double elimination" };
  const small = (await call("POST", T, { data: { type: "tournament", attributes } })).data.id;
  await addPlayers(call, small, 8);
  await call("PUT", `${T}/${small}/change_state`, stateBody("start"));
  service.close();
  process.stdout.write(JSON.stringify({ large, small }));
}

/** Reports every open free-for-all match of `id` until none is open: ranks in listed order, the better half advancing. */
async function playOpenFreeForAll(call, id) {
  const open = async () => (await call("GET", `${T}/${id}/matches?state=open&per_page=1000`)).data;
  for (let ms = await open(); ms.length > 0; ms = await open()) {
    for (const m of ms) {
      const ids = m.attributes.participant_ids;
      const match = ids.map((p, i) => ({
        participant_id: String(p),
        score_set: "",
        rank: i + 1,
        advancing: i < Math.max(1, Math.floor(ids.length / 2)),
      }));
      await call("PUT", `${T}/${id}/matches/${m.id}`, {
        data: { type: "Match", attributes: { match } },
      });
    }
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The standings' text as each build answered it, the port taken out (compared across builds). */
const texts = new Map();

/** One build's round: serve on a copy of `fixture`; the figures. */
async function round(binary, fixture, ids, tmp, label) {
  const dir = mkdtempSync(join(tmp, "run-"));
  mkdirSync(join(dir, "config"));
  copyFileSync(fixture, join(dir, "load.db"));
  // serve's event loop's longest holds, by phase (bench/loop-holds.cjs).
  const holdsFile = join(dir, "loop-holds");
  const preload = `--require ${join(root, "bench", "loop-holds.cjs")}`;
  const s = await startServe(
    dir,
    {
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} ${preload}`,
      LOOP_HOLDS_FILE: holdsFile,
    },
    binary,
  );
  const holds = [];
  /** The longest hold of serve's loop since the last call (the first: its start). */
  const longestHold = async () => {
    s.child.kill("SIGUSR2");
    for (let waited = 0; waited < 30_000; waited += 10) {
      const lines = existsSync(holdsFile) ? readFileSync(holdsFile, "utf8").split("\n") : [];
      if (lines.length > holds.length + 1) {
        const [wall, cpu] = lines[holds.length].split(" ").map(Number);
        holds.push({ wall, cpu });
        return holds.at(-1);
      }
      await sleep(10);
    }
    throw new Error(`${label}: serve wrote no loop hold in 30 s`);
  };
  await longestHold();
  const standingsClient = client(s.port, s.key, 1);
  // --crowd: more clients GET the standings at the same moment as standingsClient.
  const crowdClients = Array.from({ length: crowd - 1 }, () => client(s.port, s.key, 1));
  const readClient = client(s.port, s.key, 1);
  const standingsPath = `/tournaments/${ids.large}/standings`;
  const get = { kind: "standings", method: "GET", path: standingsPath };
  const reads = [];
  let stop = false;
  const reader = (async () => {
    while (!stop) {
      const path = `/tournaments/${ids.small}.json`;
      reads.push(await readClient.send({ kind: "read", method: "GET", path }));
      await sleep(10);
    }
  })();
  await sleep(200);
  await longestHold();
  // The first GET: serve reads the tournament's rows from the file first.
  const cold = await standingsClient.send(get);
  const coldHold = await longestHold();
  if (cold.status !== 200)
    throw new Error(`${label}: standings ${cold.status} ${cold.text.slice(0, 200)}`);
  const text = cold.text.replaceAll(`127.0.0.1:${s.port}`, "HOST");
  for (const [other, t] of texts)
    if (t !== text) throw new Error(`${label}: the standings differ from ${other}'s`);
  texts.set(label, text);
  const bytes = cold.text.length;
  const matches = await standingsClient.send({
    method: "GET",
    path: `/tournaments/${ids.small}/matches.json?state=open`,
  });
  const open = JSON.parse(matches.text).data[0];
  const m = { id: open.id, p1: open.attributes.player1_id, p2: open.attributes.player2_id };
  const warmFrom = performance.now();
  const end = warmFrom + seconds * 1000;
  const standings = [];
  const writer = (async () => {
    for (let n = 0; performance.now() < end; n++) {
      const w = await standingsClient.send(scoresReport(ids.small, m, n % 3, 1));
      if (w.status !== 200) throw new Error(`${label}: report ${w.status} ${w.text.slice(0, 200)}`);
      const all = await Promise.all([standingsClient, ...crowdClients].map((c) => c.send(get)));
      for (const r of all)
        if (r.status !== 200 || r.text.length !== bytes)
          throw new Error(
            `${label}: standings ${r.status}, ${r.text.length} characters, not ${bytes}`,
          );
      // With a crowd: from the first GET sent to the last answer.
      standings.push(Math.max(...all.map((r) => r.t1)) - Math.min(...all.map((r) => r.t0)));
    }
  })();
  await writer;
  const warmHold = await longestHold();
  stop = true;
  await reader;
  await standingsClient.close();
  for (const c of crowdClients) await c.close();
  await readClient.close();
  s.child.kill("SIGTERM");
  const read = stats(reads.filter((r) => r.t0 >= warmFrom));
  if (read.failed > 0) throw new Error(`${label}: ${read.firstFailure}`);
  const during = stats(reads.filter((r) => r.t1 > cold.t0 && r.t0 < cold.t1));
  const cold_ = cold.t1 - cold.t0;
  return { standings, read, bytes, cold: cold_, coldReadMax: during.max, coldHold, warmHold };
}

/** The fixture made on `fixture` by the oldest build's service (a child process); its ids on stdout. */
async function fixtureMade(fixture) {
  const bundle = await bundleService("standings-fixture.mjs", args.against ?? root);
  return spawnSync(
    process.execPath,
    [
      fileURLToPath(import.meta.url),
      "--child",
      bundle,
      "--db",
      fixture,
      "--players",
      String(players),
      "--format",
      args.format,
      "--played",
      String(args.played ?? players),
      "--swiss-rounds",
      String(swissRounds),
    ],
    { encoding: "utf8", maxBuffer: 1 << 20, timeout: 400_000 },
  );
}

async function main() {
  const tmp = mkdtempSync(join(tmpdir(), "tourney-bench-standings-"));
  const builds = [["this checkout", bin]];
  if (args.against !== undefined) builds.push([args.against, join(args.against, "bin", "tourney")]);
  await runBounded(
    "standings-load",
    async () => {
      // The fixture made by the oldest build's service: the newer one opens its file as it is.
      const kept = args.fixture === undefined ? undefined : join(args.fixture, "fixture.db");
      const fixture = kept ?? join(tmp, "fixture.db");
      const t0 = performance.now();
      const made =
        kept !== undefined && existsSync(`${kept}.ids`)
          ? { status: 0, stdout: readFileSync(`${kept}.ids`, "utf8") }
          : await fixtureMade(fixture);
      if (made.status !== 0) throw new Error(`fixture: exit ${made.status}\n${made.stderr}`);
      if (kept !== undefined) writeFileSync(`${kept}.ids`, made.stdout);
      const ids = JSON.parse(made.stdout);
      console.log(
        `standings under load: ${
          {
            "round-robin": `a round robin of ${players} players, ${args.played ?? players} matches played`,
            swiss: `a swiss of ${players} players, ${swissRounds} rounds played`,
            "free-for-all": `a free for all of ${players} players in matches of 4, every round played`,
            groups: `${players} players in round-robin groups of 4 and the final of ${players / 2}`,
          }[args.format]
        }, ` +
          `fixture ${((performance.now() - t0) / 1000).toFixed(0)} s; ${seconds} s a round, ${crowd} standings client(s) at once (Node ${process.version}); ` +
          "the same standings text from every build (the port aside)",
      );
      const figures = new Map(builds.map(([name]) => [name, []]));
      for (let r = 1; r <= rounds; r++) {
        for (const [name, binary] of r % 2 === 1 ? builds : [...builds].reverse()) {
          const load = loadavg()[0].toFixed(1);
          const f = await round(binary, fixture, ids, tmp, name);
          figures.get(name).push(f);
          const ms = (x) => x.toFixed(1).padStart(7);
          console.log(
            `round ${r} ${name.padEnd(16)} first GET ${ms(f.cold)} ms (read max ${ms(f.coldReadMax)} ms) | ` +
              `then ${f.standings.length} GETs median ${ms(median(f.standings))} ms ` +
              `max ${ms(Math.max(...f.standings))} ms, read ${f.read.count}: p50 ${ms(f.read.p50)} ` +
              `p99 ${ms(f.read.p99)} max ${ms(f.read.max)} ms; longest loop hold (wall/CPU): first GET ${ms(f.coldHold.wall)} /${ms(f.coldHold.cpu)}, then ${ms(f.warmHold.wall)} /${ms(f.warmHold.cpu)} ms (load ${load})`,
          );
        }
      }
      if (builds.length < 2) return;
      const of = (name, pick) => median(figures.get(name).map(pick));
      const [now, before] = builds.map(([name]) => name);
      for (const [what, pick] of [
        ["first GET", (f) => f.cold],
        ["read max during it", (f) => f.coldReadMax],
        ["standings GET (median)", (f) => median(f.standings)],
        ["read p99", (f) => f.read.p99],
        ["read max", (f) => f.read.max],
        ["loop hold, first GET", (f) => f.coldHold.wall],
        ["loop hold CPU, first GET", (f) => f.coldHold.cpu],
        ["loop hold, then", (f) => f.warmHold.wall],
        ["loop hold CPU, then", (f) => f.warmHold.cpu],
      ]) {
        const a = of(now, pick);
        const b = of(before, pick);
        console.log(
          `${what.padEnd(24)} ${b.toFixed(1)} -> ${a.toFixed(1)} ms (${(a / b).toFixed(3)}x)`,
        );
      }
    },
    tmp,
  );
}

if (args.child !== undefined) await child(args.child);
else await main();
