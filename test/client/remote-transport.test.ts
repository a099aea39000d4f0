import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { type AddressInfo, connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { NetworkError, TimeoutError } from "../../src/client/errors.js";
import { createRemoteTransport } from "../../src/client/remote-transport.js";
import type { Transport } from "../../src/client/transport.js";

type Handler = (request: IncomingMessage, response: ServerResponse, body: string) => void;

const servers: Server[] = [];
const transports: Transport[] = [];

async function serve(
  handler: Handler,
): Promise<{ server: Server; port: number; sockets: Socket[] }> {
  const sockets: Socket[] = [];
  const server = createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => {
      body += chunk;
    });
    request.on("end", () => handler(request, response, body));
  });
  server.on("connection", (socket) => sockets.push(socket));
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  servers.push(server);
  return { server, port: (server.address() as AddressInfo).port, sockets };
}

function transport(options: Parameters<typeof createRemoteTransport>[0]): Transport {
  const created = createRemoteTransport({ env: {}, ...options });
  transports.push(created);
  return created;
}

afterEach(async () => {
  await Promise.all(transports.splice(0).map((t) => t.close()));
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

describe("remote transport", () => {
  it("round-trips method, path, headers and body", async () => {
    let seen: {
      method?: string | undefined;
      url?: string | undefined;
      headers?: IncomingMessage["headers"];
      body?: string;
    } = {};
    const { port } = await serve((request, response, body) => {
      seen = { method: request.method, url: request.url, headers: request.headers, body };
      response.writeHead(201, { "Content-Type": "application/json", "X-Request-Id": "r-1" });
      response.end('{"data":{"id":"1"}}');
    });
    const remote = transport({
      baseUrl: `http://127.0.0.1:${port}/api/`,
      userAgent: "tourney/test",
    });
    const response = await remote.send({
      method: "POST",
      path: "/v2.1/tournaments?community_id=c",
      headers: { Accept: "application/json", "Content-Type": "application/vnd.api+json" },
      body: '{"data":{"type":"tournament","attributes":{"name":"Cup"}}}',
    });
    expect(response.status).toBe(201);
    expect(response.headers["content-type"]).toBe("application/json");
    expect(response.headers["x-request-id"]).toBe("r-1");
    expect(response.body).toBe('{"data":{"id":"1"}}');
    expect(seen.method).toBe("POST");
    expect(seen.url).toBe("/api/v2.1/tournaments?community_id=c");
    expect(seen.headers?.["content-type"]).toBe("application/vnd.api+json");
    expect(seen.headers?.accept).toBe("application/json");
    expect(seen.headers?.["user-agent"]).toBe("tourney/test");
    expect(seen.body).toBe('{"data":{"type":"tournament","attributes":{"name":"Cup"}}}');
  });

  it("keeps the connection alive between requests", async () => {
    const { port, sockets } = await serve((_request, response) => {
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end("{}");
    });
    const remote = transport({ baseUrl: `http://127.0.0.1:${port}` });
    for (let i = 0; i < 6; i += 1) {
      await remote.send({ method: "GET", path: "/v2.1/me", headers: {} });
    }
    // undici's pool may open a second socket early on; without keep-alive there would be 6.
    expect(sockets.length).toBeLessThanOrEqual(2);
  });

  it("times out waiting for headers with a TimeoutError naming the host", async () => {
    const { port } = await serve(() => {
      // never answers
    });
    const remote = transport({ baseUrl: `http://127.0.0.1:${port}`, responseTimeoutMs: 150 });
    const started = Date.now();
    const error = await remote
      .send({ method: "GET", path: "/v2.1/me", headers: {} })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).phase).toBe("headers");
    expect((error as TimeoutError).message).toBe(`127.0.0.1:${port} did not answer within 0.2 s`);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("times out when the body stalls, as a body timeout", async () => {
    const { port } = await serve((_request, response) => {
      response.writeHead(200, { "Content-Type": "application/json" });
      response.write('{"data":');
    });
    const remote = transport({ baseUrl: `http://127.0.0.1:${port}`, responseTimeoutMs: 150 });
    const error = await remote
      .send({ method: "GET", path: "/v2.1/me", headers: {} })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).phase).toBe("body");
  });

  it("reports a refused connection as a NetworkError naming the host", async () => {
    const { server, port } = await serve(() => {});
    server.close();
    await once(server, "close");
    const remote = transport({ baseUrl: `http://127.0.0.1:${port}` });
    const error = await remote
      .send({ method: "GET", path: "/v2.1/me", headers: {} })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).code).toBe("ECONNREFUSED");
    expect((error as NetworkError).retryable).toBe(false);
    expect((error as NetworkError).message).toBe(
      `could not connect to 127.0.0.1:${port}: connection refused`,
    );
  });

  it("goes through HTTP_PROXY, and not for hosts in NO_PROXY", async () => {
    const { port: originPort } = await serve((_request, response) => {
      response.writeHead(200, { "Content-Type": "text/plain" });
      response.end("from origin");
    });
    const tunnels: string[] = [];
    const proxy = createServer();
    proxy.on("connect", (request: IncomingMessage, client: Socket) => {
      tunnels.push(request.url ?? "");
      const upstream = connect(originPort, "127.0.0.1", () => {
        client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
        upstream.pipe(client);
        client.pipe(upstream);
      });
    });
    proxy.listen(0, "127.0.0.1");
    await once(proxy, "listening");
    servers.push(proxy);
    const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;

    const proxied = transport({
      baseUrl: "http://tourney.example.test",
      env: { HTTP_PROXY: proxyUrl },
    });
    const response = await proxied.send({ method: "GET", path: "/v2.1/me", headers: {} });
    expect(response.body).toBe("from origin");
    expect(tunnels).toEqual(["tourney.example.test:80"]);

    const direct = transport({
      baseUrl: `http://127.0.0.1:${originPort}`,
      env: { HTTP_PROXY: proxyUrl, NO_PROXY: "localhost,127.0.0.1" },
    });
    await direct.send({ method: "GET", path: "/v2.1/me", headers: {} });
    expect(tunnels).toHaveLength(1);
  });

  it("refuses a base URL that is not http(s)", () => {
    expect(() => createRemoteTransport({ baseUrl: "ftp://x" })).toThrow(/https:\/\/ or http:\/\//);
    expect(() => createRemoteTransport({ baseUrl: "not a url" })).toThrow(/invalid base URL/);
  });

  it("closes without having sent anything", async () => {
    await expect(
      createRemoteTransport({ baseUrl: "https://x.test" }).close(),
    ).resolves.toBeUndefined();
  });
});
