/**
 * How long a request line and headers serve reads, on a loopback socket
 * (http-refusals.ts). v1 reads a query string of up to 64 KiB and answers a longer
 * one 414 in v1's shape (docs/v1.md), where Node's default parser limit refused
 * anything over 16 KB with 431 in v2.1's shape. Outside v1 a request line and headers
 * over 16 KiB stay 431; past 1 MiB Node's parser refuses any request (http-adapter.test.ts).
 */
import { mkdtempSync, rmSync } from "node:fs";
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

const scratch = mkdtempSync(join(tmpdir(), "tourney-head-limits-"));
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

/** One request as raw bytes; its status and JSON body (the connection closes after it). */
function raw(text: string): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, "127.0.0.1", () => socket.end(text));
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      answer += chunk;
    });
    socket.on("error", reject);
    socket.on("close", () => {
      const status = Number(/^HTTP\/1\.1 (\d{3}) /.exec(answer)?.[1]);
      const text = answer.slice(answer.indexOf("\r\n\r\n") + 4);
      resolve({ status, body: text === "" ? undefined : JSON.parse(text) });
    });
  });
}

/** A v1 list whose query string is `length` bytes long (the key, then padding). */
function v1Query(length: number): string {
  const start = `api_key=${key}&pad=`;
  return `${start}${"p".repeat(length - start.length)}`;
}

const get = (target: string, headers = "") =>
  raw(`GET ${target} HTTP/1.1\r\nhost: x\r\n${headers}connection: close\r\n\r\n`);

describe("v1 query strings up to 64 KiB; 414 in v1's shape past it", () => {
  it("a query of exactly 64 KiB is read (200)", async () => {
    const r = await get(`/v1/tournaments.json?${v1Query(64 * 1024)}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual([]);
  });

  it("one byte more is 414 with errors as a list of strings", async () => {
    const r = await get(`/v1/tournaments.json?${v1Query(64 * 1024 + 1)}`);
    expect(r.status).toBe(414);
    expect(r.body.errors).toHaveLength(1);
    expect(typeof r.body.errors[0]).toBe("string");
    expect(r.body.errors[0]).toContain("at most 65536 are read");
  });

  it("200 KiB (over Node's default 16 KB) is 414 in v1's shape, not 431 in v2.1's", async () => {
    const r = await get(`/v1/tournaments.json?${v1Query(200 * 1024)}`);
    expect(r.status).toBe(414);
    expect(typeof r.body.errors[0]).toBe("string");
  });
});

describe("outside v1: a request line and headers up to 16 KiB; 431 past it", () => {
  const auth = () => `authorization: ${key}\r\n`;
  it("a v2.1 header that leaves the whole under 16 KiB is read", async () => {
    const r = await get("/v2.1/tournaments.json", `${auth()}x-pad: ${"p".repeat(15 * 1024)}\r\n`);
    expect(r.status).toBe(200);
  });

  it("a v2.1 URL over 16 KiB is 431 in v2.1's shape", async () => {
    const r = await get(`/v2.1/tournaments.json?pad=${"p".repeat(17 * 1024)}`, auth());
    expect(r.status).toBe(431);
    expect(r.body.errors[0]).toMatchObject({ status: 431 });
    expect(r.body.errors[0].detail).toContain("16 KiB");
  });

  it("a v2.1 header over 16 KiB is 431", async () => {
    const r = await get("/v2.1/tournaments.json", `${auth()}x-pad: ${"p".repeat(17 * 1024)}\r\n`);
    expect(r.status).toBe(431);
  });
});
