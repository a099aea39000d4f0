/**
 * The bracket page patches what a change changed (an outside review: each event redrew the
 * whole page; a 500-player round robin's report showed after 177 s). A MutationObserver in the
 * page counts what leaves it: a report in a 64-player single elimination replaces the reported
 * match's box and the box its winner goes to, nothing else (before: the whole page, 63 boxes);
 * a round robin's report its box and the standings rows that changed, the table staying; a
 * reset, which changes what there is to draw, the whole page. A report's box shows from its
 * event before data.json is fetched again (106 MB for a 500-player round robin). Real Chromium on the built
 * `tourney serve`, the changes made by the CLI on serve's database file while the page is open.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT } from "../helpers/binary.js";
import { HAVE_CHROMIUM } from "../helpers/browser.js";
import { createWith, ok, type Setup } from "../helpers/cli-tournament.js";
import { type ServedBracket, serveBracket } from "../helpers/served-bracket.js";

const names = (n: number) =>
  Array.from({ length: n }, (_, i) => `P${String(i + 1).padStart(2, "0")}`);

/** Counts what leaves the bracket from now on: elements, match boxes, standings tables. */
async function countRemovals(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { removed: Record<string, number> };
    w.removed = { elements: 0, matches: 0, tables: 0, rows: 0 };
    const count = (n: Element, selector: string) =>
      (n.matches(selector) ? 1 : 0) + n.querySelectorAll(selector).length;
    new MutationObserver((records) => {
      for (const r of records)
        for (const n of r.removedNodes) {
          if (!(n instanceof Element)) continue;
          w.removed.elements! += count(n, "*");
          w.removed.matches! += count(n, ".tv-match");
          w.removed.tables! += count(n, ".tv-standings");
          w.removed.rows! += count(n, ".tv-standings tbody tr, tr[data-participant]");
        }
    }).observe(document.getElementById("tourney-viewer")!, { childList: true, subtree: true });
  });
}

const removed = (page: Page) =>
  page.evaluate(() => (window as unknown as { removed: Record<string, number> }).removed);

describe.runIf(BUILT && HAVE_CHROMIUM)(
  "the bracket page patches what changed, in Chromium",
  { timeout: 120_000 },
  () => {
    let sv: ServedBracket;
    let se: Setup;
    let rr: Setup;

    beforeAll(async () => {
      sv = await serveBracket(async (sb) => {
        se = await createWith(sb, ["--name", "Cup 64"], names(64));
        ok(await sb.run(["tournament", "start", se.t]));
        rr = await createWith(sb, ["--name", "Club", "--type", "round robin"], names(6));
        ok(await sb.run(["tournament", "start", rr.t]));
      });
    }, 180_000);
    afterAll(async () => {
      expect(sv?.errors ?? []).toEqual([]);
      await sv?.close();
    });

    it("a report replaces its match's box and the next one's, nothing else", async () => {
      const page = await sv.open(se.t);
      const total = await page.locator(".tv-match").count();
      expect(total).toBe(63);
      await countRemovals(page);
      const report = ["match", "report", se.t, "A", "--scores", "2-0", "--winner", "#1"];
      ok(await sv.sb.run(report));
      const winner = se.ids.get("P01")!;
      await page.waitForSelector(`.tv-match[data-identifier="A"].tv-complete`);
      // The winner's name in their round-2 match: the box it feeds was made again too.
      await page.waitForSelector(
        `.tv-match[data-round="2"] .tv-slot[data-participant="${winner}"]`,
      );
      const r = await removed(page);
      expect(r.matches).toBe(2);
      expect(r.elements).toBeLessThan(50);
      expect(await page.locator(".tv-match").count()).toBe(63);
      expect(await page.getAttribute("html", "data-drawn")).toBe("patched");
      await page.close();
    });

    it("a round robin's report: its box and the standings rows that changed; the table stays", async () => {
      const page = await sv.open(rr.t);
      await page.evaluate(() => {
        (document.querySelector(".tv-standings") as HTMLElement).dataset.kept = "yes";
      });
      await countRemovals(page);
      const box = page.locator(".tv-match").first();
      const first = await box.getAttribute("data-match-id");
      const winner = await box.locator(".tv-slot").first().getAttribute("data-participant");
      const report = [
        "match",
        "report",
        rr.t,
        first!,
        "--scores",
        "2-1",
        "--winner",
        `id:${winner}`,
      ];
      ok(await sv.sb.run(report));
      await page.waitForSelector(`.tv-match[data-match-id="${first}"].tv-complete`);
      await page.waitForSelector(
        `.tv-standings tr[data-participant="${winner}"] td:text-is("1-0-0")`,
      );
      const r = await removed(page);
      expect(r.matches).toBe(1);
      expect(r.tables).toBe(0);
      expect(r.rows).toBeGreaterThan(0);
      expect(r.rows).toBeLessThanOrEqual(6);
      expect(await page.getAttribute(".tv-standings", "data-kept")).toBe("yes");
      await page.close();
    });

    it("a report shows from its event while the data is still being fetched", async () => {
      const page = await sv.open(se.t);
      // data.json held from now on: what shows comes from the event stream alone.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route("**/data.json*", async (route) => {
        await held;
        await route.continue();
      });
      const winner = await page.getAttribute(
        `.tv-match[data-identifier="B"] .tv-slot`,
        "data-participant",
      );
      const report = ["match", "report", se.t, "B", "--scores", "2-1", "--winner", `id:${winner}`];
      ok(await sv.sb.run(report));
      await page.waitForSelector(`.tv-match[data-identifier="B"].tv-complete`);
      expect(await page.getAttribute("html", "data-drawn")).toBe("event");
      const score = `.tv-match[data-identifier="B"] .tv-slot.tv-winner .tv-score`;
      expect(await page.textContent(score)).toBe("2");
      // The data, once fetched, brings what the event did not say: the winner's next match.
      release();
      await page.waitForSelector(
        `.tv-match[data-round="2"] .tv-slot[data-participant="${winner}"]`,
      );
      await page.close();
    });

    it("a reset changes the structure: the page is drawn whole again", async () => {
      const page = await sv.open(se.t);
      await countRemovals(page);
      ok(await sv.sb.run(["tournament", "reset", se.t, "--yes"]));
      await page.waitForSelector(".tv-empty-note");
      expect(await page.getAttribute("html", "data-drawn")).toBe("whole");
      expect((await removed(page)).matches).toBe(63);
      await page.close();
    });
  },
);
