/**
 * A bracket page test's setup in one call: a sandbox whose tournaments the CLI sets up
 * (in-process, on the sandbox's database file), the built `tourney serve` over that file on a
 * loopback port, a real Chromium, and pages opened on a tournament's bracket, waited for
 * until drawn (html[data-ready]). Errors thrown in a page are kept in `errors`.
 */
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { type Served, startServe } from "./binary.js";
import { type Browser, launchChromium } from "./browser.js";
import { createSandbox, type Sandbox } from "./cli.js";

export interface ServedBracket {
  readonly sb: Sandbox;
  readonly served: Served;
  readonly browser: Browser;
  /** `http://127.0.0.1:PORT` of the running `serve`. */
  readonly base: string;
  readonly errors: string[];
  /** The bracket page of tournament `t`, drawn (its first load done). */
  open(t: string, size?: { width: number; height: number }): Promise<Page>;
  close(): Promise<void>;
}

export const DESKTOP = { width: 1280, height: 800 };

/** Sets the tournaments up (`setUp`, before serve starts), then starts serve and Chromium. */
export async function serveBracket(
  setUp: (sb: Sandbox) => Promise<void>,
  viewport = DESKTOP,
): Promise<ServedBracket> {
  const sb = createSandbox();
  try {
    await setUp(sb);
  } catch (e) {
    sb.cleanup();
    throw e;
  }
  const served = await startServe([], sb.env);
  const browser = await launchChromium(viewport);
  const base = `http://127.0.0.1:${served.port}`;
  const errors: string[] = [];
  return {
    sb,
    served,
    browser,
    base,
    errors,
    async open(t, size = viewport) {
      const page = await browser.context.newPage();
      await page.setViewportSize(size);
      page.on("pageerror", (e) => errors.push(e.message));
      await page.goto(`${base}/tournaments/${t}/bracket`);
      try {
        await page.waitForSelector("html[data-ready]", { timeout: 60_000 });
      } catch (e) {
        // Say what the page said instead of only that it timed out.
        const status = await page.textContent(".tv-status").catch(() => null);
        throw new Error(`${t} did not get ready: status "${status}" (${String(e)})`);
      }
      return page;
    },
    async close() {
      await browser.close();
      expect(await served.stop()).toBe(0);
      sb.cleanup();
    },
  };
}
