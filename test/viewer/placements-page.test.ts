/**
 * The bracket page of a single elimination with placement matches (consolation rank 5): the
 * third-place match and each range of places in a titled part of its own, their slots naming
 * where their players come from until the quarter-finals are reported. Real Chromium on the
 * built `tourney serve`.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT } from "../helpers/binary.js";
import { betterSeed, EIGHT, reportOpen } from "../helpers/bracket-fixtures.js";
import { HAVE_CHROMIUM } from "../helpers/browser.js";
import { createWith, ok, type Setup } from "../helpers/cli-tournament.js";
import { type ServedBracket, serveBracket } from "../helpers/served-bracket.js";

const slotNames = (page: Page, identifier: string) =>
  page.$$eval(`.tv-match[data-identifier="${identifier}"] .tv-slot .tv-name`, (names) =>
    names.map((n) => n.textContent),
  );

describe.runIf(BUILT && HAVE_CHROMIUM)(
  "placement matches on the bracket page, in Chromium",
  { timeout: 60_000 },
  () => {
    let sv: ServedBracket;
    let s: Setup;

    beforeAll(async () => {
      sv = await serveBracket(async (sb) => {
        s = await createWith(
          sb,
          ["--name", "Autumn Cup", "--type", "single elimination", "--consolation-rank", "5"],
          EIGHT,
        );
        ok(await sb.run(["tournament", "start", s.t]));
      });
    }, 120_000);
    afterAll(() => sv?.close());

    const open = () => sv.open(s.t);

    it("shows each range of places in its part, the slots saying whose they are", async () => {
      const page = await open();
      const titles = await page.$$eval(".tv-part-title", (h) => h.map((e) => e.textContent));
      expect(titles).toEqual([
        "Third place match",
        "Places 5-8",
        "5th place match",
        "7th place match",
      ]);
      const placement = await page.$$eval('.tv-match[data-bracket="placement"]', (boxes) =>
        boxes.map((b) => (b as HTMLElement).dataset.identifier),
      );
      expect(placement.sort()).toEqual(["E", "F", "I", "J"]);
      expect(await slotNames(page, "E")).toEqual(["Loser of A", "Loser of B"]);
      expect(await slotNames(page, "J")).toEqual(["Winner of E", "Winner of F"]);
      expect(await slotNames(page, "I")).toEqual(["Loser of E", "Loser of F"]);
      await page.close();
    });

    // An outside review: the third-place part was headed twice, "Third place match" above a
    // "THIRD PLACE" round heading (and "Places 5-8" above "PLACES 5-8"). One heading a part,
    // as `tourney bracket` draws it; the match's accessible name still says where it is.
    it("heads each placement part once: its title, no round heading under it", async () => {
      const page = await open();
      const parts = await page.$$eval(".tv-part", (ps) =>
        ps.map((p) => ({
          title: p.querySelector(".tv-part-title")?.textContent ?? null,
          headings: [...p.querySelectorAll("h1, h2, h3, h4, h5, h6")].map((h) => h.textContent),
        })),
      );
      const placements = parts.filter((p) => p.title !== null);
      expect(placements.map((p) => p.headings)).toEqual([
        ["Third place match"],
        ["Places 5-8"],
        ["5th place match"],
        ["7th place match"],
      ]);
      // The tree keeps its round headings.
      expect(parts[0]!.headings).toEqual(["Round 1", "Semifinals", "Final"]);
      const third = await page.$$eval('.tv-match[data-bracket="third_place"] .tv-sr', (e) =>
        e.map((x) => x.textContent),
      );
      expect(third).toEqual([
        expect.stringMatching(/^Match [A-Z], Third place: Loser of [A-Z] versus Loser of [A-Z]; /),
      ]);
      // The boxes start at the part's top, right under its title: no room left for a heading.
      const gap = await page.$eval('.tv-match[data-bracket="third_place"]', (b) => {
        const part = b.closest(".tv-part")!;
        const title = part.querySelector(".tv-part-title")!.getBoundingClientRect();
        return b.getBoundingClientRect().top - title.bottom;
      });
      expect(gap).toBeLessThan(12);
      await page.close();
    });

    it("after the quarter-finals, their losers' names in the placement semi-finals", async () => {
      await reportOpen(sv.sb, s, betterSeed);
      const page = await open();
      expect(await slotNames(page, "E")).toEqual(["Hal", "Eli"]);
      expect(await slotNames(page, "F")).toEqual(["Gus", "Fay"]);
      await page.close();
    });
  },
);
