/**
 * What `tourney serve` says after "Listening on" (an outside review: it printed only the
 * /v2.1 address): the bracket pages' address, and, bound to loopback (the default), that
 * phones and other machines cannot reach it, how to let them (--host 0.0.0.0) and at which
 * addresses; bound to every address, the network addresses it is reached at. The
 * "Listening on" line, which scripts and benches read the port from, is unchanged.
 */
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Interfaces, reachLines } from "../../src/cli/commands/serve/reach-lines.js";
import { runServe } from "../../src/cli/commands/serve/serve.js";
import { createFactoryHarness, type FactoryHarness } from "../helpers/factory.js";

const address = (address: string, family: "IPv4" | "IPv6", internal: boolean) => ({
  address,
  family,
  internal,
  netmask: family === "IPv4" ? "255.255.255.0" : "ffff:ffff:ffff:ffff::",
  mac: "02:00:00:00:00:01",
  cidr: null,
  ...(family === "IPv6" ? { scopeid: 0 } : {}),
});

/** A laptop on Wi-Fi and a wired network, with loopback and IPv6 addresses besides. */
const LAPTOP = {
  lo: [address("127.0.0.1", "IPv4", true), address("::1", "IPv6", true)],
  wlan0: [address("192.168.1.23", "IPv4", false), address("fe80::1", "IPv6", false)],
  eth0: [address("10.0.0.7", "IPv4", false)],
} as Interfaces;

const ALONE = { lo: [address("127.0.0.1", "IPv4", true)] } as Interfaces;

const PAGES =
  "Bracket pages: http://127.0.0.1:4870/tournaments/{tournament}/bracket ({tournament}: its url or id; a private one opens with its share link, `tourney bracket T --share`)\n";

describe("reachLines", () => {
  it("bound to loopback: the pages, who cannot reach it, and the way with its addresses", () => {
    const lines = reachLines({
      host: "127.0.0.1",
      port: 4870,
      origin: "http://127.0.0.1:4870",
      interfaces: LAPTOP,
    });
    expect(lines).toBe(
      `${PAGES}Only this machine can reach it (127.0.0.1): phones and other machines on the network cannot.\n` +
        "To let them, serve with --host 0.0.0.0 (on a network you trust: anyone on it can then connect); it is then at http://192.168.1.23:4870/v2.1 (bracket pages: http://192.168.1.23:4870/tournaments/{tournament}/bracket), http://10.0.0.7:4870/v2.1 (bracket pages: http://10.0.0.7:4870/tournaments/{tournament}/bracket)\n",
    );
    for (const host of ["localhost", "::1", "127.0.0.2"]) {
      const said = reachLines({ host, port: 1, origin: "http://x:1", interfaces: ALONE });
      expect(said, host).toContain(`Only this machine can reach it (${host})`);
      expect(said, host).toContain(
        "--host 0.0.0.0 (on a network you trust: anyone on it can then connect) (this machine has no network address besides loopback now)",
      );
    }
  });

  it("bound to every address: where other machines reach it; to one address: nothing more", () => {
    const everywhere = reachLines({
      host: "0.0.0.0",
      port: 8080,
      origin: "http://0.0.0.0:8080",
      interfaces: LAPTOP,
    });
    expect(everywhere.split("\n")[1]).toBe(
      "Other machines reach it at http://192.168.1.23:8080/v2.1 (bracket pages: http://192.168.1.23:8080/tournaments/{tournament}/bracket), http://10.0.0.7:8080/v2.1 (bracket pages: http://10.0.0.7:8080/tournaments/{tournament}/bracket)",
    );
    const one = { host: "192.168.1.23", port: 80, origin: "http://192.168.1.23:80" };
    expect(reachLines({ ...one, interfaces: LAPTOP }).split("\n")).toEqual([
      "Bracket pages: http://192.168.1.23:80/tournaments/{tournament}/bracket ({tournament}: its url or id; a private one opens with its share link, `tourney bracket T --share`)",
      "",
    ]);
  });

  it("behind a proxy the pages are at the public address", () => {
    const lines = reachLines({
      host: "127.0.0.1",
      port: 4870,
      origin: "http://127.0.0.1:4870",
      publicUrl: "https://t.example.org/club",
      interfaces: ALONE,
    });
    expect(lines).toMatch(
      /^Bracket pages: https:\/\/t\.example\.org\/club\/tournaments\/\{tournament\}\/bracket /,
    );
  });
});

describe("tourney serve's start-up lines", () => {
  let h: FactoryHarness;
  beforeEach(() => {
    h = createFactoryHarness();
  });
  afterEach(() => h.cleanup());

  it("say where the bracket pages are and that only this machine reaches them, the page answering there", async () => {
    const t = h.make();
    let printed = "";
    let page = 0;
    await runServe(t.factory, {
      host: "127.0.0.1",
      port: 0,
      db: join(h.dir, "served.db"),
      until: async () => {
        printed = t.stderr();
        const pages =
          /^Bracket pages: (http:\/\/127\.0\.0\.1:\d+)\/tournaments\/\{tournament\}\/bracket /m.exec(
            printed,
          );
        expect(pages, printed).not.toBeNull();
        page = (await fetch(`${pages![1]}/tournaments/nonexist/bracket`)).status;
      },
    });
    const lines = printed.split("\n");
    const at = lines.findIndex((l) =>
      /^Listening on http:\/\/127\.0\.0\.1:\d+\/v2\.1 \(Ctrl-C stops\)$/.test(l),
    );
    expect(at, printed).toBeGreaterThan(-1);
    expect(lines[at + 1]).toMatch(/^Bracket pages: /);
    expect(lines[at + 2]).toBe(
      "Only this machine can reach it (127.0.0.1): phones and other machines on the network cannot.",
    );
    expect(lines[at + 3]).toMatch(/^To let them, serve with --host 0\.0\.0\.0 /);
    // The page's own 404 (an unknown tournament), not the API's 401: it is the viewer's path.
    expect(page).toBe(404);
  });
});
