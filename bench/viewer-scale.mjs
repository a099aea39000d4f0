#!/usr/bin/env node
// The bracket page on large tournaments (an outside review: a 500-player round robin's page was
// ready after 70 s and a report showed after 177 s; an 8,192-player single elimination's after
// 11 s and 10 s). For each binary (this checkout's bin/tourney, then with --against DIR that
// checkout's DIR/bin/tourney, e.g. /work/start20), on a fresh database of its own:
// `tourney serve` on a loopback port, a started round robin of --rr players (500: 124,750
// matches) and single elimination of --se players (8,192), both set up over HTTP; then in
// headless Chromium (/usr/bin/chromium, or TOURNEY_CHROMIUM), a 1920x1080 window:
//   first render: page.goto to html[data-ready] (the first data drawn), and the elements then;
//   report to display: the owner's PUT of a winner on an open match the page shows (the round
//   robin's first box, the elimination's match A), from the request sent to the box marked
//   complete on the page (the event, data.json fetched again, drawn).
// --rr 0 or --se 0 leaves that tournament out (a shorter run on a loaded machine).
// A wait past --limit seconds (600) is printed as "> limit". One run each: the machine's load
// average is printed with the figures, which mean little on a loaded machine.
// Usage: npm run build && node bench/viewer-scale.mjs [--rr 500] [--se 8192] [--against /work/start20]
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import { children, client } from "./load-driver.mjs";
import { addPlayers, bin, create, expectOk, startRequest, startServe } from "./serve-fixture.mjs";

const { values: args } = parseArgs({
  options: {
    rr: { type: "string", default: "500" },
    se: { type: "string", default: "8192" },
    against: { type: "string" },
    limit: { type: "string", default: "600" },
  },
});
const limitMs = Number(args.limit) * 1000;

/** A started tournament of `type` and `players`; its id. */
async function started(c, name, type, players) {
  const t = await create(c, name, type);
  await addPlayers(c, t, players);
  await expectOk(c.send(startRequest(t)), `start ${t}`);
  return t;
}

/** The match (id, players) of the box `selector` on the page. */
async function shownMatch(page, selector) {
  return page.$eval(selector, (box) => ({
    id: box.dataset.matchId,
    players: [...box.querySelectorAll(".tv-slot")].map((s) => s.dataset.participant),
  }));
}

function reportWinner(t, m) {
  const match = [
    { participant_id: m.players[0], score_set: "2", advancing: true },
    { participant_id: m.players[1], score_set: "0", advancing: false },
  ];
  const body = { data: { type: "Match", attributes: { match } } };
  return { method: "PUT", path: `/tournaments/${t}/matches/${m.id}.json`, body };
}

const seconds = (ms) => (ms === null ? `> ${args.limit} s` : `${(ms / 1000).toFixed(1)} s`);

/** Waits for `selector`; the ms it took from `t0`, or null past the limit. */
async function timed(page, selector, t0) {
  try {
    await page.waitForSelector(selector, { timeout: limitMs, state: "attached" });
    return performance.now() - t0;
  } catch {
    return null;
  }
}

async function measure(browser, base, c, t, box) {
  const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
  const t0 = performance.now();
  await page.goto(`${base}/tournaments/${t}/bracket`, { timeout: limitMs });
  const first = await timed(page, "html[data-ready]", t0);
  if (first === null) return { first, report: null, elements: "?" };
  const elements = await page.evaluate(() => document.getElementsByTagName("*").length);
  const m = await shownMatch(page, box);
  const t1 = performance.now();
  await expectOk(c.send(reportWinner(t, m)), "report");
  const report = await timed(page, `.tv-match[data-match-id="${m.id}"].tv-complete`, t1);
  await page.close();
  return { first, report, elements };
}

async function run(label, binary) {
  const dir = mkdtempSync(join(tmpdir(), "tourney-bench-viewer-scale-"));
  const serve = await startServe(dir, {}, binary);
  const c = client(serve.port, serve.key, 1);
  const s0 = performance.now();
  const cases = [];
  for (const [players, type, box] of [
    [args.rr, "round robin", ".tv-match"],
    [args.se, "single elimination", '.tv-match[data-identifier="A"]'],
  ])
    if (Number(players) > 0)
      cases.push([`${type} of ${players}`, await started(c, type, type, Number(players)), box]);
  console.error(`${label}: set up in ${seconds(performance.now() - s0)}`);
  const base = `http://127.0.0.1:${serve.port}`;
  const browser = await chromium.launch({
    executablePath: process.env.TOURNEY_CHROMIUM ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"],
  });
  try {
    for (const [name, t, box] of cases) {
      const r = await measure(browser, base, c, t, box);
      console.log(
        `${label.padEnd(8)} ${name.padEnd(30)} first render ${seconds(r.first).padStart(9)}` +
          `  (${r.elements} elements)  report to display ${seconds(r.report).padStart(9)}`,
      );
    }
  } finally {
    await browser.close();
    await c.close();
    serve.child.kill("SIGTERM");
    await new Promise((done) => serve.child.once("close", done));
    rmSync(dir, { recursive: true, force: true });
  }
}

const watchdog = setTimeout(() => {
  console.error("bench/viewer-scale: gave up after 60 minutes");
  for (const child of children) child.kill("SIGKILL");
  process.exit(1);
}, 60 * 60_000);
watchdog.unref();
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")} (${new Date().toISOString()})`,
);
await run("now", bin);
if (args.against !== undefined) await run("against", join(args.against, "bin", "tourney"));
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")} at the end`,
);
