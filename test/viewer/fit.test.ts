/**
 * The page fits itself to the window when it loads (docs/viewer.md: "a wide
 * bracket shrinks to the width"): on a desktop's width every format, a group
 * stage's standings included, is in view across, or drawn below scale 1 (shrunk
 * as far as the page goes by itself); a phone keeps its own size and scrolls
 * (issue 28; test/viewer/phone.test.ts). Shrunk by itself, its smallest text stays
 * at 10 px or more (src/viewer/browser/viewport.ts MIN_FIT; it was half the size, labels at
 * 6 px). Real Chromium on the built serve.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT } from "../helpers/binary.js";
import { HAVE_CHROMIUM } from "../helpers/browser.js";
import { FORMATS, largeDoubleElimination } from "./fixtures.js";
import { PHONE, type Session, smallestText, startSession } from "./session.js";

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
];

describe.runIf(BUILT && HAVE_CHROMIUM)(
  "the viewer fits itself on load",
  { timeout: 60_000 },
  () => {
    let s: Session;
    beforeAll(async () => {
      s = await startSession();
    }, 180_000);
    afterAll(() => s?.close());

    /** The viewport's widths and the content's scale, as the page left them after load. */
    const measure = (page: Awaited<ReturnType<Session["open"]>>) =>
      page.evaluate(() => {
        const e = document.getElementById("tourney-viewer")!;
        const content = document.querySelector<HTMLElement>(".tv-content")!;
        return {
          scroll: e.scrollWidth,
          client: e.clientWidth,
          scale: Number(/scale\(([\d.]+)\)/.exec(content.style.transform)![1]),
          natural: content.offsetWidth,
        };
      });

    for (const size of WIDTHS)
      for (const format of FORMATS)
        it(`${format} at ${size.width}x${size.height}: the whole width in view`, async () => {
          const page = await s.open(s.formats[format].t, size);
          const v = await measure(page);
          console.log(`fit ${format} ${size.width}: ${v.natural} px wide at scale ${v.scale}`);
          // In view across, or shrunk as far as the page goes by itself (its floor, 10/12).
          expect(v.scroll <= v.client || v.scale < 10 / 12 + 0.001, JSON.stringify(v)).toBe(true);
          // Shrunk only as far as the width takes (the content then fills it) or until its
          // smallest text is 10 px (the page's floor: the rest scrolls).
          expect((await smallestText(page)).px).toBeGreaterThanOrEqual(10 - 0.01);
          if (v.scale < 1 && v.scale > 10 / 12 + 0.001) {
            expect(v.scroll).toBeLessThanOrEqual(v.client);
            expect(v.natural * v.scale).toBeGreaterThan(v.client * 0.99);
          }
          // Fit (the reader's button) then has nothing left to shrink, unless the page
          // stopped at its floor: then Fit brings the whole width in view.
          await page.click('.tv-toolbar button:text-is("Fit")');
          const after = await measure(page);
          if (v.scroll <= v.client)
            expect(after.scale).toBeGreaterThanOrEqual(Math.min(1, v.scale) - 0.001);
          else expect(after.scroll).toBeLessThanOrEqual(after.client);
          expect(s.errors).toEqual([]);
          await page.close();
        });

    it("a 64-player double elimination on a laptop: shrunk to its floor, text at 10 px, the rest scrolls", async () => {
      const big = await largeDoubleElimination(s.sb, 64);
      const page = await s.open(big.t, WIDTHS[0]);
      const v = await measure(page);
      const smallest = await smallestText(page);
      console.log(
        `fit 64 DE 1280: ${v.natural} px wide at scale ${v.scale}, smallest ${smallest.px} px`,
      );
      // Wider than the window even at the floor: it stops there and scrolls sideways.
      expect(v.natural * (10 / 12)).toBeGreaterThan(v.client);
      expect(v.scale).toBeCloseTo(10 / 12, 2);
      expect(v.scroll).toBeGreaterThan(v.client);
      expect(smallest.px).toBeGreaterThanOrEqual(10 - 0.01);
      // The reader's Fit still shows the whole width.
      await page.click('.tv-toolbar button:text-is("Fit")');
      expect((await measure(page)).scroll).toBeLessThanOrEqual(v.client);
      await page.close();
    });

    it("a group stage on a phone keeps its own size and scrolls (issue 28)", async () => {
      const page = await s.open(s.formats.groups.t, PHONE);
      const v = await measure(page);
      expect(v.scale).toBe(1);
      await page.close();
    });
  },
);
