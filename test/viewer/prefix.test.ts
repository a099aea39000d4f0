/**
 * The bracket page behind a reverse proxy that serves `tourney serve` under a path prefix
 * (`serve --public-url http://host/tourney`, the proxy forwarding /tourney/* with the prefix
 * removed), in Chromium: the page draws the bracket and stays live through the proxy, as do
 * a share link, serve's embedding example and the "no bracket here" page. Before, the page
 * asked the proxy's root for /viewer/viewer.js, data.json and the stream: 404s, its title only.
 */
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT, type Served, startServe } from "../helpers/binary.js";
import { type Browser, HAVE_CHROMIUM, launchChromium } from "../helpers/browser.js";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { createWith, ok, type Setup } from "../helpers/cli-tournament.js";

const PREFIX = "/tourney";
const FOUR = ["Ada", "Bea", "Cyd", "Dot"];

/** A reverse proxy on loopback: /tourney/* to serve without the prefix, anything else 404. */
function prefixProxy(upstream: () => number, outside: string[], forwarded: string[]): Server {
  return createServer((req, res) => {
    const url = req.url ?? "/";
    if (!url.startsWith(`${PREFIX}/`)) {
      // The browser's own guess at an icon is not a link of the page's.
      if (url !== "/favicon.ico") outside.push(url);
      res.writeHead(404, { "content-type": "text/plain" }).end("not behind this proxy");
      return;
    }
    forwarded.push(url);
    const path = url.slice(PREFIX.length);
    const headers = { ...req.headers, host: `127.0.0.1:${upstream()}` };
    const out = request({ host: "127.0.0.1", port: upstream(), path, method: req.method, headers });
    out.on("response", (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    out.on("error", () => res.destroy());
    // A page that goes away (its event stream) closes the request upstream too.
    res.on("close", () => out.destroy());
    req.pipe(out);
  });
}

describe.runIf(BUILT && HAVE_CHROMIUM)(
  "the bracket page behind a proxy's path prefix, in Chromium",
  { timeout: 60_000 },
  () => {
    let sb: Sandbox;
    let served: Served;
    let browser: Browser;
    let proxy: Server;
    let open: Setup;
    let secret: Setup;
    let front = "";
    const outside: string[] = [];
    const forwarded: string[] = [];

    beforeAll(async () => {
      sb = createSandbox();
      open = await createWith(sb, ["--name", "Open Cup"], FOUR);
      ok(await sb.run(["tournament", "start", open.t]));
      secret = await createWith(sb, ["--name", "Secret Cup", "--private"], FOUR);
      ok(await sb.run(["tournament", "start", secret.t]));
      proxy = prefixProxy(() => served.port, outside, forwarded);
      await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
      front = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}${PREFIX}`;
      served = await startServe(["--public-url", front], sb.env);
      browser = await launchChromium({ width: 1280, height: 800 });
    }, 120_000);
    afterAll(async () => {
      await browser?.close();
      proxy?.closeAllConnections();
      proxy?.close();
      if (served !== undefined) expect(await served.stop()).toBe(0);
      sb?.cleanup();
    });

    /** Opens `url` and waits for the drawn bracket; says what the page showed if it did not come. */
    async function drawn(url: string): Promise<Page> {
      const page = await browser.context.newPage();
      const failures: string[] = [];
      page.on("response", (r) => {
        if (r.status() >= 400) failures.push(`${r.status()} ${r.url()}`);
      });
      await page.goto(url);
      try {
        await page.waitForSelector("html[data-ready]", { timeout: 20_000 });
      } catch (e) {
        const status = await page.textContent(".tv-status").catch(() => null);
        throw new Error(`${url}: no bracket (status "${status}", ${failures.join(", ")}): ${e}`);
      }
      expect(failures).toEqual([]);
      return page;
    }

    it("draws the bracket, and a report shows through the proxy's event stream", async () => {
      const page = await drawn(`${front}/tournaments/${open.t}/bracket`);
      expect(await page.locator(".tv-match").count()).toBe(3);
      expect(await page.locator(".tv-match .tv-name").first().textContent()).toBe("Ada");
      const ada = String(open.ids.get("Ada"));
      ok(await sb.run(["match", "report", open.t, "A", "--winner", ada, "--scores", "2-0"]));
      await page.waitForSelector('.tv-match[data-identifier="A"] .tv-winner', { timeout: 15_000 });
      expect(await page.textContent('.tv-match[data-identifier="A"] .tv-winner .tv-name')).toBe(
        "Ada",
      );
      // Everything the page asked for went through the prefix: the stream too.
      expect(outside).toEqual([]);
      const bracket = `${PREFIX}/tournaments/${open.t}/bracket`;
      expect(forwarded).toContain(`${PREFIX}/viewer/viewer.js`);
      expect(forwarded).toContain(`${PREFIX}/viewer/viewer.css`);
      expect(forwarded.some((u) => u.startsWith(`${bracket}/data.json`))).toBe(true);
      expect(forwarded.some((u) => u.startsWith(`${bracket}/events`))).toBe(true);
      await page.close();
    });

    it("opens a private tournament by its share link under the prefix", async () => {
      const link = ok(await sb.run(["bracket", secret.t, "--share", "--json"])).json();
      const page = await drawn(`${front}${link.page_path}`);
      expect(await page.locator(".tv-match").count()).toBe(3);
      expect(outside).toEqual([]);
      await page.close();
    });

    it("draws the page asked for with a trailing slash too", async () => {
      const page = await drawn(`${front}/tournaments/${open.t}/bracket/`);
      expect(await page.locator(".tv-match").count()).toBe(3);
      await page.close();
    });

    it("serves the embedding example, steered through embed.js, under the prefix", async () => {
      const page = await browser.context.newPage();
      await page.goto(`${front}/viewer/example.html?t=${open.t}`);
      const ready = await page.waitForFunction(
        () =>
          (globalThis as unknown as { viewerEvents?: { event: string }[] }).viewerEvents?.find(
            (e) => e.event === "ready",
          ),
        undefined,
        { timeout: 20_000 },
      );
      expect(await ready.jsonValue()).toMatchObject({ event: "ready", matches: 3 });
      expect(outside).toEqual([]);
      await page.close();
    });

    it("the no-bracket page loads its script under the prefix and says why", async () => {
      const page = await browser.context.newPage();
      const answer = await page.goto(`${front}/tournaments/no_such_cup/bracket`);
      expect(answer?.status()).toBe(404);
      // viewer.js marks the page with the reason: it was loaded.
      await page.waitForSelector('html[data-load-failed="not_found"]', { timeout: 20_000 });
      expect(outside).toEqual([]);
      await page.close();
    });
  },
);
