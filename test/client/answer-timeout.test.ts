/**
 * The profile's `timeout` bounds a request's whole answer, headers and body: a server that
 * sends its headers at once, then a byte every 50 ms (a slow-loris load balancer, a wedged
 * proxy) ends the request once the time is up, exit 7, as one that sends nothing does.
 * Before, it bounded each pause only: the reviewer's trickling server held `tournament list`
 * with `timeout 2` for 62.8 s, then exit 0. Each request has its own time (a paged list's
 * pages are not added up), an event stream none. The servers end their answer after 3-5 s,
 * so that without the limit the request succeeds (and the test fails) rather than hangs. Straight to a real loopback server (node:http),
 * and through a real CONNECT proxy (undici).
 */
import { once } from "node:events";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { type AddressInfo, connect, type Socket } from "node:net";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { TimeoutError } from "../../src/client/errors.js";
import { createRemoteTransport } from "../../src/client/remote-transport.js";
import type { Transport } from "../../src/client/transport.js";
import { createSandbox } from "../helpers/cli.js";

const servers: Server[] = [];
const transports: Transport[] = [];
afterEach(async () => {
  await Promise.all(transports.splice(0).map((t) => t.close()));
});
afterAll(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  }
});

/** Headers at once, then a space every 50 ms for `count` ticks, then the end of an empty list. */
async function trickle(count: number): Promise<number> {
  const server = createServer((request, response) => {
    response.writeHead(200, { "content-type": "application/json" });
    if (request.url?.startsWith("/v2.1/me")) {
      response.end('{"data":{"id":"1","type":"user","attributes":{"username":"u"}}}');
      return;
    }
    response.write('{"data":[');
    let ticks = 0;
    const timer = setInterval(() => {
      response.write(" ");
      ticks += 1;
      if (ticks < count) return;
      clearInterval(timer);
      response.end('],"meta":{"total_pages":1}}');
    }, 50);
    request.on("close", () => clearInterval(timer));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  servers.push(server);
  return (server.address() as AddressInfo).port;
}

/** A CONNECT proxy to 127.0.0.1:`port`. */
async function proxyTo(port: number): Promise<string> {
  const proxy = createServer();
  proxy.on("connect", (_request: IncomingMessage, client: Socket) => {
    const upstream = connect(port, "127.0.0.1", () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      upstream.pipe(client);
      client.pipe(upstream);
    });
    client.on("error", () => upstream.destroy());
    upstream.on("error", () => client.destroy());
  });
  proxy.listen(0, "127.0.0.1");
  await once(proxy, "listening");
  servers.push(proxy);
  return `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
}

function transport(options: Parameters<typeof createRemoteTransport>[0]): Transport {
  const created = createRemoteTransport({ env: {}, ...options });
  transports.push(created);
  return created;
}

const list = (t: Transport) =>
  t.send({ method: "GET", path: "/v2.1/tournaments", headers: {} }).catch((e: unknown) => e);

describe("the remote timeout bounds the whole answer", () => {
  it("a trickling body is cut once the time is up (node:http)", async () => {
    const port = await trickle(60);
    const error = await list(
      transport({ baseUrl: `http://127.0.0.1:${port}`, responseTimeoutMs: 400 }),
    );
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).phase).toBe("body");
    expect((error as TimeoutError).message).toBe(
      `127.0.0.1:${port} did not send its whole response within 0.4 s`,
    );
  });

  it("a trickling body is cut once the time is up (through a proxy, undici)", async () => {
    const port = await trickle(100);
    const proxy = await proxyTo(port);
    const t = transport({
      baseUrl: "http://tourney.example.test",
      responseTimeoutMs: 1_000,
      env: { HTTP_PROXY: proxy },
    });
    // A first answer at once: undici loaded and its tunnel open before the one timed.
    await t.send({ method: "GET", path: "/v2.1/me", headers: {} });
    const error = await list(t);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).message).toBe(
      "tourney.example.test did not send its whole response within 1 s",
    );
  });

  it("an answer within the time is read whole, each request with its own time", async () => {
    // 10 ticks of 50 ms a request, 5 requests: more than 2 s in all, each well within it.
    const port = await trickle(10);
    const t = transport({ baseUrl: `http://127.0.0.1:${port}`, responseTimeoutMs: 2_000 });
    for (let i = 0; i < 5; i += 1) {
      const response = await t.send({ method: "GET", path: "/v2.1/tournaments", headers: {} });
      expect(JSON.parse(response.body)).toEqual({ data: [], meta: { total_pages: 1 } });
    }
  });

  it("tourney tournament list with timeout 1 exits 7", async () => {
    const port = await trickle(60);
    const sb = createSandbox();
    try {
      const env = { TOURNEY_BASE_URL: `http://127.0.0.1:${port}`, TOURNEY_API_KEY: "k" };
      const set = await sb.run(["config", "set", "timeout", "1"], { env });
      expect(set.code, set.stderr).toBe(0);
      const r = await sb.run(["tournament", "list", "--json"], { env });
      expect(r.stdout).toBe("");
      expect(r.code, r.stderr).toBe(7);
      expect(r.stderr).toBe(
        `error: 127.0.0.1:${port} did not send its whole response within 1 s\n`,
      );
    } finally {
      sb.cleanup();
    }
  });
});
