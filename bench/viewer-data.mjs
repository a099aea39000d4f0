#!/usr/bin/env node
// The bracket viewer's reads on `tourney serve` (issue 18): the built binary's serve on a
// loopback port with a fresh database holding one started double elimination of --players
// (1,024 by default: 2,047 matches), then, --runs times each, one request at a time:
//   GET /tournaments/{t}/bracket                  the page (HTML)
//   GET /tournaments/{t}/bracket/data.json        every record the page draws (after the
//                                                 first, the text held for the generation),
//                                                 as it is and gzipped
//   GET /tournaments/{t}/bracket/data.json        with If-None-Match: 304, no body
//   GET /v2.1/tournaments/{t}/matches?per_page=1000   the API's page of matches, for scale
// Printed per request: median and worst milliseconds (fetch's own decompression
// included), and the bytes sent.
// Usage: npm run build && node bench/viewer-data.mjs [--players 1024] [--runs 20]
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { client, runBounded } from "./load-driver.mjs";
import { startedDoubleElimination, startServe } from "./serve-fixture.mjs";

const { values: args } = parseArgs({
  options: {
    players: { type: "string", default: "1024" },
    runs: { type: "string", default: "20" },
  },
});
const players = Number(args.players);
const runs = Number(args.runs);
if (!Number.isInteger(players) || players < 4) throw new Error("--players must be >= 4");
if (!Number.isInteger(runs) || runs < 1) throw new Error("--runs must be >= 1");

const tmp = mkdtempSync(join(tmpdir(), "tourney-bench-viewer-"));

async function time(url, headers, expected) {
  const samples = [];
  let size = 0;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const r = await fetch(url, { headers });
    const body = await r.arrayBuffer();
    samples.push(performance.now() - t0);
    if (r.status !== expected) throw new Error(`${url}: ${r.status}, expected ${expected}`);
    // Sent: the length on the wire (fetch hands out the body decompressed).
    size = Number(r.headers.get("content-length") ?? body.byteLength);
  }
  samples.sort((a, b) => a - b);
  return { median: samples[Math.floor(runs / 2)], worst: samples[runs - 1], size };
}

await runBounded(
  "viewer-data",
  async () => {
    const serve = await startServe(tmp);
    const c = client(serve.port, serve.key, 1);
    const { t } = await startedDoubleElimination(c, "Viewer bench", players);
    await c.close();
    const origin = `http://127.0.0.1:${serve.port}`;
    const data = `${origin}/tournaments/${t}/bracket/data.json`;
    const first = performance.now();
    const cold = await fetch(data);
    const json = await cold.json();
    const coldMs = performance.now() - first;
    const etag = cold.headers.get("etag");
    console.log(
      `double elimination of ${players}: ${json.matches.length} matches, ${json.participants.length} participants; first data.json ${coldMs.toFixed(1)} ms`,
    );
    const rows = [
      ["page", await time(`${origin}/tournaments/${t}/bracket`, {}, 200)],
      ["data.json", await time(data, { "accept-encoding": "identity" }, 200)],
      ["data.json gzip", await time(data, { "accept-encoding": "gzip" }, 200)],
      ["data.json 304", await time(data, { "if-none-match": etag }, 304)],
      [
        "API matches page",
        await time(
          `${origin}/v2.1/tournaments/${t}/matches?per_page=1000`,
          { authorization: serve.key },
          200,
        ),
      ],
    ];
    for (const [name, r] of rows)
      console.log(
        `${name.padEnd(18)} median ${r.median.toFixed(2)} ms  worst ${r.worst.toFixed(2)} ms  ${r.size} bytes`,
      );
  },
  tmp,
);
