/**
 * A forfeit on the bracket page (an outside review): a player removed after the start forfeits
 * their match, which completes with a winner and no scores; the page said "complete", as for a
 * match played. Now its box reads "forfeit" and its accessible name "Cy won by forfeit". Real
 * Chromium on the built `tourney serve`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT, type Served, startServe } from "../helpers/binary.js";
import { type Browser, HAVE_CHROMIUM, launchChromium } from "../helpers/browser.js";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { createWith, ok, type Setup } from "../helpers/cli-tournament.js";

describe.runIf(BUILT && HAVE_CHROMIUM)(
  "a forfeit on the bracket page, in Chromium",
  { timeout: 60_000 },
  () => {
    let sb: Sandbox;
    let served: Served;
    let browser: Browser;
    let s: Setup;

    beforeAll(async () => {
      sb = createSandbox();
      s = await createWith(sb, ["--name", "Cup"], ["Ada", "Bo", "Cy", "Dee"]);
      ok(await sb.run(["tournament", "start", s.t]));
      ok(await sb.run(["match", "report", s.t, "A", "--scores", "3-1", "--winner", "Ada"]));
      ok(await sb.run(["participants", "delete", s.t, "Bo", "--yes"]));
      served = await startServe([], sb.env);
      browser = await launchChromium({ width: 1280, height: 800 });
    }, 120_000);
    afterAll(async () => {
      await browser?.close();
      if (served !== undefined) expect(await served.stop()).toBe(0);
      sb?.cleanup();
    });

    it("labels the forfeited match, not the played one", async () => {
      const page = await browser.context.newPage();
      await page.goto(`http://127.0.0.1:${served.port}/tournaments/${s.t}/bracket`);
      await page.waitForSelector("html[data-ready]", { timeout: 30_000 });
      const state = (id: string) =>
        page.textContent(`.tv-match[data-identifier="${id}"] .tv-state`);
      expect(await state("B")).toBe("forfeit");
      expect(await state("A")).toBe("complete");
      const name = await page.textContent(`.tv-match[data-identifier="B"] .tv-sr`);
      expect(name).toContain("Cy won by forfeit");
      await page.close();
    });
  },
);
