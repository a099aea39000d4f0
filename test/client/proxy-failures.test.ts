/**
 * A proxy that fails: one that is not a proxy (a plain HTTP server: Node closes the
 * socket of a CONNECT it has no handler for, or it answers 404), one that refuses
 * connections. The error names the proxy and the variable it came from, and the request
 * ends (undici's proxy agent reconnected forever to a proxy that closed the CONNECT).
 * In process through the remote transport, and through the built binary.
 */
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { type AddressInfo, createServer as createTcpServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { NetworkError, TimeoutError } from "../../src/client/errors.js";
import { createRemoteTransport } from "../../src/client/remote-transport.js";
import type { Transport } from "../../src/client/transport.js";
import { BUILT, runBinary } from "../helpers/binary.js";

const servers: Server[] = [];
const transports: Transport[] = [];

/** A plain HTTP server (not a proxy); `onConnect` answers CONNECT when given. */
async function plainServer(onConnect?: (socket: Socket) => void): Promise<string> {
  const server = createServer((_request, response) => {
    response.writeHead(404, { "Content-Type": "text/plain" });
    response.end("not found");
  });
  if (onConnect) server.on("connect", (_request, socket: Socket) => onConnect(socket));
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = createTcpServer().listen(0, "127.0.0.1");
  await once(probe, "listening");
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

function through(proxy: string, variable = "HTTP_PROXY"): Transport {
  const created = createRemoteTransport({
    baseUrl: "http://tourney.example.test:38047",
    env: { [variable]: proxy },
  });
  transports.push(created);
  return created;
}

const get = (t: Transport) =>
  t.send({ method: "GET", path: "/v2.1/tournaments", headers: {} }).catch((e: unknown) => e);

afterEach(async () => {
  await Promise.all(transports.splice(0).map((t) => t.close()));
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

describe("a proxy that fails", () => {
  it("one that closes the CONNECT (no proxy at all): an error naming it, not a reconnect loop", async () => {
    const proxy = await plainServer();
    const error = await get(through(proxy));
    expect(error).toBeInstanceOf(NetworkError);
    const { message } = error as NetworkError;
    expect(message).toContain(`the proxy ${proxy} (from HTTP_PROXY)`);
    expect(message).toContain("CONNECT tourney.example.test:38047");
    expect(message).toMatch(/check HTTP_PROXY/);
    // Nothing of the request went past the proxy: a write failing so was not made.
    expect((error as NetworkError).mayHaveArrived).toBe(false);
  }, 30_000);

  it("one that answers CONNECT with 404: the status, the proxy and its variable", async () => {
    const proxy = await plainServer((socket) =>
      socket.end("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n"),
    );
    const error = await get(through(proxy, "http_proxy"));
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).message).toBe(
      `the proxy ${proxy} (from http_proxy) answered CONNECT tourney.example.test:38047 with 404 Not Found: is it a proxy? check http_proxy`,
    );
  }, 30_000);

  it("one that never answers CONNECT: a timeout naming it, after the response timeout", async () => {
    const held: Socket[] = [];
    const proxy = await plainServer((socket) => held.push(socket));
    const remote = createRemoteTransport({
      baseUrl: "http://tourney.example.test:38047",
      env: { HTTPS_PROXY: "http://127.0.0.1:1", HTTP_PROXY: proxy },
      responseTimeoutMs: 300,
    });
    transports.push(remote);
    const error = await get(remote);
    for (const socket of held) socket.destroy();
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).message).toBe(
      `the proxy ${proxy} (from HTTP_PROXY) did not answer within 0.3 s (CONNECT tourney.example.test:38047); check HTTP_PROXY`,
    );
    expect((error as TimeoutError).mayHaveArrived).toBe(false);
  }, 30_000);

  it("one that refuses connections: names the proxy, not the service", async () => {
    const proxy = `http://127.0.0.1:${await closedPort()}`;
    const error = await get(through(proxy));
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).code).toBe("ECONNREFUSED");
    expect((error as NetworkError).message).toBe(
      `could not connect to the proxy ${proxy} (from HTTP_PROXY): connection refused; check HTTP_PROXY`,
    );
  }, 30_000);
});

describe.runIf(BUILT)("a proxy that fails, through the built binary", () => {
  const dir = mkdtempSync(join(tmpdir(), "tourney-proxy-"));
  const env = (proxy: string) => ({
    PATH: process.env.PATH ?? "",
    HOME: dir,
    TOURNEY_CONFIG_DIR: join(dir, "config"),
    TOURNEY_DATA_DIR: join(dir, "data"),
    TOURNEY_BASE_URL: "http://tourney.example.test:38047", // not loopback: never proxied
    TOURNEY_API_KEY: "x",
    HTTP_PROXY: proxy,
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("not a proxy: exit 7 naming the proxy, and it ends", async () => {
    const proxy = await plainServer();
    const result = await runBinary(["tournament", "list"], env(proxy));
    expect(result.code, result.stderr).toBe(7);
    expect(result.stderr).toContain(`the proxy ${proxy} (from HTTP_PROXY)`);
    expect(result.stdout).toBe("");
  }, 90_000);

  it("a refused proxy: exit 7 naming the proxy, not the service", async () => {
    const proxy = `http://127.0.0.1:${await closedPort()}`;
    const result = await runBinary(["tournament", "list"], env(proxy));
    expect(result.code, result.stderr).toBe(7);
    expect(result.stderr).toContain(`could not connect to the proxy ${proxy} (from HTTP_PROXY)`);
    expect(result.stderr).not.toContain("could not connect to tourney.example.test");
  }, 90_000);
});
