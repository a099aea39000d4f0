#!/usr/bin/env node
// serve's memory under requests pipelined behind a held one (src/service/pipeline-order.ts
// MAX_WAITING): one connection sends a GET of a bracket's data.json whose snapshot is not
// built yet (a started round robin of --players, 128: 8,128 matches), then --requests GETs of
// the bracket page (100,000: 4.8 MB), and reads nothing. serve's resident set (VmRSS) and its
// peak (VmHWM) are read from /proc before and over --seconds after (Linux). With --against
// BIN the same on another build's binary (its own database, seeded the same way), in the same
// run. Prints the peak's growth for each; the bound is what a few requests cost, not what
// the flood sent: compare with --requests 2 (the snapshot's own build, ~50 MiB).
// 2026-11-28, against a build of 11df2f6: +53 MiB and the connection cut (--requests 2:
// +50 MiB), against +254 MiB and the connection kept.
// Usage: npm run build && node bench/pipeline-flood.mjs [--players 128] [--requests 100000]
//          [--seconds 6] [--against /path/to/other/checkout]
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { children, spawnServer } from "./load-driver.mjs";
import { bin } from "./serve-fixture.mjs";

const { values: args } = parseArgs({
  options: {
    players: { type: "string", default: "128" },
    requests: { type: "string", default: "100000" },
    seconds: { type: "string", default: "6" },
    against: { type: "string" },
  },
});
const players = Number(args.players);
const requests = Number(args.requests);
const seconds = Number(args.seconds);
for (const [name, v] of Object.entries({ players, requests, seconds }))
  if (!Number.isInteger(v) || v < 2) throw new Error(`--${name} must be a whole number >= 2`);

/** serve's resident set and peak, MiB. */
function memory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = (field) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1]);
  return { rss: kib("VmRSS") / 1024, hwm: kib("VmHWM") / 1024 };
}

/** One build's binary: seed, serve, flood; its figures. */
async function measure(binary, label) {
  const tmp = mkdtempSync(join(tmpdir(), "tourney-bench-flood-"));
  const env = { ...process.env, TOURNEY_CONFIG_DIR: join(tmp, "config"), TOURNEY_DATA_DIR: tmp };
  const run = (argv) => {
    const r = spawnSync(process.execPath, [binary, ...argv], { env, encoding: "utf8" });
    if (r.status !== 0) throw new Error(`${label}: tourney ${argv.join(" ")}: ${r.stderr}`);
    return r.stdout;
  };
  try {
    const roster = join(tmp, "roster.txt");
    writeFileSync(roster, Array.from({ length: players }, (_, i) => `P${i + 1}\n`).join(""));
    const create = ["tournament", "create", "--name", "Flood", "--type", "round robin", "--json"];
    const t = String(JSON.parse(run(create)).id);
    run(["participants", "bulk-add", t, "--file", roster]);
    run(["tournament", "start", t]);
    const argv = [binary, "serve", "--port", "0"];
    const s = await spawnServer(argv, env, /Listening on http:\/\/127\.0\.0\.1:(\d+)\//);
    await sleep(500);
    const before = memory(s.child.pid);
    const socket = connect(s.port, "127.0.0.1");
    socket.on("error", () => {});
    socket.pause();
    const page = `GET /tournaments/${t}/bracket HTTP/1.1\r\nHost: a\r\n\r\n`;
    const held = `GET /tournaments/${t}/bracket/data.json HTTP/1.1\r\nHost: a\r\n\r\n`;
    socket.write(held + page.repeat(requests));
    let peak = before.hwm;
    for (const end = Date.now() + seconds * 1000; Date.now() < end; await sleep(200))
      peak = Math.max(peak, memory(s.child.pid).hwm);
    const cut = socket.destroyed || socket.readableEnded;
    socket.destroy();
    s.child.kill("SIGTERM");
    const sent = ((held.length + page.length * requests) / 1e6).toFixed(1);
    console.log(
      `${label}: rss before ${before.rss.toFixed(0)} MiB, peak ${peak.toFixed(0)} MiB (+${(peak - before.hwm).toFixed(0)} MiB) for ${sent} MB of ${requests} pipelined requests; connection ${cut ? "cut" : "kept"}`,
    );
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

try {
  await measure(bin, "this checkout");
  if (args.against !== undefined)
    await measure(join(args.against, "bin", "tourney"), `--against ${args.against}`);
} finally {
  for (const c of children) c.kill("SIGKILL");
}
