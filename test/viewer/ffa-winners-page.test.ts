/**
 * A free-for-all table sending two players on, on the bracket page. An outside review found
 * the second, who also advanced, grey as the eliminated; it was then marked a winner (green,
 * ✓) while the page's standings beside it gave them 0-1-0. The standings' rule
 * (docs/tournaments.md: first place alone a win, a shared first place a tie, any other place
 * a loss; advancing is not a win) now marks the page too: the first place alone is the
 * winner (✓), another advancing player is marked as advancing (→), neither grey nor a win,
 * and the match's accessible name says both advance. Real Chromium on the built `tourney serve`.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT } from "../helpers/binary.js";
import { HAVE_CHROMIUM } from "../helpers/browser.js";
import { createWith, ok, type Setup } from "../helpers/cli-tournament.js";
import { type ServedBracket, serveBracket } from "../helpers/served-bracket.js";

const TWELVE = Array.from({ length: 12 }, (_, i) => `P${i + 1}`);

/** Each slot of match `identifier`: its name, how it is drawn (winner, advancing, loser), its mark. */
const slots = (page: Page, identifier: string) =>
  page.$$eval(`.tv-match[data-identifier="${identifier}"] .tv-slot`, (rows) =>
    rows.map((r) => [
      r.querySelector(".tv-name")?.textContent,
      ["winner", "advancing", "loser"].find((mark) => r.classList.contains(`tv-${mark}`)) ?? "",
      getComputedStyle(r.querySelector(".tv-name")!, "::after").content,
    ]),
  );

const accessibleName = (page: Page, identifier: string) =>
  page.textContent(`.tv-match[data-identifier="${identifier}"] .tv-sr`);

describe.runIf(BUILT && HAVE_CHROMIUM)(
  "a free-for-all table's advancing players on the bracket page, in Chromium",
  { timeout: 60_000 },
  () => {
    let sv: ServedBracket;
    let s: Setup;

    beforeAll(async () => {
      sv = await serveBracket(async (sb) => {
        s = await createWith(sb, ["--name", "Kart Heat", "--type", "free for all"], TWELVE);
        ok(await sb.run(["tournament", "start", s.t]));
        const report = ["--ranks", "P1=1,P6=2,P7=3,P12=4", "--advancing", "P1,P6"];
        ok(await sb.run(["match", "report", s.t, "A", ...report]));
        // A shared first place: a tie for both, in the standings and on the page.
        const shared = ["--ranks", "P2=1,P5=1,P8=3,P11=4", "--advancing", "P2,P5"];
        ok(await sb.run(["match", "report", s.t, "B", ...shared]));
      });
    }, 120_000);
    afterAll(() => sv?.close());

    it("marks the lone first place the winner, the other advancing player as advancing", async () => {
      const page = await sv.open(s.t);
      const drawn = await slots(page, "A");
      expect(drawn.map(([name, mark]) => [name, mark])).toEqual([
        ["P1", "winner"],
        ["P6", "advancing"],
        ["P7", "loser"],
        ["P12", "loser"],
      ]);
      expect(drawn[0]![2]).toContain("✓");
      expect(drawn[1]![2]).toContain("→");
      expect(drawn[1]![2]).not.toContain("✓");
      expect(drawn[2]![2]).not.toContain("✓");
      // Both first places shared: both advance, neither won.
      expect((await slots(page, "B")).map(([name, mark]) => [name, mark])).toEqual([
        ["P2", "advancing"],
        ["P5", "advancing"],
        ["P8", "loser"],
        ["P11", "loser"],
      ]);
      expect(await accessibleName(page, "A")).toMatch(/; P1 won; P1 and P6 advance$/);
      expect(await accessibleName(page, "B")).toMatch(
        /; P2 and P5 share first place; P2 and P5 advance$/,
      );
      // The page's standings say the same: a win for P1 alone, a loss for P6, ties in B.
      const records = await page.$$eval(".tv-standings tbody tr", (rows) =>
        Object.fromEntries(
          rows.map((r) => [
            r.querySelector(".tv-name")!.textContent,
            r.querySelectorAll(".tv-num")[0]!.textContent,
          ]),
        ),
      );
      expect(records).toMatchObject({
        P1: "1-0-0",
        P6: "0-1-0",
        P2: "0-0-1",
        P5: "0-0-1",
        P7: "0-1-0",
      });
      // Each winner drawn has a win in the standings; each advancing player drawn without one.
      const winners = await page.$$eval(".tv-slot.tv-winner .tv-name", (n) =>
        n.map((x) => x.textContent!),
      );
      for (const name of winners) expect(records[name]).toMatch(/^[1-9]/);
      await page.close();
    });
  },
);
