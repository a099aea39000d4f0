/**
 * The page fetches its data again after serve refused it for a while (429 with Retry-After:
 * its per-address budget of data.json transfers, docs/serve-limits.md), in Chromium: the
 * address's budget is filled as many phones behind one NAT would fill it (32 sockets asking
 * a large data.json and not reading it), a match is reported, the page's refetch is refused
 * and says so (the match's box shows its event's result, the rest waits for the data); once the
 * sockets go, the page shows the rest (the winner in the final) with no further event, says
 * `bracketUpdated` and drops its "not updated" note. Before, it stayed stale until the
 * tournament's next event.
 *
 * The held transfers must outlast the test: a transfer's slot frees once the kernel has
 * taken its last byte, and on loopback a socket that reads nothing still takes 3-4 MB (the
 * sender's buffer grows to net.ipv4.tcp_wmem's most, 4 MB here). A 1,024-player data.json
 * (2 MB) was taken whole about a second after it was built, so the page's refetch met a
 * 429 only when it came within that second; under CI's load it came later (it got the data,
 * no error: the official run of 7f9eba6). A 128-player round robin's data.json is ~7 MB,
 * and the budget is checked full only once every held transfer has begun to send.
 */
import { connect, type Socket } from "node:net";
import type { Frame, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT, type Served, startServe } from "../helpers/binary.js";
import { type Browser, HAVE_CHROMIUM, launchChromium } from "../helpers/browser.js";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { createWith, ok, type Setup } from "../helpers/cli-tournament.js";
import { openExample, type ViewerEvent } from "../helpers/viewer-host.js";

/** serve's data.json transfers an address may hold at once (public/budgets.ts dataBudget). */
const PER_ADDRESS = 32;

describe.runIf(BUILT && HAVE_CHROMIUM)(
  "the viewer fetches again after a 429, in Chromium",
  { timeout: 90_000 },
  () => {
    let sb: Sandbox;
    let served: Served;
    let browser: Browser;
    let cup: Setup;
    /** A round robin of 128: its data.json (~7 MB unzipped) outgrows what the sockets' buffers take. */
    let big: Setup;
    const held: Socket[] = [];

    beforeAll(async () => {
      sb = createSandbox();
      cup = await createWith(sb, ["--name", "Cup"], ["Ada", "Bea", "Cyd", "Dot"]);
      ok(await sb.run(["tournament", "start", cup.t]));
      const names = Array.from({ length: 128 }, (_, i) => `P${String(i + 1).padStart(3, "0")}`);
      big = await createWith(sb, ["--name", "Big", "--type", "round robin"], names);
      ok(await sb.run(["tournament", "start", big.t]));
      served = await startServe([], sb.env);
      browser = await launchChromium({ width: 1280, height: 800 });
    }, 120_000);
    afterAll(async () => {
      for (const s of held) s.destroy();
      await browser?.close();
      if (served !== undefined) expect(await served.stop()).toBe(0);
      sb?.cleanup();
    });

    const base = () => `http://127.0.0.1:${served.port}`;

    /**
     * Holds the address's whole budget: transfers of the large data.json, read a chunk every
     * 5 s (serve drops a transfer whose client takes nothing for 20 s: public/viewer-data.ts;
     * on a loaded machine this test can take longer than that before the page's refetch).
     */
    async function fillBudget(): Promise<void> {
      const sending: Promise<void>[] = [];
      for (let i = 0; i < PER_ADDRESS; i++) {
        const socket = connect(served.port, "127.0.0.1");
        socket.on("error", () => {});
        // Its first bytes: the transfer is admitted and sending (the snapshot built).
        sending.push(
          new Promise((resolve, reject) => {
            socket.once("data", () => {
              socket.pause();
              resolve();
            });
            socket.once("close", () => reject(new Error("a held transfer closed")));
          }),
        );
        const sip = setInterval(() => {
          if (socket.destroyed) return clearInterval(sip);
          socket.once("data", () => socket.pause());
          socket.resume();
        }, 5_000);
        sip.unref();
        socket.write(
          `GET /tournaments/${big.t}/bracket/data.json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`,
        );
        held.push(socket);
      }
      await Promise.all(sending);
    }

    const events = (page: Page) =>
      page.evaluate(
        () => (globalThis as unknown as { viewerEvents: ViewerEvent[] }).viewerEvents,
      ) as Promise<ViewerEvent[]>;
    const status = (frame: Frame) => frame.textContent(".tv-status");

    it("shows a result whose refetch was answered 429 once the budget frees, without another event", async () => {
      const page = await browser.context.newPage();
      const frame = await openExample(page, served.port, cup.t);
      await fillBudget();
      // The address is refused now (as the page will be): 429 with Retry-After.
      await expect
        .poll(async () => {
          const r = await fetch(`${base()}/tournaments/${cup.t}/bracket/data.json`);
          await r.arrayBuffer();
          return { status: r.status, retryAfter: r.headers.get("retry-after") };
        })
        .toEqual({ status: 429, retryAfter: "5" });
      const ada = String(cup.ids.get("Ada"));
      ok(await sb.run(["match", "report", cup.t, "A", "--winner", ada, "--scores", "2-0"]));
      // The page's refetch after the event is refused, and it says so.
      await expect
        .poll(async () => (await events(page)).find((e) => e.event === "error"), {
          timeout: 20_000,
        })
        .toMatchObject({ code: "load_failed", reason: "network" });
      expect(await status(frame)).toMatch(/not updated: .*429.*trying again in \d+ s/);
      // The match's own box shows its event's result; the final, which only the data tells
      // (Ada's place in it), waits for the refetch.
      await frame.waitForSelector('.tv-match[data-identifier="A"] .tv-winner');
      const final = `.tv-match[data-round="2"] .tv-slot[data-participant="${ada}"]`;
      expect(await frame.locator(final).count()).toBe(0);
      // The budget frees; nothing else happens to the tournament.
      for (const s of held.splice(0)) s.destroy();
      await frame.waitForSelector(final, { timeout: 30_000 });
      expect(await frame.textContent('.tv-match[data-identifier="A"] .tv-winner .tv-name')).toBe(
        "Ada",
      );
      const heard = (await events(page)).map((e) => e.event);
      expect(heard.lastIndexOf("bracketUpdated")).toBeGreaterThan(heard.indexOf("error"));
      expect(await status(frame)).not.toContain("not updated");
      await page.close();
    });

    it("fetches again after the network failed the refetch, backing off", async () => {
      const page = await browser.context.newPage();
      const frame = await openExample(page, served.port, cup.t);
      // The next two fetches of the data fail as a dropped connection would.
      let dropped = 0;
      await page.route(
        (url) => url.pathname.endsWith("/bracket/data.json"),
        (route) => (++dropped <= 2 ? route.abort("connectionreset") : route.continue()),
      );
      const bea = String(cup.ids.get("Bea"));
      ok(await sb.run(["match", "report", cup.t, "B", "--winner", bea, "--scores", "2-1"]));
      // The count of matches complete: only the data says it (the boxes of B and of the final
      // it opens show from their events at once).
      await expect
        .poll(() => status(frame), { timeout: 30_000 })
        .toMatch(/^[^·]+· 2 of 3 matches complete/);
      expect(dropped).toBeGreaterThanOrEqual(3);
      const heard = (await events(page)).map((e) => e.event);
      expect(heard.filter((e) => e === "error")).toHaveLength(2);
      expect(heard.at(-1)).toBe("bracketUpdated");
      expect(await status(frame)).not.toContain("not updated");
      await page.close();
    });
  },
);
