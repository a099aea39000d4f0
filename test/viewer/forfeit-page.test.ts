/**
 * A forfeit on the bracket page (an outside review): a player removed after the start forfeits
 * their match, which completes with a winner and no scores; the page said "complete", as for a
 * match played. Now its box reads "forfeit" and its accessible name "Cy won by forfeit". Real
 * Chromium on the built `tourney serve`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT } from "../helpers/binary.js";
import { HAVE_CHROMIUM } from "../helpers/browser.js";
import { createWith, ok, type Setup } from "../helpers/cli-tournament.js";
import { type ServedBracket, serveBracket } from "../helpers/served-bracket.js";

describe.runIf(BUILT && HAVE_CHROMIUM)(
  "a forfeit on the bracket page, in Chromium",
  { timeout: 60_000 },
  () => {
    let sv: ServedBracket;
    let s: Setup;

    beforeAll(async () => {
      sv = await serveBracket(async (sb) => {
        s = await createWith(sb, ["--name", "Cup"], ["Ada", "Bo", "Cy", "Dee"]);
        ok(await sb.run(["tournament", "start", s.t]));
        ok(await sb.run(["match", "report", s.t, "A", "--scores", "3-1", "--winner", "Ada"]));
        ok(await sb.run(["participants", "delete", s.t, "Bo", "--yes"]));
      });
    }, 120_000);
    afterAll(() => sv?.close());

    it("labels the forfeited match, not the played one", async () => {
      const page = await sv.open(s.t);
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
