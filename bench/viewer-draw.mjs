#!/usr/bin/env node
// How long the bracket page takes to draw a large double elimination (issue 28; the test
// only checks that every match is drawn: tests never assert timings). The built binary's
// serve on a loopback port with a fresh database holding two started double eliminations,
// --players (1,024 by default: 2,046 matches drawn) and --baseline (64), then --runs
// times each, in headless Chromium (/usr/bin/chromium, or TOURNEY_CHROMIUM):
//   open /tournaments/{t}/bracket, wait for html[data-ready], read html[data-draw-ms]
//   (the page's own measure of its layout and drawing) and the time from goto to ready;
//   in the large page, JSON.parse of its data.json text, timed the same number of times.
// Printed: medians, and the large drawing as a ratio of the baseline's drawing and of
// the JSON.parse of its own data, both measured in this run on this machine.
// Usage: npm run build && node bench/viewer-draw.mjs [--players 1024] [--baseline 64] [--runs 5]
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import { client, runBounded } from "./load-driver.mjs";
import { startedDoubleElimination, startServe } from "./serve-fixture.mjs";

const { values: args } = parseArgs({
  options: {
    players: { type: "string", default: "1024" },
    baseline: { type: "string", default: "64" },
    runs: { type: "string", default: "5" },
  },
});
const players = Number(args.players);
const baseline = Number(args.baseline);
const runs = Number(args.runs);
for (const [name, n] of [
  ["--players", players],
  ["--baseline", baseline],
])
  if (!Number.isInteger(n) || n < 4) throw new Error(`${name} must be an integer >= 4`);
if (!Number.isInteger(runs) || runs < 1) throw new Error("--runs must be >= 1");

const tmp = mkdtempSync(join(tmpdir(), "tourney-bench-viewer-draw-"));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Opens the bracket page `runs` times: draw ms (the page's), goto-to-ready ms, boxes drawn. */
async function draws(browser, url) {
  const drawn = [];
  const ready = [];
  let boxes = 0;
  for (let i = 0; i < runs; i++) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const t0 = performance.now();
    await page.goto(url);
    await page.waitForSelector("html[data-ready]", { timeout: 120_000 });
    ready.push(performance.now() - t0);
    drawn.push(Number(await page.getAttribute("html", "data-draw-ms")));
    boxes = await page.locator(".tv-match").count();
    await page.close();
  }
  return { draw: median(drawn), ready: median(ready), boxes };
}

/** JSON.parse of the page's data.json text in the page, `runs` times: the median ms. */
async function parses(browser, url) {
  const page = await browser.newPage();
  await page.goto(url);
  await page.waitForSelector("html[data-ready]", { timeout: 120_000 });
  const ms = await page.evaluate(async (n) => {
    const text = await (await fetch(`${location.pathname}/data.json`)).text();
    const samples = [];
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      JSON.parse(text);
      samples.push(performance.now() - t0);
    }
    return samples;
  }, runs);
  await page.close();
  return median(ms);
}

await runBounded(
  "viewer-draw",
  async () => {
    const serve = await startServe(tmp);
    const c = client(serve.port, serve.key, 1);
    const big = await startedDoubleElimination(c, "Draw bench", players);
    const small = await startedDoubleElimination(c, "Draw baseline", baseline);
    await c.close();
    const page = (t) => `http://127.0.0.1:${serve.port}/tournaments/${t}/bracket`;
    const browser = await chromium.launch({
      executablePath: process.env.TOURNEY_CHROMIUM ?? "/usr/bin/chromium",
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"],
    });
    try {
      const base = await draws(browser, page(small.t));
      const large = await draws(browser, page(big.t));
      const parse = await parses(browser, page(big.t));
      const line = (name, r) =>
        `${name.padEnd(30)} ${String(r.boxes).padStart(5)} boxes  draw median ${r.draw} ms  goto-to-ready median ${r.ready.toFixed(0)} ms`;
      console.log(`${runs} runs each, headless Chromium`);
      console.log(line(`double elimination of ${baseline}`, base));
      console.log(line(`double elimination of ${players}`, large));
      console.log(`JSON.parse of the ${players}'s data.json: median ${parse.toFixed(2)} ms`);
      const ratio = (a, b) => (b > 0 ? (a / b).toFixed(1) : "n/a (baseline under 1 ms)");
      console.log(
        `draw ${players} / draw ${baseline}: ${ratio(large.draw, base.draw)}  (matches ${(large.boxes / base.boxes).toFixed(1)}x)`,
      );
      console.log(`draw ${players} / JSON.parse of its data: ${ratio(large.draw, parse)}`);
    } finally {
      await browser.close();
    }
  },
  tmp,
);
