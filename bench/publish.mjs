#!/usr/bin/env node
// The publish time of a played double elimination (issue 29): N players (default 256)
// played out on an embedded store, then `tourney tournament publish --to lan` (the built
// binary) to a `tourney serve` on loopback, timed; as the baseline measured in the same
// run, `tourney tournament export` of the published copy from that serve (reading it
// all back over HTTP), and the ratio of the two.
// Usage: npm run build && node bench/publish.mjs [--players 256]
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { build } from "esbuild";

const { values: args } = parseArgs({ options: { players: { type: "string", default: "256" } } });
const players = Number(args.players);
const root = fileURLToPath(new URL("..", import.meta.url));
const BIN = join(root, "bin", "tourney");
const bundle = join(root, "bench", "out", "publish.mjs");
const version = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).version;
await build({
  entryPoints: [join(root, "bench", "publish-entry.ts")],
  outfile: bundle,
  bundle: true,
  format: "esm",
  platform: "node",
  target: "node20",
  legalComments: "none",
  banner: {
    js: "import { createRequire as __tourneyCreateRequire } from 'node:module'; const require = __tourneyCreateRequire(import.meta.url);",
  },
  define: { __TOURNEY_VERSION__: JSON.stringify(version) },
  logLevel: "warning",
});
const tourney = await import(bundle);

const dir = mkdtempSync(join(tmpdir(), "tourney-bench-publish-"));
const env = {
  PATH: process.env.PATH ?? "",
  TOURNEY_CONFIG_DIR: join(dir, "config"),
  TOURNEY_DATA_DIR: join(dir, "data"),
};
const tourneyRun = (argv, extra = {}, input = "") =>
  execFileSync(process.execPath, [BIN, ...argv], { env: { ...env, ...extra }, input });

// The event, played on the embedded store the default profile uses.
tourneyRun(["tournament", "list"]);
const local = tourney.createApiClient({
  transport: tourney.createInProcessTransport({ dbPath: join(dir, "data", "tourney.db") }),
});
await local.tournaments.create({
  name: "Bench DE",
  url: "bench_de",
  tournament_type: "double elimination",
});
await local.participants.bulkAdd(
  "bench_de",
  Array.from({ length: players }, (_, i) => ({ name: `Player ${i + 1}` })),
);
await local.tournaments.changeState("bench_de", "start");
let reported = 0;
for (;;) {
  const open = await local.matches.listAll("bench_de", { state: "open" });
  if (open.length === 0) break;
  for (const m of open) {
    const { player1_id: p1, player2_id: p2 } = m.attributes;
    await local.matches.update("bench_de", m.id, {
      match: [
        { participant_id: p1, score_set: "2", advancing: true },
        { participant_id: p2, score_set: "1", advancing: false },
      ],
    });
    reported++;
  }
}
await local.tournaments.changeState("bench_de", "finalize");
await local.close();

// serve on loopback, a profile `lan` on it.
const serve = spawn(
  process.execPath,
  [BIN, "serve", "--port", "0", "--db", join(dir, "served.db")],
  {
    env,
    stdio: ["ignore", "ignore", "pipe"],
  },
);
const { port, key } = await new Promise((resolve) => {
  let text = "";
  serve.stderr.on("data", (d) => {
    text += d;
    const p = /Listening on http:\/\/127\.0\.0\.1:(\d+)\//.exec(text);
    const k = /\n {2}(tk_[\w-]+)\n/.exec(text);
    if (p && k) resolve({ port: p[1], key: k[1] });
  });
});
tourneyRun(["profile", "add", "lan", "--base-url", `http://127.0.0.1:${port}`]);
tourneyRun(["auth", "login", "--api-key"], { TOURNEY_PROFILE: "lan" }, `${key}\n`);

const timed = (argv, extra) => {
  const start = process.hrtime.bigint();
  tourneyRun(argv, extra);
  return Number(process.hrtime.bigint() - start) / 1e6;
};
const publishMs = timed(["tournament", "publish", "bench_de", "--to", "lan"]);
const rerunMs = timed(["tournament", "publish", "bench_de", "--to", "lan"]);
const exportMs = timed(["tournament", "export", "bench_de"], { TOURNEY_PROFILE: "lan" });
serve.kill("SIGTERM");
rmSync(dir, { recursive: true, force: true });
console.log(
  `double elimination, ${players} players, ${reported} results, published to serve on loopback:`,
);
console.log(`  publish:                 ${(publishMs / 1000).toFixed(2)} s`);
console.log(`  re-run (nothing to send): ${(rerunMs / 1000).toFixed(2)} s`);
console.log(`  baseline, export from serve: ${(exportMs / 1000).toFixed(2)} s`);
console.log(`  publish / export: ${(publishMs / exportMs).toFixed(2)}`);
