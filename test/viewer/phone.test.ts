/**
 * Issue 28, items 3 to 5 of its list: the bracket on a phone stays readable
 * (text never below 12 px, sideways scrolling instead of shrinking, groups one
 * under the other, 44 px touch targets); the grand final sits right of the
 * winners final, connected to it and to the losers final, above the fold; a long
 * country never hides a name. Real Chromium on the built serve.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT } from "../helpers/binary.js";
import { HAVE_CHROMIUM, screenshotDir } from "../helpers/browser.js";
import { FORMATS } from "./fixtures.js";
import { DESKTOP, PHONE, type Session, smallestText, startSession } from "./session.js";

interface Rect {
  left: number;
  right: number;
  top: number;
  bottom: number;
  width: number;
  height: number;
}

const rectOf = (page: Page, selector: string) =>
  page.$eval(selector, (e) => e.getBoundingClientRect().toJSON() as Rect);

describe.runIf(BUILT && HAVE_CHROMIUM)(
  "the viewer on a phone and at 1280×800",
  { timeout: 60_000 },
  () => {
    let s: Session;
    beforeAll(async () => {
      s = await startSession();
    }, 180_000);
    afterAll(() => s?.close());

    for (const format of FORMATS)
      it(`${format} on a phone: text of 12 px or more, the page no wider than the phone`, async () => {
        const page = await s.open(s.formats[format].t, PHONE);
        const smallest = await smallestText(page);
        console.log(`phone ${format}: smallest text ${smallest.px} px ("${smallest.text}")`);
        expect(smallest.px).toBeGreaterThanOrEqual(12);
        const widths = await page.evaluate(() => ({
          page: document.documentElement.scrollWidth,
          body: document.body.scrollWidth,
        }));
        expect(widths.page).toBeLessThanOrEqual(PHONE.width);
        expect(widths.body).toBeLessThanOrEqual(PHONE.width);
        for (const b of await page.$$eval(".tv-toolbar button", (bs) =>
          bs.map((x) => x.getBoundingClientRect().toJSON() as Rect),
        )) {
          expect(b.width).toBeGreaterThanOrEqual(44);
          expect(b.height).toBeGreaterThanOrEqual(44);
        }
        for (const h of await page.$$eval(".tv-standings tbody tr", (rows) =>
          rows.map((r) => r.getBoundingClientRect().height),
        ))
          expect(h).toBeGreaterThanOrEqual(44);
        expect(s.errors).toEqual([]);
        await page.close();
      });

    it("a double elimination on a phone scrolls sideways at its own size", async () => {
      const page = await s.open(s.formats["double-elimination"].t, PHONE);
      const v = await page.evaluate(() => {
        const e = document.getElementById("tourney-viewer")!;
        const content = document.querySelector<HTMLElement>(".tv-content")!;
        return { scroll: e.scrollWidth, client: e.clientWidth, transform: content.style.transform };
      });
      expect(v.transform).toBe("scale(1)");
      expect(v.scroll).toBeGreaterThan(v.client);
      await page.close();
    });

    it("a two-stage tournament on a phone: the groups one under the other", async () => {
      const page = await s.open(s.formats.groups.t, PHONE);
      const groups = await page.$$eval(".tv-groups > .tv-section", (g) =>
        g.map((x) => x.getBoundingClientRect().toJSON() as Rect),
      );
      expect(groups).toHaveLength(4);
      for (let i = 1; i < groups.length; i++) {
        expect(groups[i]!.left).toBe(groups[0]!.left);
        expect(groups[i]!.top).toBeGreaterThanOrEqual(groups[i - 1]!.bottom);
      }
      await page.close();
    });

    it("the grand final and its reset: right of the winners final, level, connected, in view", async () => {
      const page = await s.open(s.formats["double-elimination"].t, DESKTOP);
      // The finals by bracket and round: each bracket's last round, the grand final and reset.
      const ids = await page.$$eval(".tv-match", (boxes) =>
        boxes.map((b) => ({ ...(b as HTMLElement).dataset })),
      );
      const last = (bracket: string) =>
        ids
          .filter((b) => b.bracket === bracket)
          .sort((a, b) => Math.abs(Number(b.round)) - Math.abs(Number(a.round)))[0]!.identifier!;
      const [G, M] = [last("winners"), last("losers")];
      const [N, O] = ids.filter((b) => b.bracket === "grand_final").map((b) => b.identifier!);
      const box = (id: string) => rectOf(page, `.tv-match[data-identifier="${id}"]`);
      const [wf, lf, gf, reset] = [await box(G), await box(M), await box(N!), await box(O!)];
      expect(gf.left).toBeGreaterThan(wf.right);
      expect(Math.abs(gf.top - wf.top)).toBeLessThan(2);
      expect(reset.left).toBeGreaterThan(gf.right);
      expect(Math.abs(reset.top - gf.top)).toBeLessThan(2);
      expect(gf.bottom).toBeLessThanOrEqual(DESKTOP.height);
      expect(gf.top).toBeLessThan(lf.top);
      // The lines (content pixels, from each box's style): one into the grand final from each
      // final, from its right side, and two on to the reset.
      const d = (await page.getAttribute(".tv-links path", "d")) ?? "";
      const segments = d.split("M").filter(Boolean);
      const x = (id: string) =>
        page.$eval(`.tv-match[data-identifier="${id}"]`, (e) =>
          parseFloat((e as HTMLElement).style.left),
        );
      const into = async (id: string) => {
        const left = await x(id);
        return segments
          .filter((seg) => seg.endsWith(`H${left}`))
          .map((seg) => Number(seg.split(" ")[0]));
      };
      expect((await into(N!)).sort((a, b) => a - b)).toEqual(
        [(await x(G)) + 220, (await x(M)) + 220].sort((a, b) => a - b),
      );
      expect(await into(O!)).toEqual([(await x(N!)) + 220, (await x(N!)) + 220]);
      await page.close();
    });

    it("screenshots for docs/: desktop and phone, light and dark, and print", async () => {
      const dir = screenshotDir();
      for (const format of ["double-elimination", "groups"] as const)
        for (const [device, size] of [
          ["desktop", DESKTOP],
          ["phone", PHONE],
        ] as const)
          for (const scheme of ["light", "dark"] as const) {
            const page = await s.open(s.formats[format].t, size, scheme);
            await page.screenshot({ path: `${dir}${format}-${device}-${scheme}.png` });
            if (device === "desktop" && scheme === "light") {
              await page.emulateMedia({ media: "print" });
              await page.screenshot({ path: `${dir}${format}-print.png`, fullPage: true });
            }
            await page.close();
          }
      expect(s.errors).toEqual([]);
    });

    it("a 31-character country never hides the name: the label yields", async () => {
      const de = s.formats["double-elimination"];
      const { page, frame } = await s.embed(de.t);
      const ada = de.ids.get("Ada")!;
      const country = "United Kingdom of Great Britain";
      expect(country).toHaveLength(31);
      await page.evaluate(
        ([id, c]) =>
          (
            window as unknown as { viewer: { loadIntegrationData(p: object): void } }
          ).viewer.loadIntegrationData({ [id as number]: { country: c } }),
        [ada, country] as const,
      );
      const slot = frame.locator(`.tv-match[data-identifier="A"] [data-participant="${ada}"]`);
      await expect.poll(() => slot.locator(".tv-country").count()).toBe(1);
      const seen = await slot.evaluate((row) => {
        const name = row.querySelector<HTMLElement>(".tv-name")!;
        const label = row.querySelector<HTMLElement>(".tv-country")!;
        return {
          name: name.getBoundingClientRect().width,
          nameFits: name.scrollWidth <= name.clientWidth,
          row: row.getBoundingClientRect().width,
          label: label.getBoundingClientRect().width,
        };
      });
      expect(seen.nameFits).toBe(true);
      expect(seen.name).toBeGreaterThan(seen.label);
      expect(seen.name).toBeGreaterThanOrEqual(seen.row * 0.3);
      await page.close();
    });
  },
);
