/**
 * Issue 28: the bracket on paper. Each format printed to PDF by Chromium
 * (page.pdf, landscape A4 and Letter): as many pages as the stages and bracket
 * drawings that start one, each drawing within a page's printable area, so every
 * match is on a page; black on white, no toolbar. The page count is read from
 * the PDF itself (its /Type /Page objects); where each match lands, from the
 * print layout Chromium lays out (emulated print media).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT } from "../helpers/binary.js";
import { HAVE_CHROMIUM } from "../helpers/browser.js";
import { FORMATS } from "./fixtures.js";
import { type Session, startSession } from "./session.js";

/** Printable area of a landscape page (render.ts's PRINT_PAGE), in CSS pixels. */
const PAGE = { width: 975, height: 660 };

/** The pages of a PDF: its page objects (`/Type /Page`, not `/Pages`). */
function pdfPages(pdf: Buffer): number {
  return pdf.toString("latin1").match(/\/Type\s*\/Page(?![a-z])/g)?.length ?? 0;
}

describe.runIf(BUILT && HAVE_CHROMIUM)(
  "the viewer printed, in Chromium",
  { timeout: 60_000 },
  () => {
    let s: Session;
    beforeAll(async () => {
      s = await startSession();
    }, 180_000);
    afterAll(() => s?.close());

    for (const format of FORMATS)
      it(`${format}: landscape A4 and Letter, a page per stage and drawing, every match on one`, async () => {
        const page = await s.open(s.formats[format].t);
        const matches = await page.locator(".tv-match").count();
        await page.emulateMedia({ media: "print" });
        const laid = await page.evaluate(() => {
          const css = (e: Element) => getComputedStyle(e);
          const areas = [...document.querySelectorAll(".tv-area, .tv-standings")].map((a) => {
            const r = a.getBoundingClientRect();
            return { width: r.width, height: r.height };
          });
          const boxes = [...document.querySelectorAll<HTMLElement>(".tv-match")].map((b) => {
            const r = b.getBoundingClientRect();
            const area = b.closest(".tv-area")!.getBoundingClientRect();
            return {
              // The layout's sizes are the boxes' insides: their 1 px borders stand out.
              inside:
                r.width > 0 &&
                r.left >= area.left - 3 &&
                r.right <= area.right + 3 &&
                r.top >= area.top - 3 &&
                r.bottom <= area.bottom + 3,
              color: css(b.querySelector(".tv-name")!).color,
              background: css(b).backgroundColor,
            };
          });
          const breaks = [...document.querySelectorAll(".tv-section, .tv-part")].filter(
            (e) => css(e).breakBefore === "page",
          ).length;
          const toolbar = css(document.querySelector(".tv-toolbar")!).display;
          return { areas, boxes, breaks, toolbar, body: css(document.body).backgroundColor };
        });
        expect(laid.toolbar).toBe("none");
        expect(laid.body).toBe("rgb(255, 255, 255)");
        expect(laid.boxes).toHaveLength(matches);
        for (const b of laid.boxes) {
          expect(b.inside).toBe(true);
          expect(b.color).toBe("rgb(0, 0, 0)");
          expect(b.background).toBe("rgb(255, 255, 255)");
        }
        for (const a of laid.areas) {
          expect(a.width).toBeLessThanOrEqual(PAGE.width + 1);
          expect(a.height).toBeLessThanOrEqual(PAGE.height + 1);
        }
        const expected = 1 + laid.breaks;
        const counts: number[] = [];
        for (const paper of ["A4", "Letter"] as const) {
          const pdf = await page.pdf({ format: paper, landscape: true, printBackground: true });
          counts.push(pdfPages(pdf));
        }
        console.log(
          `print ${format}: ${matches} matches, ${counts[0]} pages on A4, ${counts[1]} on Letter (landscape)`,
        );
        expect(counts).toEqual([expected, expected]);
        expect(s.errors).toEqual([]);
        await page.close();
      });
  },
);
