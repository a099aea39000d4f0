/**
 * The host page of the viewer's control tests (test/viewer/control.test.ts,
 * limits.test.ts): the CLI's 8-player double elimination, played as the test
 * asks, the built `tourney serve` over it, a real Chromium, and serve's own
 * /viewer/example.html, which embeds the bracket in an iframe and steers it
 * through embed.js (`window.viewer`), logging every event in `window.viewerEvents`.
 */
import type { Frame, Page } from "playwright-core";
import { expect } from "vitest";
import { type Served, startServe } from "./binary.js";
import { doubleEliminationEight } from "./bracket-fixtures.js";
import { type Browser, launchChromium } from "./browser.js";
import { createSandbox, type Sandbox } from "./cli.js";
import type { Setup } from "./cli-tournament.js";

export type ViewerEvent = Record<string, unknown> & { event: string };

/**
 * The example page's window: the TourneyViewer wrapper and the events it logged
 * (typed without the DOM's types, which the Node side's typecheck does not load).
 */
export interface Host {
  viewer: Record<string, (...args: unknown[]) => void>;
  viewerEvents: ViewerEvent[];
  document: {
    getElementById(id: "bracket"): { contentWindow: { postMessage(m: unknown, to: string): void } };
  };
}

export interface ViewerHost {
  readonly sb: Sandbox;
  readonly served: Served;
  readonly browser: Browser;
  /** The double elimination shown. */
  readonly de: Setup;
  /** The host page, and the viewer's frame in it. */
  readonly page: Page;
  readonly frame: Frame;
  /** Errors thrown in the host page. */
  readonly pageErrors: string[];
  /** Every data.json the pages asked for (their URLs), since the host page was opened. */
  readonly dataFetches: string[];
  /** Calls a method of the host's TourneyViewer wrapper. */
  call(method: string, ...args: unknown[]): Promise<void>;
  /** Every event the host heard so far. */
  events(): Promise<ViewerEvent[]>;
  /** Posts a raw message to the viewer, as a host page could. */
  postRaw(message: unknown): Promise<void>;
  /** Posts an action of the control interface v1.0 (`{action, ...}`). */
  post(message: object): Promise<void>;
  close(): Promise<void>;
}

export interface HostOptions {
  /** Plays the double elimination before serve starts (some of it, all of it). */
  readonly play: (sb: Sandbox, de: Setup) => Promise<void>;
  readonly viewport?: { width: number; height: number };
}

/**
 * Opens serve's embedding example around tournament `t` in `page` (also test/viewer's
 * session.ts) and waits for the viewer's `ready`: the viewer's frame in it.
 */
export async function openExample(page: Page, port: number, t: string): Promise<Frame> {
  await page.goto(`http://127.0.0.1:${port}/viewer/example.html?t=${t}`);
  await page.waitForFunction(
    () => (globalThis as unknown as Host).viewerEvents?.some((e) => e.event === "ready"),
    undefined,
    { timeout: 30_000 },
  );
  return page.frames().find((f) => f.url().includes("/bracket"))!;
}

/** The host page on serve's example, once the viewer said `ready`. */
async function openHost(browser: Browser, port: number, t: string) {
  const page = await browser.context.newPage();
  const pageErrors: string[] = [];
  const dataFetches: string[] = [];
  page.on("pageerror", (e) => pageErrors.push(e.message));
  page.on("request", (r) => {
    if (r.url().includes("/bracket/data.json")) dataFetches.push(r.url());
  });
  const frame = await openExample(page, port, t);
  return { page, frame, pageErrors, dataFetches };
}

/** Sets everything up and waits for the viewer's `ready` in the host page. */
export async function startViewerHost(options: HostOptions): Promise<ViewerHost> {
  const sb = createSandbox();
  let served: Served | undefined;
  let browser: Browser | undefined;
  try {
    const de = await doubleEliminationEight(sb);
    await options.play(sb, de);
    served = await startServe([], sb.env);
    browser = await launchChromium(options.viewport);
    return hostOf(sb, served, browser, de, await openHost(browser, served.port, de.t));
  } catch (e) {
    // Nothing left running when the setup fails half-way.
    await browser?.close();
    await served?.stop();
    sb.cleanup();
    throw e;
  }
}

function hostOf(
  sb: Sandbox,
  served: Served,
  browser: Browser,
  de: Setup,
  opened: Awaited<ReturnType<typeof openHost>>,
): ViewerHost {
  const { page, frame, pageErrors, dataFetches } = opened;
  const postRaw = (message: unknown) =>
    page.evaluate((m) => {
      const iframe = (globalThis as unknown as Host).document.getElementById("bracket");
      iframe.contentWindow.postMessage(m, "*");
    }, message);
  return {
    sb,
    served,
    browser,
    de,
    page,
    frame,
    pageErrors,
    dataFetches,
    call: (method, ...args) =>
      page.evaluate(
        ([m, a]) => (globalThis as unknown as Host).viewer[m as string]!(...(a as [])),
        [method, args] as const,
      ),
    events: () => page.evaluate(() => (globalThis as unknown as Host).viewerEvents),
    postRaw,
    post: (message) => postRaw({ tourney: "viewer", version: "1.0", ...message }),
    async close() {
      await browser.close();
      expect(await served.stop()).toBe(0);
      sb.cleanup();
    },
  };
}
