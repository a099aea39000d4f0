/**
 * The viewer's control interface v1.0 (issue 18, docs/viewer-control.md) in a
 * real headless Chromium: the host page is serve's own /viewer/example.html,
 * which embeds the bracket in an iframe and steers it through embed.js
 * (`window.viewer`), logging every event in `window.viewerEvents`. Each action
 * has an effect seen in the iframe; clicks and reports are broadcast; bad
 * messages are answered with `error` events, never an exception in the page.
 */
import type { Frame, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT, runBinary, type Served } from "../helpers/binary.js";
import { reportOpen, resetResults } from "../helpers/bracket-fixtures.js";
import { HAVE_CHROMIUM } from "../helpers/browser.js";
import type { Sandbox } from "../helpers/cli.js";
import { matchesJson, type Setup } from "../helpers/cli-tournament.js";
import {
  type Host,
  startViewerHost,
  type ViewerEvent,
  type ViewerHost,
} from "../helpers/viewer-host.js";

describe.runIf(BUILT && HAVE_CHROMIUM)(
  "viewer control interface v1.0, in Chromium",
  { timeout: 90_000 },
  () => {
    let host: ViewerHost;
    let sb: Sandbox;
    let served: Served;
    let de: Setup;
    let page: Page;
    let frame: Frame;

    /** Calls a method of the host's TourneyViewer wrapper. */
    const call = (method: string, ...args: unknown[]) => host.call(method, ...args);

    /** Waits for an event (after `since` events) matching `fields`; answers it. */
    async function waitEvent(since: number, event: string, fields: Record<string, unknown> = {}) {
      const handle = await page.waitForFunction(
        ([from, name, want]) =>
          (window as unknown as Host).viewerEvents
            .slice(from as number)
            .find(
              (e) =>
                e.event === name &&
                Object.entries(want as object).every(
                  ([k, v]) => JSON.stringify(e[k]) === JSON.stringify(v),
                ),
            ),
        [since, event, fields] as const,
        { timeout: 15_000 },
      );
      return (await handle.jsonValue()) as ViewerEvent;
    }

    const eventCount = async () => (await host.events()).length;

    /** Posts a raw message to the viewer, as a host page could. */
    const postRaw = (message: unknown) => host.postRaw(message);

    beforeAll(async () => {
      host = await startViewerHost({
        play: async (s, t) => {
          await reportOpen(s, t, resetResults);
        },
      });
      ({ sb, served, de, page, frame } = host);
    }, 180_000);
    afterAll(() => host?.close());

    const transform = () =>
      frame.evaluate(() => (document.querySelector(".tv-content") as HTMLElement).style.transform);

    it("says ready, with every action", async () => {
      const ready = await waitEvent(0, "ready");
      expect(ready).toMatchObject({ tourney: "viewer", version: "1.0", matches: 14 });
      expect(ready.actions).toHaveLength(10);
      expect(await frame.locator(".tv-match").count()).toBe(14);
    });

    it("a wrapper attached after ready gets ready (getStatus) and its actions run", async () => {
      const since = await eventCount();
      const late = await page.evaluate(async () => {
        const iframe = document.getElementById("bracket") as HTMLIFrameElement;
        const w = window as unknown as {
          TourneyViewer: { attach(f: HTMLIFrameElement): Record<string, never> };
        };
        const viewer = w.TourneyViewer.attach(iframe) as unknown as {
          ready: Promise<{ matches: number }>;
          setZoomScale(scale: number): void;
          detach(): void;
        };
        viewer.setZoomScale(1.25);
        const ready = await viewer.ready;
        viewer.detach();
        return ready.matches;
      });
      expect(late).toBe(14);
      // The queued action went once ready came back: the first wrapper hears its zoom.
      await waitEvent(since, "zoomChanged", { scale: 1.25 });
    });

    it("zoomToMatchIdentifier: the match in the viewport at the scale asked", async () => {
      const n = await eventCount();
      await call("zoomToMatchIdentifier", "C", 2);
      await waitEvent(n, "zoomChanged", { scale: 2 });
      expect(await transform()).toBe("scale(2)");
      const seen = await frame.evaluate(() => {
        const box = document
          .querySelector('.tv-match[data-identifier="C"]')!
          .getBoundingClientRect();
        const view = document.getElementById("tourney-viewer")!.getBoundingClientRect();
        return { box: box.toJSON(), view: view.toJSON() };
      });
      expect(seen.box.left).toBeGreaterThanOrEqual(seen.view.left);
      expect(seen.box.right).toBeLessThanOrEqual(seen.view.right);
      expect(seen.box.top).toBeGreaterThanOrEqual(seen.view.top);
      expect(seen.box.bottom).toBeLessThanOrEqual(seen.view.bottom);
      // 220 px wide (and a 1 px border each side) at scale 2.
      expect(Math.round(seen.box.width)).toBe(444);
    });

    it("scrollToMatchIdentifier: the match in the viewport, the zoom kept", async () => {
      const z = await eventCount();
      await call("setZoomScale", 3);
      // Heard before the next test counts its events, so it cannot be taken for that one's.
      await waitEvent(z, "zoomChanged", { scale: 3 });
      await call("scrollToMatchIdentifier", "M");
      await expect
        .poll(() =>
          frame.evaluate(() => {
            const box = document.querySelector('.tv-match[data-identifier="M"]')!;
            const r = box.getBoundingClientRect();
            const v = document.getElementById("tourney-viewer")!.getBoundingClientRect();
            return r.left >= v.left && r.right <= v.right && r.top >= v.top && r.bottom <= v.bottom;
          }),
        )
        .toBe(true);
      expect(await transform()).toBe("scale(3)");
    });

    it("setZoomScale: zoomChanged and the new scale", async () => {
      const n = await eventCount();
      await call("setZoomScale", 0.5);
      expect(await waitEvent(n, "zoomChanged", { scale: 0.5 })).toMatchObject({ scale: 0.5 });
      expect(await transform()).toBe("scale(0.5)");
    });

    it("scrollToCoordinates: that point at the top-left corner, a scrolled event", async () => {
      await call("setZoomScale", 3);
      const n = await eventCount();
      await call("scrollToCoordinates", 300, 200);
      // The zoom's own scroll may be reported first (120 ms of quiet): this one is awaited.
      const scrolled = await waitEvent(n, "scrolled", { x: 300, y: 200 });
      expect(scrolled).toMatchObject({ x: 300, y: 200, scale: 3 });
      const at = await frame.evaluate(() => {
        const v = document.getElementById("tourney-viewer")!;
        return [v.scrollLeft, v.scrollTop];
      });
      expect(at).toEqual([900, 600]);
    });

    it("zoomToCoordinate: the point in the middle of the viewport at the scale", async () => {
      const n = await eventCount();
      await call("zoomToCoordinate", 500, 400, 2.5);
      await waitEvent(n, "zoomChanged", { scale: 2.5 });
      const middle = await frame.evaluate(() => {
        const v = document.getElementById("tourney-viewer")!;
        return [(v.scrollLeft + v.clientWidth / 2) / 2.5, (v.scrollTop + v.clientHeight / 2) / 2.5];
      });
      expect(Math.abs(middle[0]! - 500)).toBeLessThan(1);
      expect(Math.abs(middle[1]! - 400)).toBeLessThan(1);
      await call("setZoomScale", 1);
    });

    it("loadTheme: named themes and custom properties change the colours", async () => {
      const background = () =>
        frame.evaluate(() => getComputedStyle(document.body).backgroundColor);
      await call("loadTheme", "dark");
      await expect.poll(background).toBe("rgb(17, 20, 24)");
      await call("loadTheme", "high-contrast");
      await expect.poll(background).toBe("rgb(0, 0, 0)");
      await call("loadTheme", { "--tv-bg": "rgb(1, 2, 3)" });
      await expect.poll(background).toBe("rgb(1, 2, 3)");
      await call("loadTheme", "light");
      await expect.poll(background).toBe("rgb(244, 245, 247)");
    });

    it("filterRounds: only the rounds asked for, then every round again", async () => {
      await call("filterRounds", 1, 1);
      await expect.poll(() => frame.locator(".tv-match").count()).toBe(6);
      const rounds = await frame.$$eval(".tv-round", (r) =>
        r.map((e) => Math.abs(Number((e as HTMLElement).dataset.round))),
      );
      expect(new Set(rounds)).toEqual(new Set([1]));
      await call("filterRounds", 2);
      await expect.poll(() => frame.locator(".tv-match").count()).toBe(8);
      await call("filterRounds");
      await expect.poll(() => frame.locator(".tv-match").count()).toBe(14);
    });

    it("setBracketSettings: seeds and scores hidden, compact boxes, then back", async () => {
      expect(await frame.locator(".tv-seed").count()).toBeGreaterThan(0);
      await call("setBracketSettings", { seeds: false });
      await expect.poll(() => frame.locator(".tv-seed").count()).toBe(0);
      await call("setBracketSettings", { scores: false });
      await expect.poll(() => frame.locator(".tv-score").count()).toBe(0);
      await call("setBracketSettings", { compact: true });
      await expect
        .poll(() => frame.locator('.tv-match[data-identifier="A"]').evaluate((e) => e.clientWidth))
        .toBe(168);
      await call("setBracketSettings", { seeds: true, scores: true, compact: false });
      await expect.poll(() => frame.locator(".tv-seed").count()).toBeGreaterThan(0);
      expect(await frame.locator(".tv-score").count()).toBeGreaterThan(0);
    });

    it("loadIntegrationData: country and avatar beside the names, as text", async () => {
      const ada = de.ids.get("Ada")!;
      const bea = de.ids.get("Bea")!;
      const avatar = `http://127.0.0.1:${served.port}/viewer/no-such-avatar.png`;
      await call("loadIntegrationData", {
        [ada]: { country: "NO", avatarUrl: avatar },
        [bea]: { country: "<b>SE</b>" },
      });
      const adaSlot = frame.locator(`.tv-match[data-identifier="A"] [data-participant="${ada}"]`);
      await expect.poll(() => adaSlot.locator(".tv-country").textContent()).toBe("NO");
      expect(await adaSlot.locator("img.tv-avatar").getAttribute("src")).toBe(avatar);
      const beaCountry = frame.locator(`[data-participant="${bea}"] .tv-country`).first();
      expect(await beaCountry.textContent()).toBe("<b>SE</b>");
      expect(await frame.locator(".tv-country b").count()).toBe(0);
    });

    it("a click on a match broadcasts matchClicked; on a player, participantClicked too", async () => {
      await call("setZoomScale", 1);
      let n = await eventCount();
      await frame.click('.tv-match[data-identifier="C"] .tv-head');
      const clicked = await waitEvent(n, "matchClicked");
      expect(clicked).toMatchObject({ identifier: "C", bracket: "winners", round: 1 });
      n = await eventCount();
      const ada = de.ids.get("Ada")!;
      await frame.click(`.tv-match[data-identifier="A"] [data-participant="${ada}"]`);
      expect(await waitEvent(n, "participantClicked")).toMatchObject({
        participantId: ada,
        name: "Ada",
        identifier: "A",
      });
      expect(await waitEvent(n, "matchClicked")).toMatchObject({ identifier: "A" });
    });

    it("answers malformed messages with error events, and keeps working", async () => {
      const cases: [unknown, string][] = [
        [
          { tourney: "viewer", version: "1.0", action: "explode", requestId: "r1" },
          "unknown_action",
        ],
        [
          { tourney: "viewer", version: "1.0", action: "zoomToMatchIdentifier", identifier: 42 },
          "invalid_payload",
        ],
        [
          { tourney: "viewer", version: "1.0", action: "setZoomScale", scale: 99 },
          "invalid_payload",
        ],
        [
          { tourney: "viewer", version: "1.0", action: "loadTheme", theme: "neon" },
          "invalid_payload",
        ],
        [
          { tourney: "viewer", version: "1.0", action: "loadTheme", properties: { color: "red" } },
          "invalid_payload",
        ],
        [
          {
            tourney: "viewer",
            version: "1.0",
            action: "loadIntegrationData",
            participants: { 1: { avatarUrl: "javascript:alert(1)" } },
          },
          "invalid_payload",
        ],
        [
          { tourney: "viewer", version: "1.0", action: "filterRounds", from: 3, to: 1 },
          "invalid_payload",
        ],
        [
          { tourney: "viewer", version: "2.0", action: "setZoomScale", scale: 1 },
          "unsupported_version",
        ],
        [{ tourney: "viewer", action: "setZoomScale", scale: 1 }, "unsupported_version"],
        [{ tourney: "viewer", version: "1.0" }, "invalid_payload"],
        [
          { tourney: "viewer", version: "1.0", action: "zoomToMatchIdentifier", identifier: "ZZ" },
          "match_not_found",
        ],
      ];
      for (const [message, code] of cases) {
        const n = await eventCount();
        await postRaw(message);
        const error = await waitEvent(n, "error");
        expect(error.code, JSON.stringify(message)).toBe(code);
        expect(error.message).toEqual(expect.any(String));
      }
      const n = await eventCount();
      await postRaw({ tourney: "viewer", version: "1.0", action: "explode", requestId: "r1" });
      expect(await waitEvent(n, "error")).toMatchObject({ requestId: "r1", action: "explode" });
      // Messages not addressed to the viewer are ignored; the viewer still answers.
      await postRaw("not an object");
      await postRaw({ hello: "world" });
      const m = await eventCount();
      await call("setZoomScale", 1.25);
      await waitEvent(m, "zoomChanged", { scale: 1.25 });
      expect(host.pageErrors).toEqual([]);
    });

    it("broadcasts bracketUpdated when the CLI reports a match in another process", async () => {
      const [open] = await matchesJson(sb, de.t, "open");
      const n = await eventCount();
      const r = await runBinary(
        [
          "match",
          "report",
          de.t,
          String(open.id),
          "--winner",
          String(open.player1_id),
          "--scores",
          "2-0",
        ],
        sb.env,
      );
      expect(r.code, r.stderr).toBe(0);
      const updated = await waitEvent(n, "bracketUpdated");
      expect(updated).toMatchObject({ matches: 14, state: "underway" });
      expect(updated.complete).toBe(5);
    });
  },
);
