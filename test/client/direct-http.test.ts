/**
 * DirectHttp, the remote transport's requests over node:http when no proxy applies:
 * bodies both ways, one connection for a command's requests, the response timeout on
 * the headers and on a pause in the body (as the codes undici gives them), abort.
 */
import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { DirectHttp } from "../../src/client/direct-http.js";

const servers: ReturnType<typeof createServer>[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

async function serve(handler: (request: IncomingMessage, response: ServerResponse) => void) {
  const sockets: Socket[] = [];
  const server = createServer(handler);
  server.on("connection", (socket) => sockets.push(socket));
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  servers.push(server);
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, sockets };
}

const direct = (responseTimeoutMs = 5_000) =>
  new DirectHttp({
    https: false,
    connectTimeoutMs: 5_000,
    responseTimeoutMs,
    keepAliveTimeoutMs: 5_000,
  });

describe("DirectHttp", () => {
  it("sends the method, path, headers and body, and returns status, headers and text", async () => {
    const { origin } = await serve((request, response) => {
      let body = "";
      request.setEncoding("utf8");
      request.on("data", (d) => {
        body += d;
      });
      request.on("end", () => {
        response.writeHead(201, {
          "x-seen": `${request.method} ${request.url} ${request.headers["content-length"]} ${request.headers["x-key"]}`,
        });
        // "é" split across two writes: decoded whole.
        const bytes = Buffer.from(`{"echo":${JSON.stringify(body)},"name":"Zoé"}`);
        response.write(bytes.subarray(0, bytes.length - 4));
        response.end(bytes.subarray(bytes.length - 4));
      });
    });
    const http = direct();
    const body = JSON.stringify({ name: "Müller" });
    const response = await http.request({
      origin,
      path: "/v2.1/t?x=1",
      method: "POST",
      headers: { "x-key": "k" },
      body,
    });
    expect(response.statusCode).toBe(201);
    expect(response.headers["x-seen"]).toBe(`POST /v2.1/t?x=1 ${Buffer.byteLength(body)} k`);
    expect(JSON.parse(await response.body.text())).toEqual({ echo: body, name: "Zoé" });
    await http.close();
  });

  it("frames a DELETE's or OPTIONS's body with Content-Length, as a POST's: the server reads it as the body", async () => {
    const { origin } = await serve((request, response) => {
      let body = "";
      request.setEncoding("utf8");
      request.on("data", (d) => {
        body += d;
      });
      request.on("end", () =>
        response.end(JSON.stringify([request.method, request.headers["content-length"], body])),
      );
    });
    const http = direct();
    for (const method of ["DELETE", "OPTIONS", "PATCH"]) {
      const body = JSON.stringify({ data: { méthode: method } });
      const response = await http.request({ origin, path: "/", method, headers: {}, body });
      // Unframed, the body was the next request's start: Node's server answered it 400.
      expect(response.statusCode, method).toBe(200);
      expect(JSON.parse(await response.body.text())).toEqual([
        method,
        String(Buffer.byteLength(body)),
        body,
      ]);
    }
    await http.close();
  });

  it("sends a command's requests over one connection", async () => {
    const { origin, sockets } = await serve((_request, response) => response.end("{}"));
    const http = direct();
    for (let i = 0; i < 6; i++) {
      const response = await http.request({
        origin,
        path: "/",
        method: i % 2 ? "PUT" : "GET",
        headers: {},
        body: i % 2 ? "{}" : null,
      });
      await response.body.text();
    }
    expect(sockets).toHaveLength(1);
    await http.close();
  });

  it("fails a request unanswered within the response timeout as a headers timeout", async () => {
    const { origin } = await serve(() => {});
    const error = await direct(150)
      .request({ origin, path: "/", method: "GET", headers: {} })
      .catch((e: unknown) => e);
    expect((error as { code?: string }).code).toBe("UND_ERR_HEADERS_TIMEOUT");
  });

  it("fails a body that pauses past the response timeout as a body timeout", async () => {
    const { origin } = await serve((_request, response) => {
      response.writeHead(200);
      response.write('{"data":');
    });
    const response = await direct(150).request({ origin, path: "/", method: "GET", headers: {} });
    const error = await response.body.text().catch((e: unknown) => e);
    // The pause, or the whole answer's time (the same 150 ms, counted from the request).
    expect((error as { code?: string }).code).toMatch(/^(UND_ERR_BODY|TOURNEY_ANSWER)_TIMEOUT$/);
  });

  it("stops when its signal aborts", async () => {
    const { origin } = await serve((_request, response) => {
      response.writeHead(200, { "content-type": "text/event-stream" });
      response.write("data: 1\n\n");
    });
    const controller = new AbortController();
    const response = await direct().request({
      origin,
      path: "/",
      method: "GET",
      headers: {},
      signal: controller.signal,
    });
    const chunks: string[] = [];
    const reading = (async () => {
      for await (const chunk of response.body) {
        chunks.push(String(chunk));
        controller.abort();
      }
    })();
    await expect(reading).rejects.toThrow(/abort/i);
    expect(chunks).toEqual(["data: 1\n\n"]);
  });
});
