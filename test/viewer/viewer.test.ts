/**
 * The bracket viewer (issue 18) in a real headless Chromium, through the real
 * `tourney serve` (built binary) over a database the CLI wrote: every format
 * drawn (screenshots saved to docs/screenshots/), the 8-player double
 * elimination's boxes, names and winners, a report by the CLI in another
 * process shown live, a phone's width, and every match of 1,024 players drawn.
 */
import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT, runBinary, type Served, startServe } from "../helpers/binary.js";
import { doubleEliminationEight } from "../helpers/bracket-fixtures.js";
import { type Browser, HAVE_CHROMIUM, launchChromium, screenshotDir } from "../helpers/browser.js";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { createWith, matchesJson, ok, type Setup } from "../helpers/cli-tournament.js";
import { FORMATS, type Format, largeDoubleElimination, setUpFormats } from "./fixtures.js";

const SCREENSHOTS = screenshotDir();

interface Drawn {
  readonly identifier: string;
  readonly names: string[];
  readonly winner: string | null;
  readonly state: string;
}

/** Every match box of the page: identifier, names, the winner's name. */
function drawnMatches(page: Page): Promise<Drawn[]> {
  return page.$$eval(".tv-match", (boxes) =>
    boxes.map((b) => ({
      identifier: (b as HTMLElement).dataset.identifier ?? "",
      names: [...b.querySelectorAll(".tv-slot .tv-name")].map((n) => n.textContent ?? ""),
      winner: b.querySelector(".tv-winner .tv-name")?.textContent ?? null,
      state: b.querySelector(".tv-state")?.textContent ?? "",
    })),
  );
}

