/**
 * The bracket page of a swiss stage with an odd field and of a free for all with a bye (an
 * outside review): the player sitting a round out is in the standings, at the rank
 * `tournament standings` gives, and their round shows the bye. Before, the standings listed
 * only the players of the matches (Eve, ranked 1st on the bye's point, missing; the table
 * began at rank 2) and no round showed a bye. Real Chromium on the built `tourney serve`.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT, type Served, startServe } from "../helpers/binary.js";
import { type Browser, HAVE_CHROMIUM, launchChromium } from "../helpers/browser.js";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { createWith, ok, type Setup } from "../helpers/cli-tournament.js";

const standings = (page: Page) =>
  page.$$eval(".tv-standings tbody tr", (rows) =>
    rows.map((r) => [
      r.querySelector(".tv-rank")?.textContent ?? "",
      r.querySelector(".tv-name")?.textContent ?? "",
    ]),
  );

/** Each bye box: its round, the name drawn and the accessible text. */
const byes = (page: Page) =>
  page.$$eval(".tv-bye", (boxes) =>
    boxes.map((b) => [
      (b as HTMLElement).dataset.round,
      b.querySelector(".tv-slot .tv-name")?.textContent,
      b.querySelector(".tv-sr")?.textContent,
    ]),
  );

describe.runIf(BUILT && HAVE_CHROMIUM)(
  "byes on the bracket page, in Chromium",
  { timeout: 60_000 },
  () => {
    let sb: Sandbox;
    let served: Served;
    let browser: Browser;
    let swiss: Setup;
    let trio: Setup;

    beforeAll(async () => {
      sb = createSandbox();
      swiss = await createWith(
        sb,
        ["--name", "Swiss Five", "--type", "swiss"],
        ["Ann", "Bob", "Cat", "Dan", "Eve"],
      );
      ok(await sb.run(["tournament", "start", swiss.t]));
      trio = await createWith(
        sb,
        ["--name", "Trio", "--type", "free for all", "--max-participants", "2"],
        ["Ada", "Bea", "Cyd"],
      );
      ok(await sb.run(["tournament", "start", trio.t]));
      ok(
        await sb.run([
          "match",
          "report",
          trio.t,
          "A",
          "--ranks",
          "Cyd=1,Bea=2",
          "--advancing",
          "Cyd",
        ]),
      );
      served = await startServe([], sb.env);
      browser = await launchChromium({ width: 1280, height: 800 });
    }, 120_000);
    afterAll(async () => {
      await browser?.close();
      if (served !== undefined) expect(await served.stop()).toBe(0);
      sb?.cleanup();
    });

    const open = async (t: string) => {
      const page = await browser.context.newPage();
      await page.goto(`http://127.0.0.1:${served.port}/tournaments/${t}/bracket`);
      await page.waitForSelector("html[data-ready]", { timeout: 30_000 });
      return page;
    };

    it("swiss of 5: every player at the service's rank, Eve's bye in round 1", async () => {
      const page = await open(swiss.t);
      const rows = ok(await sb.run(["tournament", "standings", swiss.t, "--json"])).json();
      expect(await standings(page)).toEqual(
        rows.map((r: { rank: number; name: string }) => [String(r.rank), r.name]),
      );
      expect((await standings(page))[0]).toEqual(["1", "Eve"]);
      expect(await byes(page)).toEqual([["1", "Eve", "Eve: bye in Round 1"]]);
      await page.close();
    });

    it("free for all: Ada's round 1 bye, once round 2 is drawn", async () => {
      const page = await open(trio.t);
      expect(await byes(page)).toEqual([["1", "Ada", "Ada: bye in Round 1"]]);
      await page.close();
    });
  },
);
