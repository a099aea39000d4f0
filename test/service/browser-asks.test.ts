/**
 * What a browser asks serve for on its own (service/viewer/browser-asks.ts), over a real
 * loopback server that requires a key: /favicon.ico on every load of the bracket page,
 * iOS's /apple-touch-icon*.png, crawlers' /robots.txt. Before (an outside review), each
 * fell through to the API and was answered 401 JSON, a console error on every page load;
 * Chrome devtools' /.well-known/appspecific/com.chrome.devtools.json alike.
 */

import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  openService,
  type RunningServer,
  type Service,
  startHttpServer,
} from "../../src/service/index.js";

let dir: string;
let service: Service;
let server: RunningServer;

interface Reply {
  readonly status: number;
  readonly type: string | undefined;
  readonly cache: string | undefined;
  readonly body: string;
}

function send(method: string, path: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname: "127.0.0.1", port: server.port, path, method }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => {
        body += d;
      });
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          type: res.headers["content-type"],
          cache: res.headers["cache-control"],
          body,
        }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "tourney-browser-asks-"));
  service = await openService({ dbPath: join(dir, "serve.db"), requireAuth: true });
  server = await startHttpServer(service, { host: "127.0.0.1", port: 0 });
});

afterAll(async () => {
  await server.close();
  service.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("paths a browser asks for on its own, answered without a key", () => {
  it("/favicon.ico is 204, no icon and no body, kept a day; HEAD alike", async () => {
    for (const method of ["GET", "HEAD"]) {
      for (const path of ["/favicon.ico", "/favicon.ico?v=2"]) {
        expect(await send(method, path), `${method} ${path}`).toEqual({
          status: 204,
          type: undefined,
          cache: "public, max-age=86400",
          body: "",
        });
      }
    }
  });

  it("/robots.txt disallows every path", async () => {
    expect(await send("GET", "/robots.txt")).toEqual({
      status: 200,
      type: "text/plain; charset=utf-8",
      cache: "public, max-age=86400",
      body: "User-agent: *\nDisallow: /\n",
    });
  });

  it("a home-screen icon is a plain 404, not a refusal to sign in", async () => {
    for (const path of [
      "/apple-touch-icon.png",
      "/apple-touch-icon-precomposed.png",
      "/apple-touch-icon-180x180.png",
    ]) {
      const reply = await send("GET", path);
      expect({ status: reply.status, type: reply.type }, path).toEqual({
        status: 404,
        type: "text/plain; charset=utf-8",
      });
      expect(reply.body).toContain("no home-screen icon");
    }
  });

  it("/.well-known/* is a plain 404 (Chrome devtools' file among them), not a refusal to sign in", async () => {
    for (const path of [
      "/.well-known/appspecific/com.chrome.devtools.json",
      "/.well-known/security.txt",
    ]) {
      const reply = await send("GET", path);
      expect({ status: reply.status, type: reply.type, cache: reply.cache }, path).toEqual({
        status: 404,
        type: "text/plain; charset=utf-8",
        cache: "public, max-age=86400",
      });
      expect(reply.body).toBe("serve publishes nothing under /.well-known/\n");
    }
    expect((await send("HEAD", "/.well-known/appspecific/com.chrome.devtools.json")).status).toBe(
      404,
    );
  });

  it("only reads: OPTIONS lists the methods, a write is 405; the API still asks for a key", async () => {
    expect((await send("OPTIONS", "/favicon.ico")).status).toBe(204);
    expect((await send("POST", "/robots.txt")).status).toBe(405);
    expect((await send("GET", "/v2.1/tournaments")).status).toBe(401);
  });
});