describe.runIf(BUILT && HAVE_CHROMIUM)(
  "bracket viewer, in Chromium, on tourney serve",
  { timeout: 90_000 },
  () => {
    let sb: Sandbox;
    let served: Served;
    let browser: Browser;
    let formats: Record<Format, Setup>;
    const errors: string[] = [];

    beforeAll(async () => {
      sb = createSandbox();
      formats = await setUpFormats(sb);
      served = await startServe([], sb.env);
      browser = await launchChromium();
      mkdirSync(SCREENSHOTS, { recursive: true });
    }, 180_000);
    afterAll(async () => {
      await browser?.close();
      if (served !== undefined) expect(await served.stop()).toBe(0);
      sb?.cleanup();
    });

    const pageUrl = (t: string) => `http://127.0.0.1:${served.port}/tournaments/${t}/bracket`;

    async function open(t: string, viewport?: { width: number; height: number }): Promise<Page> {
      const page = await browser.context.newPage();
      if (viewport !== undefined) await page.setViewportSize(viewport);
      page.on("pageerror", (e) => errors.push(`${t}: ${e.message}`));
      await page.goto(pageUrl(t));
      await page.waitForSelector("html[data-ready]", { timeout: 30_000 });
      return page;
    }

    it("draws the 8-player double elimination: 15 boxes, the right names and winners", async () => {
      const de = formats["double-elimination"];
      const page = await open(de.t);
      const drawn = await drawnMatches(page);
      expect(drawn).toHaveLength(15);
      const names = new Map([...de.ids].map(([name, id]) => [id, name]));
      const expected = await matchesJson(sb, de.t);
      for (const m of expected) {
        const box = drawn.find((d) => d.identifier === m.identifier);
        expect(box, m.identifier).toBeDefined();
        expect(box!.names).toEqual([names.get(m.player1_id), names.get(m.player2_id)]);
        expect(box!.winner).toBe(names.get(m.winner_id));
      }
      // Round 1 by seed: Ada (1) beats Hal (8); Bea wins the grand final and its reset.
      expect(drawn.find((d) => d.identifier === "A")).toMatchObject({
        names: ["Ada", "Hal"],
        winner: "Ada",
      });
      const finals = await page.$$eval(".tv-part-matches .tv-part-title", (t) =>
        t.map((e) => e.textContent),
      );
      expect(finals).toEqual(["Winners bracket", "Losers bracket", "Grand final"]);
      expect(drawn.filter((d) => d.winner === "Bea").length).toBeGreaterThanOrEqual(2);
      await page.close();
    });

    for (const format of FORMATS) {
      it(`draws ${format} (screenshot docs/screenshots/${format}.png)`, async () => {
        const s = formats[format];
        const page = await open(s.t);
        const expected = await matchesJson(sb, s.t);
        const drawn = await drawnMatches(page);
        expect(drawn.map((d) => d.identifier).sort()).toEqual(
          expected.map((m: { identifier: string }) => m.identifier).sort(),
        );
        // Every name of a started tournament is on the page somewhere.
        const text = await page.textContent("#tourney-viewer");
        for (const name of s.ids.keys()) expect(text).toContain(name);
        if (["round-robin", "swiss", "groups", "free-for-all"].includes(format))
          expect(await page.locator(".tv-standings").count()).toBeGreaterThan(0);
        await page.screenshot({ path: `${SCREENSHOTS}${format}.png` });
        expect(errors).toEqual([]);
        await page.close();
      });
    }

    it("marks open, underway and complete matches, and the station of one", async () => {
      const page = await open(formats["round-robin"].t);
      expect(await page.locator(".tv-match.tv-underway").count()).toBe(1);
      await expect
        .poll(() => page.textContent(".tv-match.tv-underway .tv-station"))
        .toBe("Table 1");
      expect(await page.locator(".tv-match.tv-open").count()).toBeGreaterThan(1);
      expect(await page.locator(".tv-match.tv-complete").count()).toBe(3);
      await page.close();
    });

    it("shows a report made by the CLI in another process, without a reload", async () => {
      const live = await doubleEliminationEight(sb);
      const page = await open(live.t);
      await page.evaluate(() => {
        (window as unknown as { marker: boolean }).marker = true;
      });
      const [a] = (await matchesJson(sb, live.t, "open")).filter(
        (m: { identifier: string }) => m.identifier === "A",
      );
      const winner = String(a.player1_id);
      const r = await runBinary(
        ["match", "report", live.t, "A", "--winner", winner, "--scores", "2-0"],
        sb.env,
      );
      expect(r.code, r.stderr).toBe(0);
      const reported = Date.now();
      await page.waitForSelector('.tv-match[data-identifier="A"] .tv-winner', { timeout: 10_000 });
      const latency = Date.now() - reported;
      console.log(`viewer: a CLI report showed on the page ${latency} ms after the CLI exited`);
      const box = (await drawnMatches(page)).find((d) => d.identifier === "A");
      expect(box?.winner).toBe("Ada");
      // The same page, not a reload.
      expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(
        true,
      );
      await page.close();
    });

    it("opens a private tournament only with its share link, and stays live through it", async () => {
      const s = await createWith(
        sb,
        ["--name", "Secret Cup", "--private"],
        ["Ada", "Bea", "Cyd", "Dot"],
      );
      ok(await sb.run(["tournament", "start", s.t]));
      const link = ok(await sb.run(["bracket", s.t, "--share", "--json"])).json();
      const bare = await browser.context.newPage();
      expect((await bare.goto(pageUrl(s.t)))?.status()).toBe(404);
      await bare.close();
      const page = await browser.context.newPage();
      await page.goto(`http://127.0.0.1:${served.port}${link.page_path}`);
      await page.waitForSelector("html[data-ready]", { timeout: 30_000 });
      expect(await page.locator(".tv-match").count()).toBe(3);
      const ada = String(s.ids.get("Ada"));
      const r = await runBinary(
        ["match", "report", s.t, "A", "--winner", ada, "--scores", "2-0"],
        sb.env,
      );
      expect(r.code, r.stderr).toBe(0);
      await page.waitForSelector('.tv-match[data-identifier="A"] .tv-winner', { timeout: 10_000 });
      expect(await page.textContent('.tv-match[data-identifier="A"] .tv-winner .tv-name')).toBe(
        "Ada",
      );
      await page.close();
    });

    it("on a phone's width: no page-wide horizontal scroll, the bracket scrolls sideways at its size", async () => {
      const page = await open(formats["double-elimination"].t, { width: 390, height: 844 });
      const fit = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        viewport: document.getElementById("tourney-viewer")!.clientWidth,
        scrolls: document.getElementById("tourney-viewer")!.scrollWidth,
      }));
      expect(fit.page).toBeLessThanOrEqual(390);
      expect(fit.scrolls).toBeGreaterThan(fit.viewport);
      await page.screenshot({ path: `${SCREENSHOTS}phone.png` });
      await page.close();
    });

    // How long it takes is bench/viewer-draw.mjs's to measure (tests assert no timings).
    it("draws every match of a 1,024-player double elimination", async () => {
      const big = await largeDoubleElimination(sb, 1024);
      const page = await browser.context.newPage();
      await page.goto(pageUrl(big.t));
      await page.waitForSelector("html[data-ready]", { timeout: 60_000 });
      const drawn = await page.$$eval(".tv-match", (boxes) =>
        boxes.map((b) => (b as HTMLElement).dataset.matchId),
      );
      const active = (await matchesJson(sb, big.t)).map((m) => String(m.id));
      expect(active).toHaveLength(2046);
      expect(drawn.sort()).toEqual(active.sort());
      await page.close();
    }, 120_000);

    it("answers 404 for a tournament that does not exist", async () => {
      const page = await browser.context.newPage();
      const response = await page.goto(pageUrl("no_such_cup"));
      expect(response?.status()).toBe(404);
      await page.close();
    });
  },
);
