/**
 * A long name in the bracket page's standings table (an outside review): on a phone (390 px)
 * the table widened past the screen with the name, so W-L-T and Pts were off to the right.
 * Now the name is cut with an ellipsis, as a match box's is, and the whole name is its title
 * (a tooltip, and what a long press shows). Real Chromium on the built `tourney serve`.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT, type Served, startServe } from "../helpers/binary.js";
import { type Browser, HAVE_CHROMIUM, launchChromium } from "../helpers/browser.js";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { createWith, ok, type Setup } from "../helpers/cli-tournament.js";
import { DESKTOP, PHONE } from "./session.js";

const LONG = "Bartholomew Featherstonehaugh-Cholmondeley of Upper Slaughter";

/** The standings table's box, and the long name's cell: its text, title and whether it is cut. */
const seen = (page: Page) =>
  page.$eval(
    ".tv-standings",
    (table, long) => {
      const row = [...table.querySelectorAll("tbody tr")].find((r) =>
        r.textContent?.includes(long),
      )!;
      const name = row.querySelector<HTMLElement>(".tv-name")!;
      const cells = [...row.querySelectorAll("td")].map((c) => c.getBoundingClientRect().right);
      return {
        table: table.getBoundingClientRect().toJSON() as { left: number; right: number },
        lastCell: Math.max(...cells),
        text: name.textContent,
        title: name.title,
        cut: name.scrollWidth > name.clientWidth,
        overflow: getComputedStyle(name).textOverflow,
        height: row.getBoundingClientRect().height,
      };
    },
    LONG,
  );

describe.runIf(BUILT && HAVE_CHROMIUM)(
  "a long name in the page's standings table, in Chromium",
  { timeout: 60_000 },
  () => {
    let sb: Sandbox;
    let served: Served;
    let browser: Browser;
    let s: Setup;

    beforeAll(async () => {
      sb = createSandbox();
      s = await createWith(
        sb,
        ["--name", "Club Night", "--type", "round robin"],
        [LONG, "Ada", "Bob", "Cy"],
      );
      ok(await sb.run(["tournament", "start", s.t]));
      served = await startServe([], sb.env);
      browser = await launchChromium(DESKTOP);
    }, 120_000);
    afterAll(async () => {
      await browser?.close();
      if (served !== undefined) expect(await served.stop()).toBe(0);
      sb?.cleanup();
    });

    const open = async (size: { width: number; height: number }) => {
      const page = await browser.context.newPage();
      await page.setViewportSize(size);
      await page.goto(`http://127.0.0.1:${served.port}/tournaments/${s.t}/bracket`);
      await page.waitForSelector("html[data-ready]", { timeout: 30_000 });
      return page;
    };

    it("on a phone: the table fits the screen, the name cut with an ellipsis, whole in its title", async () => {
      const page = await open(PHONE);
      const v = await seen(page);
      console.log(`phone: standings table ${v.table.left}-${v.table.right} px`);
      expect(v.table.left).toBeGreaterThanOrEqual(0);
      expect(v.table.right).toBeLessThanOrEqual(PHONE.width);
      expect(v.lastCell).toBeLessThanOrEqual(PHONE.width);
      expect(v.text).toBe(LONG);
      expect(v.title).toBe(LONG);
      expect(v.cut).toBe(true);
      expect(v.overflow).toBe("ellipsis");
      // One line: the name is cut, not wrapped.
      expect(v.height).toBeLessThan(60);
      await page.close();
    });

    it("at 1280 px: the name is cut the same way, whole in its title", async () => {
      const page = await open(DESKTOP);
      const v = await seen(page);
      expect(v.title).toBe(LONG);
      expect(v.cut).toBe(true);
      expect(v.overflow).toBe("ellipsis");
      await page.close();
    });
  },
);
