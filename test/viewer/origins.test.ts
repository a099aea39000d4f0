/**
 * Issue 28: a slot still to be decided says whose it is, as brackets-viewer.js does
 * ("Loser of A" in the losers bracket, "Winner of A" in the winners'), drawn in the
 * box and in the match button's accessible name; once the match feeding it is reported
 * (by the CLI in another process, shown live), the slot shows the player's name.
 * Real Chromium on the built `tourney serve`.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT, runBinary, type Served, startServe } from "../helpers/binary.js";
import { doubleEliminationEight } from "../helpers/bracket-fixtures.js";
import { type Browser, HAVE_CHROMIUM, launchChromium } from "../helpers/browser.js";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import type { Setup } from "../helpers/cli-tournament.js";

/** The names drawn in match `identifier`'s slots. */
const slotNames = (page: Page, identifier: string) =>
  page.$$eval(`.tv-match[data-identifier="${identifier}"] .tv-slot .tv-name`, (names) =>
    names.map((n) => n.textContent),
  );

describe.runIf(BUILT && HAVE_CHROMIUM)(
  "pending slots name their origin, in Chromium",
  { timeout: 60_000 },
  () => {
    let sb: Sandbox;
    let served: Served;
    let browser: Browser;
    let de: Setup;
    let page: Page;

    beforeAll(async () => {
      sb = createSandbox();
      de = await doubleEliminationEight(sb);
      served = await startServe([], sb.env);
      browser = await launchChromium({ width: 1280, height: 800 });
      page = await browser.context.newPage();
      await page.goto(`http://127.0.0.1:${served.port}/tournaments/${de.t}/bracket`);
      await page.waitForSelector("html[data-ready]", { timeout: 30_000 });
    }, 120_000);
    afterAll(async () => {
      await browser?.close();
      if (served !== undefined) expect(await served.stop()).toBe(0);
      sb?.cleanup();
    });

    it("before any report: the losers bracket's first round reads Loser of A .. D", async () => {
      const losers = await page.$$eval('.tv-match[data-bracket="losers"]', (boxes) =>
        boxes
          .filter((b) => (b as HTMLElement).dataset.round === "-1")
          .map((b) => (b as HTMLElement).dataset.identifier!),
      );
      expect(losers).toEqual(["E", "F"]);
      expect(await slotNames(page, "E")).toEqual(["Loser of A", "Loser of B"]);
      expect(await slotNames(page, "F")).toEqual(["Loser of C", "Loser of D"]);
      expect(await slotNames(page, "G")).toEqual(["Winner of A", "Winner of B"]);
      // In the DOM as text, and in the button's accessible name.
      const e = page.getByRole("button", { name: /^Match E, .*: Loser of A versus Loser of B; / });
      await expect.poll(() => e.count()).toBe(1);
      const g = page.getByRole("button", {
        name: /^Match G, .*: Winner of A versus Winner of B; /,
      });
      await expect.poll(() => g.count()).toBe(1);
    });

    it("after A is reported: E's first slot shows its loser, the second still Loser of B", async () => {
      const ada = String(de.ids.get("Ada"));
      const r = await runBinary(
        ["match", "report", de.t, "A", "--winner", ada, "--scores", "2-0"],
        sb.env,
      );
      expect(r.code, r.stderr).toBe(0);
      await expect
        .poll(() => slotNames(page, "E"), { timeout: 10_000 })
        .toEqual(["Hal", "Loser of B"]);
      expect(await slotNames(page, "G")).toEqual(["Ada", "Winner of B"]);
      const e = page.getByRole("button", { name: /^Match E, .*: Hal versus Loser of B; / });
      await expect.poll(() => e.count()).toBe(1);
    });
  },
);
