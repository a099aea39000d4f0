/**
 * Issue 28: the control interface at its limits, and a participant's path. Huge
 * coordinates clamp to the far edge; filterRounds past the last round is refused
 * (round_not_found) and the view kept; unknown --tv-* names are invalid_payload; a
 * burst of zooms gives at most one zoomChanged an animation frame; data.json is
 * fetched once on load; pointing at a player marks every match of theirs.
 */
import type { Frame, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT } from "../helpers/binary.js";
import { playAll, resetResults } from "../helpers/bracket-fixtures.js";
import { HAVE_CHROMIUM } from "../helpers/browser.js";
import type { Setup } from "../helpers/cli-tournament.js";
import { startViewerHost, type ViewerEvent, type ViewerHost } from "../helpers/viewer-host.js";

describe.runIf(BUILT && HAVE_CHROMIUM)(
  "the control interface's limits, in Chromium",
  { timeout: 60_000 },
  () => {
    let host: ViewerHost;
    let de: Setup;
    let page: Page;
    let frame: Frame;

    beforeAll(async () => {
      host = await startViewerHost({
        play: (sb, t) => playAll(sb, t, resetResults),
        viewport: { width: 1280, height: 800 },
      });
      ({ de, page, frame } = host);
    }, 120_000);
    afterAll(() => host?.close());

    const call = (method: string, ...args: unknown[]) => host.call(method, ...args);
    const events = () => host.events();
    const post = (message: object) => host.post(message);
    async function next(since: number, name: string): Promise<ViewerEvent> {
      await expect
        .poll(async () => (await events()).slice(since).some((e) => e.event === name))
        .toBe(true);
      return (await events()).slice(since).find((e) => e.event === name)!;
    }

    it("fetched data.json once on load", () => {
      expect(host.dataFetches).toHaveLength(1);
    });

    it("huge coordinates scroll to the far edge, not back to 0,0", async () => {
      await call("setZoomScale", 2);
      const n = (await events()).length;
      await call("scrollToCoordinates", 1e308, 1e308);
      const at = await frame.evaluate(() => {
        const v = document.getElementById("tourney-viewer")!;
        return {
          x: v.scrollLeft,
          y: v.scrollTop,
          maxX: v.scrollWidth - v.clientWidth,
          maxY: v.scrollHeight - v.clientHeight,
        };
      });
      expect(at.maxX).toBeGreaterThan(0);
      expect(Math.abs(at.x - at.maxX)).toBeLessThanOrEqual(1);
      expect(Math.abs(at.y - at.maxY)).toBeLessThanOrEqual(1);
      const scrolled = await next(n, "scrolled");
      expect(scrolled.x as number).toBeGreaterThan(0);
      await call("setZoomScale", 1);
    });

    it("filterRounds past the last round: round_not_found, the view kept", async () => {
      const before = await frame.locator(".tv-match").count();
      const n = (await events()).length;
      await post({ action: "filterRounds", from: 9, requestId: "far" });
      const error = await next(n, "error");
      expect(error).toMatchObject({ code: "round_not_found", requestId: "far" });
      expect(error.message).toMatch(/^no round 9: the last round is \d$/);
      expect(await frame.locator(".tv-match").count()).toBe(before);
      expect(await frame.locator(".tv-empty-note").count()).toBe(0);
    });

    it("an unknown --tv-* name is invalid_payload, and nothing is set", async () => {
      const n = (await events()).length;
      await post({ action: "loadTheme", properties: { "--tv-not-a-property": "red" } });
      expect(await next(n, "error")).toMatchObject({ code: "invalid_payload" });
      expect(
        await frame.evaluate(() => document.documentElement.getAttribute("style") ?? ""),
      ).not.toContain("--tv-not");
    });

    it("a burst of 2,000 zooms: at most one zoomChanged an animation frame, the last scale last", async () => {
      await frame.evaluate(() => {
        const w = window as unknown as { frames28: number };
        w.frames28 = 0;
        const tick = () => {
          w.frames28++;
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
      const n = (await events()).length;
      await page.evaluate(() => {
        const iframe = document.getElementById("bracket") as HTMLIFrameElement;
        for (let i = 0; i < 2000; i++)
          iframe.contentWindow!.postMessage(
            {
              tourney: "viewer",
              version: "1.0",
              action: "setZoomScale",
              scale: i % 2 === 0 ? 1.5 : 2,
            },
            "*",
          );
      });
      await expect
        .poll(() =>
          frame.evaluate(
            () => (document.querySelector(".tv-content") as HTMLElement).style.transform,
          ),
        )
        .toBe("scale(2)");
      await expect
        .poll(
          async () =>
            (await events())
              .slice(n)
              .filter((e) => e.event === "zoomChanged")
              .at(-1)?.scale,
        )
        .toBe(2);
      const zooms = (await events()).slice(n).filter((e) => e.event === "zoomChanged").length;
      const frames = await frame.evaluate(
        () => (window as unknown as { frames28: number }).frames28,
      );
      console.log(
        `limits: 2,000 setZoomScale messages gave ${zooms} zoomChanged events in ${frames} animation frames`,
      );
      expect(zooms).toBeGreaterThanOrEqual(1);
      expect(zooms).toBeLessThanOrEqual(frames);
      expect(zooms).toBeLessThan(100);
    });

    it("pointing at a player marks their path: every match they played", async () => {
      await call("setZoomScale", 1);
      const ada = String(de.ids.get("Ada"));
      await frame.hover(`.tv-match[data-identifier="A"] [data-participant="${ada}"]`);
      const marked = await frame.$$eval(".tv-match.tv-path-match", (b) =>
        b.map((x) => (x as HTMLElement).dataset.identifier),
      );
      const played = await frame.$$eval(`.tv-match:has([data-participant="${ada}"])`, (b) =>
        b.map((x) => (x as HTMLElement).dataset.identifier),
      );
      expect(played.length).toBeGreaterThanOrEqual(3);
      expect(marked.sort()).toEqual(played.sort());
      await frame.focus('.tv-match[data-identifier="A"]');
      expect(await frame.getAttribute(".tv-content", "data-path")).toContain(ada);
    });
  },
);
