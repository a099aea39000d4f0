/**
 * Issue 28: the viewer by WCAG 2.1 AA, in Chromium. axe-core (node_modules/axe-core)
 * runs in the page on every format, light and dark: no serious or critical
 * violation (contrast of 4.5:1 among them). Headings in order, match buttons
 * named with round, players, scores and winner, the status in an aria-live
 * region with the live updates' note as text, zoom from the keyboard.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT } from "../helpers/binary.js";
import { HAVE_CHROMIUM } from "../helpers/browser.js";
import { FORMATS } from "./fixtures.js";
import { DESKTOP, type Session, startSession } from "./session.js";

const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** axe-core's violations of WCAG 2.0/2.1 A and AA in the page (evaluated: the page's CSP holds). */
async function axeViolations(page: Page): Promise<Violation[]> {
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<any> } }).axe;
    // axe's own rule set (its experimental rules left out, as axe does by default), the
    // violations of WCAG 2.0 and 2.1 A and AA kept.
    const result = await axe.run(document, { resultTypes: ["violations"] });
    const wcag = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
    return result.violations
      .filter((v: { tags: string[] }) => v.tags.some((t) => wcag.includes(t)))
      .map((v: Violation) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes
          .slice(0, 3)
          .map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
      }));
  });
}

describe.runIf(BUILT && HAVE_CHROMIUM)(
  "the viewer's accessibility, in Chromium",
  { timeout: 60_000 },
  () => {
    let s: Session;
    beforeAll(async () => {
      s = await startSession();
    }, 180_000);
    afterAll(() => s?.close());

    for (const format of FORMATS)
      for (const scheme of ["light", "dark"] as const)
        it(`${format}, ${scheme}: no serious or critical axe-core violation`, async () => {
          const page = await s.browser.context.newPage();
          await page.emulateMedia({ colorScheme: scheme });
          await page.setViewportSize(DESKTOP);
          await page.goto(
            `http://127.0.0.1:${s.served.port}/tournaments/${s.formats[format].t}/bracket`,
          );
          await page.waitForSelector("html[data-ready]");
          expect(await page.getAttribute("html", "data-theme")).toBe(scheme);
          const violations = await axeViolations(page);
          const grave = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
          expect(grave, JSON.stringify(grave, null, 1)).toEqual([]);
          await page.close();
        });

    it("headings in order: page, stage, bracket, round; a round's matches follow its heading", async () => {
      for (const format of ["double-elimination", "groups"] as const) {
        const page = await s.open(s.formats[format].t);
        const levels = await page.$$eval("h1, h2, h3, h4, h5, h6", (hs) =>
          hs.map((h) => Number(h.tagName.slice(1))),
        );
        expect(levels[0]).toBe(1);
        for (let i = 1; i < levels.length; i++)
          expect(levels[i]! - levels[i - 1]!, `${format} heading ${i}`).toBeLessThanOrEqual(1);
        if (format === "double-elimination") {
          const order = await page.$$eval("h2, h3, .tv-match", (es) =>
            es.map((e) =>
              e.tagName === "DIV" ? (e as HTMLElement).dataset.identifier : e.textContent,
            ),
          );
          expect(order.slice(0, 7)).toEqual([
            "Winners bracket",
            "Round 1",
            "A",
            "B",
            "C",
            "D",
            "Round 2",
          ]);
          expect(order.filter((x) => /bracket$|^Grand final$/.test(x ?? ""))).toEqual([
            "Winners bracket",
            "Losers bracket",
            "Grand final",
            "Grand final",
          ]);
        }
        await page.close();
      }
    });

    it("names a match button with its round, players, scores and winner", async () => {
      const page = await s.open(s.formats["double-elimination"].t);
      // The accessible name as Chromium computes it (the drawing itself is aria-hidden).
      const named = (p: typeof page, name: string | RegExp) =>
        p.getByRole("button", { name, exact: true }).count();
      const a = "Match A, Winners bracket, Round 1: Ada 11 11 versus Hal 4 6; Ada won";
      expect(await named(page, a)).toBe(1);
      const open = await s.open(s.formats["round-robin"].t);
      expect(await named(open, /^Match [A-Z]+, Round \d: \w+ versus \w+; underway$/)).toBe(1);
      await page.close();
      await open.close();
    });

    it("isolates each name's text: a right-to-left override in a name moves nothing around it", async () => {
      const evil = "Evil\u202eRTL";
      const run = async (args: string[]) => expect((await s.sb.run(args)).code).toBe(0);
      await run(["tournament", "create", "--name", "Bidi", "--type", "single elimination"]);
      await run(["participants", "bulk-add", "bidi", evil, "Bo", "Cy", "Di"]);
      await run(["tournament", "start", "bidi"]);
      await run(["match", "report", "bidi", "A", "--winner", "#1", "--scores", "3-1"]);
      const page = await s.open("bidi");
      // The name in a <bdi> of its own; the winner's " ✓" (the span's ::after) outside it.
      const winner = page.locator(".tv-winner .tv-name").first();
      expect(await winner.locator("bdi").textContent()).toBe(evil);
      expect(await winner.textContent()).toBe(evil);
      const after = await winner.evaluate((span) => getComputedStyle(span, "::after").content);
      expect(after).toBe('" ✓"');
      await page.close();
    });

    it("the status is an aria-live region, and its live updates' note is text in it", async () => {
      const page = await s.open(s.formats.swiss.t);
      const status = page.locator(".tv-status");
      expect(await status.getAttribute("aria-live")).toBe("polite");
      expect(await status.getAttribute("role")).toBe("status");
      await expect.poll(() => status.textContent()).toMatch(/matches complete$/);
      // No generated content: what the status says is in the DOM, where screen readers read it
      // (the live updates' notes too: test/viewer/load.test.ts reads them there).
      const after = await status.evaluate((e) => getComputedStyle(e, "::after").content);
      expect(after).toBe("none");
      await page.close();
    });

    it("zooms from the keyboard: + and − by a step, 0 back to the page's own size", async () => {
      const page = await s.open(s.formats["single-elimination"].t);
      const scale = () =>
        page.$eval(".tv-content", (e) =>
          Number(/scale\(([\d.]+)\)/.exec((e as HTMLElement).style.transform)![1]),
        );
      const natural = await scale();
      await page.focus("#tourney-viewer");
      await page.keyboard.press("+");
      expect(await scale()).toBeCloseTo(natural * 1.25, 3);
      await page.keyboard.press("-");
      await page.keyboard.press("-");
      expect(await scale()).toBeCloseTo(natural / 1.25, 3);
      await page.keyboard.press("0");
      expect(await scale()).toBe(natural);
      await page.close();
    });
  },
);
