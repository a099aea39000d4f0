/**
 * A free-for-all table sending two players on (an outside review): both are its winners on
 * the bracket page (green, ✓: docs/viewer.md), and the match's accessible name says both
 * advance. Before, only the first place was marked; the second, who also advanced, was grey
 * as the eliminated, and the name ended "P1 won". Real Chromium on the built `tourney serve`.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT, type Served, startServe } from "../helpers/binary.js";
import { type Browser, HAVE_CHROMIUM, launchChromium } from "../helpers/browser.js";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { createWith, ok, type Setup } from "../helpers/cli-tournament.js";

const TWELVE = Array.from({ length: 12 }, (_, i) => `P${i + 1}`);

/** Each slot of match `identifier`: its name and whether it is drawn as a winner or a loser. */
const slots = (page: Page, identifier: string) =>
  page.$$eval(`.tv-match[data-identifier="${identifier}"] .tv-slot`, (rows) =>
    rows.map((r) => [
      r.querySelector(".tv-name")?.textContent,
      r.classList.contains("tv-winner")
        ? "winner"
        : r.classList.contains("tv-loser")
          ? "loser"
          : "",
      getComputedStyle(r.querySelector(".tv-name")!, "::after").content,
    ]),
  );

const accessibleName = (page: Page, identifier: string) =>
  page.textContent(`.tv-match[data-identifier="${identifier}"] .tv-sr`);

describe.runIf(BUILT && HAVE_CHROMIUM)(
  "a free-for-all table's advancing players on the bracket page, in Chromium",
  { timeout: 60_000 },
  () => {
    let sb: Sandbox;
    let served: Served;
    let browser: Browser;
    let s: Setup;

    beforeAll(async () => {
      sb = createSandbox();
      s = await createWith(sb, ["--name", "Kart Heat", "--type", "free for all"], TWELVE);
      ok(await sb.run(["tournament", "start", s.t]));
      const report = ["--ranks", "P1=1,P6=2,P7=3,P12=4", "--advancing", "P1,P6"];
      ok(await sb.run(["match", "report", s.t, "A", ...report]));
      served = await startServe([], sb.env);
      browser = await launchChromium({ width: 1280, height: 800 });
    }, 120_000);
    afterAll(async () => {
      await browser?.close();
      if (served !== undefined) expect(await served.stop()).toBe(0);
      sb?.cleanup();
    });

    it("marks both advancing players as winners, and says both advance", async () => {
      const page = await browser.context.newPage();
      await page.goto(`http://127.0.0.1:${served.port}/tournaments/${s.t}/bracket`);
      await page.waitForSelector("html[data-ready]", { timeout: 30_000 });
      const drawn = await slots(page, "A");
      expect(drawn.map(([name, mark]) => [name, mark])).toEqual([
        ["P1", "winner"],
        ["P6", "winner"],
        ["P7", "loser"],
        ["P12", "loser"],
      ]);
      expect(drawn[1]![2]).toContain("✓");
      expect(drawn[2]![2]).not.toContain("✓");
      expect(await accessibleName(page, "A")).toMatch(/; P1 and P6 advance$/);
      await page.close();
    });
  },
);
