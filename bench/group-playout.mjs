#!/usr/bin/env node
// Playing out a group stage (issue 27's "a tournament a hundred times bigger"): a single
// elimination with a group stage of --players players in round-robin (or --stage swiss)
// groups of 4, made and started through the service in process on a new WAL file, then
// every open group match reported (player 1 winning) until none is open. Printed: the
// wall time and the process CPU of the play-out alone (the reports and the lists between
// them), and per report. With --against DIR, the same for the checkout in DIR (bundled
// as bench/service-bundle.mjs bundles it), the two taking turns, each case in a process
// of its own; the load average beside each figure (the machine is shared).
// Before ec7256b each group's last report read the tournament's whole participant list:
// quadratic in the players (4,000: 21.8 s; 12,000: 4 min).
// Usage: node bench/group-playout.mjs [--players 4000] [--stage swiss] [--runs 1] [--against DIR]
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { playOpen, startedGroupStage } from "./group-fixture.mjs";
import { bundleService, serviceCall } from "./service-bundle.mjs";

const { values: args } = parseArgs({
  options: {
    players: { type: "string", default: "4000" },
    stage: { type: "string", default: "round robin" },
    runs: { type: "string", default: "1" },
    against: { type: "string" },
    child: { type: "string" },
  },
});

const root = fileURLToPath(new URL("..", import.meta.url));
const players = Number(args.players);

/** One play-out in this process: prints {reports, wallMs, cpuMs}. */
async function child(bundlePath) {
  const dir = mkdtempSync(join(tmpdir(), "tourney-bench-groups-"));
  const tourney = await import(bundlePath);
  const service = await tourney.openService({ dbPath: join(dir, "t.db") });
  const call = serviceCall(service);
  const id = await startedGroupStage(call, players, args.stage);
  const t0 = performance.now();
  const cpu = process.cpuUsage();
  const reports = await playOpen(call, id);
  const wallMs = performance.now() - t0;
  const used = process.cpuUsage(cpu);
  service.close();
  rmSync(dir, { recursive: true, force: true });
  process.stdout.write(
    JSON.stringify({ reports, wallMs, cpuMs: (used.user + used.system) / 1000 }),
  );
}

if (args.child !== undefined) {
  await child(args.child);
} else {
  const builds = [["this checkout", await bundleService("groups-now.mjs", root)]];
  if (args.against !== undefined)
    builds.push([args.against, await bundleService("groups-against.mjs", args.against)]);
  console.log(
    `group stage play-out: ${players} players, ${args.stage} groups of 4 (Node ${process.version})`,
  );
  for (let run = 1; run <= Number(args.runs); run++) {
    const order = run % 2 === 1 ? builds : [...builds].reverse();
    for (const [name, bundle] of order) {
      const load = loadavg()[0].toFixed(1);
      const r = spawnSync(
        process.execPath,
        [
          fileURLToPath(import.meta.url),
          "--child",
          bundle,
          "--players",
          String(players),
          "--stage",
          args.stage,
        ],
        { encoding: "utf8", maxBuffer: 1 << 20 },
      );
      if (r.status !== 0) throw new Error(`${name}: exit ${r.status}\n${r.stderr}`);
      const { reports, wallMs, cpuMs } = JSON.parse(r.stdout);
      console.log(
        `run ${run} ${name.padEnd(20)} ${reports} reports  ${(wallMs / 1000).toFixed(2)} s wall  ${(cpuMs / 1000).toFixed(2)} s CPU  ${((wallMs * 1000) / reports).toFixed(0)} us a report  (load ${load})`,
      );
    }
  }
}
