/**
 * Large tournaments' first load stays usable (an outside review: a 500-player round robin's page
 * was ready after 70 s, 1.87 M elements; an 8,192-player single elimination's after 11 s). A
 * round robin of more than 300 matches is drawn a round at a time beside its standings: its
 * current round (the first not complete), a list and previous/next buttons for any other
 * (before: every match at once, 435 here). An elimination bracket of more than 2,048 matches
 * makes its boxes as they come near the window: a few hundred at first, more when scrolled to,
 * every one before printing. Real Chromium on the built `tourney serve`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT } from "../helpers/binary.js";
import { HAVE_CHROMIUM } from "../helpers/browser.js";
import { createWith, matchesJson, ok, type Setup } from "../helpers/cli-tournament.js";
import { type ServedBracket, serveBracket } from "../helpers/served-bracket.js";

const names = (n: number) =>
  Array.from({ length: n }, (_, i) => `P${String(i + 1).padStart(4, "0")}`);

describe.runIf(BUILT && HAVE_CHROMIUM)(
  "large tournaments' bracket pages, in Chromium",
  { timeout: 180_000 },
  () => {
    let sv: ServedBracket;
    let rr: Setup;
    let se: Setup;

    beforeAll(async () => {
      sv = await serveBracket(async (sb) => {
        // 30 players: 435 matches, 29 rounds of 15; round 1 played.
        rr = await createWith(sb, ["--name", "League", "--type", "round robin"], names(30));
        ok(await sb.run(["tournament", "start", rr.t]));
        for (const m of (await matchesJson(sb, rr.t, "open")).filter((x) => x.round === 1)) {
          const report = ["--winner", String(m.player1_id), "--scores", "2-0"];
          ok(await sb.run(["match", "report", rr.t, String(m.id), ...report]));
        }
        se = await createWith(sb, ["--name", "Open 4096"], names(4096));
        ok(await sb.run(["tournament", "start", se.t]));
      });
    }, 300_000);
    afterAll(async () => {
      expect(sv?.errors ?? []).toEqual([]);
      await sv?.close();
    });

    it("a round robin of 435 matches shows its current round beside every standing", async () => {
      const page = await sv.open(rr.t);
      expect(await page.locator(".tv-match").count()).toBe(15);
      expect(await page.locator('.tv-match[data-round="2"]').count()).toBe(15);
      expect(await page.locator(".tv-standings tbody tr").count()).toBe(30);
      expect(await page.locator(".tv-picker-round option").count()).toBe(29);
      expect(await page.inputValue(".tv-picker-round")).toBe("2");
      // Any round on demand: from the list, then the next one.
      await page.selectOption(".tv-picker-round", "17");
      await page.waitForSelector('.tv-match[data-round="17"]');
      expect(await page.locator(".tv-match").count()).toBe(15);
      await page.click('.tv-picker button[aria-label="Next round"]');
      await page.waitForSelector('.tv-match[data-round="18"]');
      expect(await page.locator(".tv-match").count()).toBe(15);
      // Live: a report in the round shown shows (patched: the round picked stays).
      const id = await page.locator(".tv-match").first().getAttribute("data-match-id");
      const winner = await page
        .locator(".tv-match")
        .first()
        .locator(".tv-slot")
        .first()
        .getAttribute("data-participant");
      ok(
        await sv.sb.run([
          "match",
          "report",
          rr.t,
          id!,
          "--winner",
          `id:${winner}`,
          "--scores",
          "2-1",
        ]),
      );
      await page.waitForSelector(`.tv-match[data-match-id="${id}"].tv-complete`);
      expect(await page.inputValue(".tv-picker-round")).toBe("18");
      await page.close();
    });

    it("a 4,096-player single elimination makes its boxes as they come into view", async () => {
      const page = await sv.open(se.t);
      const first = await page.locator(".tv-match").count();
      expect(first).toBeGreaterThan(0);
      expect(first).toBeLessThan(1000);
      // Every round's heading is there, and the first match.
      expect(await page.locator(".tv-round").count()).toBe(12);
      expect(await page.locator('.tv-match[data-identifier="A"]').count()).toBe(1);
      // Scrolled to the bottom: the last matches of round 1 are made.
      await page.evaluate(() => {
        const v = document.getElementById("tourney-viewer")!;
        v.scrollTop = v.scrollHeight;
      });
      await page.waitForFunction((n) => document.querySelectorAll(".tv-match").length > n, first);
      const lowest = await page.$$eval(".tv-match", (boxes) =>
        Math.max(...boxes.map((b) => Number.parseFloat(b.style.top))),
      );
      const height = await page.$eval(".tv-area", (a) => Number.parseFloat(a.style.height));
      expect(lowest).toBeGreaterThan(height - 200);
      // Printing draws every box.
      await page.evaluate(() => window.dispatchEvent(new Event("beforeprint")));
      expect(await page.locator(".tv-match").count()).toBe(4095);
      await page.close();
    });
  },
);
