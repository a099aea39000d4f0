/**
 * One browser test file's session (issue 28): every format set up by the CLI,
 * the built `tourney serve` over it on a loopback port, a Chromium, and pages
 * opened on a tournament's bracket (or on serve's embedding example) at a size.
 */
import type { Frame, Page } from "playwright-core";
import { expect } from "vitest";
import { type Served, startServe } from "../helpers/binary.js";
import { type Browser, launchChromium } from "../helpers/browser.js";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import type { Setup } from "../helpers/cli-tournament.js";
import { openExample } from "../helpers/viewer-host.js";
import { type Format, setUpFormats } from "./fixtures.js";

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

export interface Session {
  readonly sb: Sandbox;
  readonly served: Served;
  readonly browser: Browser;
  readonly formats: Record<Format, Setup>;
  /** Errors thrown in any page opened. */
  readonly errors: string[];
  /** The bracket page of tournament `t`, drawn. */
  open(
    t: string,
    size?: { width: number; height: number },
    scheme?: "light" | "dark",
  ): Promise<Page>;
  /** serve's embedding example around tournament `t`: the page, and the viewer's frame. */
  embed(t: string): Promise<{ page: Page; frame: Frame }>;
  close(): Promise<void>;
}

export async function startSession(): Promise<Session> {
  const sb = createSandbox();
  const formats = await setUpFormats(sb);
  const served = await startServe([], sb.env);
  const browser = await launchChromium(DESKTOP);
  const errors: string[] = [];
  const base = `http://127.0.0.1:${served.port}`;
  const newPage = async (size = DESKTOP) => {
    const page = await browser.context.newPage();
    await page.setViewportSize(size);
    page.on("pageerror", (e) => errors.push(e.message));
    return page;
  };
  return {
    sb,
    served,
    browser,
    formats,
    errors,
    async open(t, size = DESKTOP, scheme = "light") {
      const page = await newPage(size);
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`${base}/tournaments/${t}/bracket`);
      try {
        await page.waitForSelector("html[data-ready]", { timeout: 30_000 });
      } catch (e) {
        // Say what the page said instead of only that it timed out.
        const status = await page.textContent(".tv-status").catch(() => null);
        throw new Error(`${t} did not get ready: status "${status}" (${String(e)})`);
      }
      return page;
    },
    async embed(t) {
      const page = await newPage();
      return { page, frame: await openExample(page, served.port, t) };
    },
    async close() {
      await browser.close();
      expect(await served.stop()).toBe(0);
      sb.cleanup();
    },
  };
}

/**
 * The smallest text on the page as the reader sees it: each element with text of
 * its own, its computed font size times the zoom of the bracket it is in.
 */
export function smallestText(page: Page | Frame): Promise<{ px: number; text: string }> {
  return page.evaluate(() => {
    const content = document.querySelector<HTMLElement>(".tv-content");
    const scale = Number(/scale\(([\d.]+)\)/.exec(content?.style.transform ?? "")?.[1] ?? 1);
    let smallest = { px: Number.POSITIVE_INFINITY, text: "" };
    for (const e of document.body.querySelectorAll<HTMLElement>("*")) {
      const own = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent!.trim() !== "");
      if (!own || e.closest("script, style, noscript") || e.getClientRects().length === 0) continue;
      const px = parseFloat(getComputedStyle(e).fontSize) * (content?.contains(e) ? scale : 1);
      if (px < smallest.px) smallest = { px, text: e.textContent!.trim().slice(0, 40) };
    }
    return smallest;
  });
}
