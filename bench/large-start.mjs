#!/usr/bin/env node
// Large-start benchmark (issue 9, defect 2): `tourney serve` (the built binary) on a
// loopback port and a new SQLite file; a tournament of --players participants
// (bulk add, 1,000 a request, as a single elimination, then switched to --type), then
// `change_state start`, while a reader sends GET /tournaments/{t} every --poll ms. Prints, for the start: its wall time, the
// longest a GET waited while it ran, the server's peak RSS (VmHWM) before and after
// it, the database size (with its WAL), and the status and error of the start.
// Runs every --players value given (comma-separated) in a fresh server each.
// Usage: npm run build && node bench/large-start.mjs [--players 1000,2000]
//          [--type "round robin"] [--poll 20] [--max-old-space-size MB]
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const { values: args } = parseArgs({
  options: {
    players: { type: "string", default: "1000" },
    type: { type: "string", default: "round robin" },
    poll: { type: "string", default: "20" },
    "max-old-space-size": { type: "string" },
  },
});
const sizes = args.players.split(",").map(Number);
if (sizes.some((n) => !Number.isInteger(n) || n < 2))
  throw new Error("--players takes whole numbers >= 2, comma-separated");
const poll = Number(args.poll);
const root = fileURLToPath(new URL("..", import.meta.url));
const bin = join(root, "bin", "tourney");

/** Starts `tourney serve --port 0` on a new database; resolves with its url, key and process. */
async function startServer(dir) {
  const dbPath = join(dir, "serve.db");
  const nodeArgs = args["max-old-space-size"]
    ? [`--max-old-space-size=${args["max-old-space-size"]}`]
    : [];
  const child = spawn(
    process.execPath,
    [...nodeArgs, bin, "serve", "--port", "0", "--db", dbPath],
    {
      env: { ...process.env, TOURNEY_CONFIG_DIR: join(dir, "config"), TOURNEY_DATA_DIR: dir },
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  let stderr = "";
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (text) => {
    stderr += text;
  });
  for (let i = 0; i < 200; i++) {
    const url = /Listening on (http:\/\/\S+\/v2\.1)/.exec(stderr)?.[1];
    const key = /API key[^\n]*:\n\s+(\S+)/.exec(stderr)?.[1];
    if (url !== undefined && key !== undefined)
      return { child, url, key, dbPath, log: () => stderr };
    if (child.exitCode !== null) break;
    await sleep(50);
  }
  child.kill();
  throw new Error(`serve did not start: ${stderr}`);
}

/** Peak resident set (VmHWM) and current RSS of a process, in MB (Linux). */
function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN);
  return { peak: kb("VmHWM") / 1024, rss: kb("VmRSS") / 1024 };
}

function sizeOf(path) {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

async function one(players) {
  const dir = mkdtempSync(join(tmpdir(), "tourney-bench-start-"));
  const server = await startServer(dir);
  const call = async (method, path, attributes, type) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        Authorization: server.key,
        "Authorization-Type": "v1",
        "Content-Type": "application/vnd.api+json",
      },
      ...(attributes === undefined ? {} : { body: JSON.stringify({ data: { type, attributes } }) }),
    });
    return { status: response.status, json: await response.json().catch(() => undefined) };
  };
  try {
    const created = await call(
      "POST",
      "/tournaments.json",
      // Filled as a single elimination (which takes 65,536), then switched to --type, so
      // that a field past --type's limit reaches the start (adding it would be refused).
      { name: `Start ${players}`, tournament_type: "single elimination" },
      "tournament",
    );
    if (created.status !== 200 && created.status !== 201)
      throw new Error(`create: ${created.status} ${JSON.stringify(created.json)}`);
    const id = created.json.data.id;
    for (let from = 0; from < players; from += 1000) {
      const names = Array.from({ length: Math.min(1000, players - from) }, (_, i) => ({
        name: `P${from + i + 1}`,
      }));
      const added = await call(
        "POST",
        `/tournaments/${id}/participants/bulk_add.json`,
        { participants: names },
        "Participants",
      );
      if (added.status !== 200 && added.status !== 201)
        throw new Error(`bulk add: ${added.status} ${JSON.stringify(added.json)}`);
    }
    const typed = await call(
      "PUT",
      `/tournaments/${id}.json`,
      { tournament_type: args.type },
      "tournament",
    );
    if (typed.status !== 200)
      throw new Error(`update: ${typed.status} ${JSON.stringify(typed.json)}`);
    const before = memoryOf(server.child.pid);
    const dbBefore = sizeOf(server.dbPath) + sizeOf(`${server.dbPath}-wal`);
    let running = true;
    const waits = [];
    const reader = (async () => {
      while (running) {
        const sent = performance.now();
        await call("GET", `/tournaments/${id}.json`).catch(() => undefined);
        waits.push(performance.now() - sent);
        await sleep(poll);
      }
    })();
    await sleep(100);
    const started = performance.now();
    const start = await call(
      "PUT",
      `/tournaments/${id}/change_state.json`,
      { state: "start" },
      "TournamentState",
    ).catch((error) => ({
      status: `no answer (${error.cause?.code ?? error.message})`,
      json: undefined,
    }));
    const ms = performance.now() - started;
    running = false;
    await reader;
    const alive = server.child.exitCode === null;
    const after = alive ? memoryOf(server.child.pid) : { peak: Number.NaN, rss: Number.NaN };
    const dbAfter = sizeOf(server.dbPath) + sizeOf(`${server.dbPath}-wal`);
    const attributes = start.json?.data?.attributes;
    return {
      players,
      status: start.status,
      detail: start.json?.errors?.[0]?.detail,
      state: attributes?.state,
      ms,
      maxWait: Math.max(0, ...waits),
      reads: waits.length,
      peakBefore: before.peak,
      peakAfter: after.peak,
      rssAfter: after.rss,
      dbMB: dbAfter / 2 ** 20,
      dbGrowMB: (dbAfter - dbBefore) / 2 ** 20,
      alive,
      log: alive ? "" : server.log().split("\n").slice(-4).join(" | "),
    };
  } finally {
    server.child.kill("SIGTERM");
    await new Promise((resolve) => {
      if (server.child.exitCode !== null) resolve();
      else server.child.once("exit", resolve);
    });
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(
  `bench/large-start: ${args.type}, players ${sizes.join(", ")}; node ${process.version}`,
);
for (const players of sizes) {
  const r = await one(players);
  const f = (x, d = 0) => (Number.isFinite(x) ? x.toFixed(d) : "-");
  console.log(
    `${args.type} ${players}: start ${r.status}${r.state ? ` (${r.state})` : ""} in ${f(r.ms)} ms; ` +
      `longest GET wait ${f(r.maxWait)} ms (${r.reads} reads); server peak RSS ${f(r.peakBefore)} -> ${f(r.peakAfter)} MB, ` +
      `RSS after ${f(r.rssAfter)} MB; db ${f(r.dbMB, 1)} MB (+${f(r.dbGrowMB, 1)})` +
      (r.detail ? `; "${r.detail}"` : "") +
      (r.alive ? "" : `; SERVER DIED: ${r.log}`),
  );
}
