/**
 * A loopback service (`tourney serve` on 127.0.0.1, localhost, ::1) is never reached through
 * HTTP_PROXY / HTTPS_PROXY, and NO_PROXY's address blocks ("10.0.0.0/8", as curl, Go and
 * GitLab read them) are honoured. Before, a CI image's global proxy took every request to
 * serve on 127.0.0.1 (exit 7: could not connect to the proxy) unless NO_PROXY named the
 * address exactly, and `NO_PROXY=127.0.0.0/8` did nothing (an outside review). A real
 * loopback server answers; the proxy variable points at a port nothing listens on.
 */
import { once } from "node:events";
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { proxyFor, proxySettings } from "../../src/client/proxy-env.js";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { type Loopback, pointedAt, startLoopback } from "../helpers/loopback.js";

let sb: Sandbox;
let server: Loopback;
let deadProxy: string;
beforeAll(async () => {
  sb = createSandbox();
  server = await startLoopback((req, res) => {
    req.resume();
    res.writeHead(200, { "content-type": "application/vnd.api+json" });
    res.end(JSON.stringify({ data: [], meta: { total_pages: 1 } }));
  });
  const probe = createServer().listen(0, "127.0.0.1");
  await once(probe, "listening");
  deadProxy = `http://127.0.0.1:${(probe.address() as { port: number }).port}`;
  await new Promise((done) => probe.close(done));
});
afterAll(async () => {
  await server.close();
  sb.cleanup();
});

describe("proxies and loopback services", () => {
  it("a service on 127.0.0.1 is asked directly, whatever HTTP_PROXY says", async () => {
    const env = { ...pointedAt(server), HTTP_PROXY: deadProxy, HTTPS_PROXY: deadProxy };
    const r = await sb.run(["tournament", "list", "--json", "id"], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.json()).toEqual([]);
  });

  it("loopback names and NO_PROXY's address blocks are not proxied", () => {
    const env = { HTTP_PROXY: "http://p:3128", HTTPS_PROXY: "http://p:3128" };
    const at = (url: string, noProxy = "") =>
      proxyFor(new URL(url), proxySettings({ ...env, NO_PROXY: noProxy }));
    expect(at("http://localhost:4870")).toBeUndefined();
    expect(at("http://127.0.0.2:4870")).toBeUndefined();
    expect(at("http://[::1]:4870")).toBeUndefined();
    expect(at("http://10.1.2.3:4870", "127.0.0.0/8, 10.0.0.0/8")).toBeUndefined();
    expect(at("http://[fd00::5]:4870", "fd00::/8")).toBeUndefined();
    expect(at("http://10.1.2.3:4870", "192.168.0.0/16")).toBe("http://p:3128");
    expect(at("http://11.1.2.3:4870", "10.0.0.0/8")).toBe("http://p:3128");
    expect(at("https://api.example.com", "10.0.0.0/8")).toBe("http://p:3128");
    expect(at("http://10.1.2.3:4870", "10.0.0.0/99")).toBe("http://p:3128");
  });
});
