/**
 * The HTTP adapter of `tourney serve` (service/http-server.ts) on a real
 * loopback socket: replies carry their length (no chunked framing), bodies are
 * read whether their length is declared or they come in chunks, and a request
 * without a body is answered without waiting for one.
 */

import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  openService,
  type RunningServer,
  type Service,
  startHttpServer,
} from "../../src/service/index.js";

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

const scratch = mkdtempSync(join(tmpdir(), "tourney-http-adapter-"));
let service: Service;
let server: RunningServer;
let key: string;

beforeAll(async () => {
  service = await openService({ dbPath: join(scratch, "serve.db"), requireAuth: true });
  key = service.createApiKey("owner");
  server = await startHttpServer(service, { host: "127.0.0.1", port: 0 });
});

afterAll(async () => {
  await server.close();
  service.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** One request; `chunks` are written one by one without a Content-Length (chunked). */
function send(method: string, path: string, chunks?: string[]): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port: server.port,
        method,
        path: `/v2.1${path}`,
        headers: { authorization: key, "content-type": "application/vnd.api+json" },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (text: string) => {
          body += text;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    for (const chunk of chunks ?? []) req.write(chunk);
    req.end();
  });
}

const created = (name: string) =>
  JSON.stringify({
    data: { type: "tournament", attributes: { name, tournament_type: "swiss" } },
  });

describe("serve's HTTP adapter", () => {
  it("answers with a Content-Length equal to the body's bytes, not in chunks", async () => {
    const r = await send("GET", "/tournaments.json");
    expect(r.status).toBe(200);
    expect(r.headers["transfer-encoding"]).toBeUndefined();
    expect(Number(r.headers["content-length"])).toBe(Buffer.byteLength(r.body));
    expect(JSON.parse(r.body).data).toEqual([]);
  });

  it("reads a body sent in chunks without a declared length, multi-byte text included", async () => {
    const text = created("Coupe d’été ✓");
    const r = await send("POST", "/tournaments.json", [text.slice(0, 20), text.slice(20)]);
    expect(r.status).toBe(201);
    expect(JSON.parse(r.body).data.attributes.name).toBe("Coupe d’été ✓");
    expect(Number(r.headers["content-length"])).toBe(Buffer.byteLength(r.body));
  });

  it("sends a kept reply text (the second GET) with the Content-Length of its bytes, multi-byte text included", async () => {
    const made = await send("POST", "/tournaments.json", [created("Coupe d’été ✓")]);
    const id = JSON.parse(made.body).data.id as string;
    const first = await send("GET", `/tournaments/${id}.json`);
    const again = await send("GET", `/tournaments/${id}.json`);
    expect(again.body).toBe(first.body);
    expect(again.body.length).toBeLessThan(Buffer.byteLength(again.body));
    for (const r of [first, again])
      expect(Number(r.headers["content-length"])).toBe(Buffer.byteLength(r.body));
  });

  it("answers a chunked body over 1 MiB with 413", async () => {
    const big = "x".repeat(600 * 1024);
    const r = await send("POST", "/tournaments.json", [big, big]);
    expect(r.status).toBe(413);
  });

  it("sends no body with 204 and HEAD, and keeps answering afterwards", async () => {
    const made = await send("POST", "/tournaments.json", [created("Gone")]);
    const id = JSON.parse(made.body).data.id as string;
    const head = await send("HEAD", `/tournaments/${id}.json`);
    expect(head.status).toBe(200);
    expect(head.body).toBe("");
    const gone = await send("DELETE", `/tournaments/${id}.json`);
    expect(gone.status).toBe(204);
    expect(gone.body).toBe("");
    expect((await send("GET", `/tournaments/${id}.json`)).status).toBe(404);
  });
});

describe("requests Node's parser refuses", () => {
  /** Raw bytes on a socket, and everything the server answers before it closes. */
  function raw(text: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = connect(server.port, "127.0.0.1", () => socket.end(text));
      let answer = "";
      socket.setEncoding("utf8");
      socket.on("data", (chunk: string) => {
        answer += chunk;
      });
      socket.on("close", () => resolve(answer));
      socket.on("error", reject);
    });
  }

  it("answers a request line over 1 MiB (Node's parser) with 431 and an error body, and keeps serving", async () => {
    const answer = await raw(
      `GET /v1/tournaments.json?api_key=${"k".repeat(1024 * 1024)} HTTP/1.1\r\nhost: x\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    const body = JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4));
    expect(body.errors[0].status).toBe(431);
    expect(body.errors[0].detail).toContain("1 MiB");
    expect((await send("GET", "/tournaments.json")).status).toBe(200);
  });

  it("answers a HEAD over 16 KB with 431 and no body (Node's client reads it)", async () => {
    const big = "x".repeat(20 * 1024);
    const answer = await raw(`HEAD /v2.1/tournaments HTTP/1.1\r\nhost: x\r\nx-big: ${big}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer).toMatch(/content-length: \d+\r\n/);
    expect(answer.endsWith("\r\n\r\n")).toBe(true);
    const status = await new Promise<number | string>((resolve) => {
      const req = httpRequest(
        {
          host: "127.0.0.1",
          port: server.port,
          method: "HEAD",
          path: "/v2.1/tournaments",
          headers: { "x-big": big },
        },
        (res) => resolve(res.statusCode ?? 0),
      );
      req.on("error", (error) => resolve(String(error)));
      req.end();
    });
    expect(status).toBe(431);
  });

  it("answers an HTTP/1.1 request without Host with 400 and an error body; HTTP/1.0 needs none", async () => {
    const answer = await raw("GET /v2.1/tournaments HTTP/1.1\r\nconnection: close\r\n\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    const body = JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4));
    expect(body.errors[0].detail).toContain("needs a Host header");
    const old = await raw(`GET /v2.1/tournaments HTTP/1.0\r\nauthorization: ${key}\r\n\r\n`);
    expect(old).toMatch(/^HTTP\/1\.1 200 /);
  });

  it("answers a malformed request line with 400 and an error body", async () => {
    const answer = await raw("NOT HTTP AT ALL\r\n\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4)).errors[0].status).toBe(400);
  });
});
