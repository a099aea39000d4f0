/**
 * The page fits itself to the window when it loads (docs/viewer.md: "a wide
 * bracket shrinks to the width"): on a desktop's width every format, a group
 * stage's standings included, is in view across, or drawn below scale 1 (shrunk
 * as far as the page goes by itself); a phone keeps its own size and scrolls
 * (issue 28; test/viewer/phone.test.ts). Real Chromium on the built serve.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT } from "../helpers/binary.js";
import { HAVE_CHROMIUM } from "../helpers/browser.js";
import { FORMATS } from "./fixtures.js";
import { PHONE, type Session, startSession } from "./session.js";

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
          expect(v.scroll <= v.client || v.scale < 1, JSON.stringify(v)).toBe(true);
          // Shrunk only as far as the width takes (the content then fills it) or to half
          // its size (the page's floor: the rest scrolls).
          if (v.scale < 1 && v.scale > 0.5) {
            expect(v.scroll).toBeLessThanOrEqual(v.client);
            expect(v.natural * v.scale).toBeGreaterThan(v.client * 0.99);
          }
          // Fit (the reader's button) then has nothing left to shrink.
          await page.click('.tv-toolbar button:text-is("Fit")');
          const after = await measure(page);
          expect(after.scale).toBeGreaterThanOrEqual(Math.min(1, v.scale) - 0.001);
          expect(s.errors).toEqual([]);
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
