/**
 * Bodies serve refuses before any route reads them (http-refusals.ts refuseBody), on a
 * loopback socket: over 1 MiB (413) or not UTF-8. On the deprecated v1 surface they are
 * answered in v1's shape, `{"errors": ["The request body is ..."]}`, as v1's own 414 is
 * (a body that is not UTF-8: 422, as v1 answers a 400); they had v2.1's. v2.1 keeps its own.
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

const scratch = mkdtempSync(join(tmpdir(), "tourney-v1-body-"));
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

/** One POST as raw bytes (the body sent at once, or none with `expect`); status and JSON body. */
function post(
  path: string,
  body: Buffer,
  expect100 = false,
): Promise<{ status: number; body: any }> {
  const head =
    `POST ${path} HTTP/1.1\r\nhost: x\r\ncontent-type: application/x-www-form-urlencoded\r\n` +
    `content-length: ${body.length}\r\n${expect100 ? "expect: 100-continue\r\n" : ""}` +
    "connection: close\r\n\r\n";
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, "127.0.0.1", () => {
      socket.write(head);
      if (expect100) socket.end();
      else socket.end(body);
    });
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      answer += chunk;
    });
    socket.on("error", reject);
    socket.on("close", () => {
      const status = Number(/^HTTP\/1\.1 (\d{3}) /.exec(answer)?.[1]);
      const at = answer.indexOf("\r\n\r\n");
      const rest = answer.slice(at + 4);
      const chunked = /\r\ntransfer-encoding: chunked\r\n/i.test(answer.slice(0, at + 2));
      resolve({ status, body: JSON.parse(chunked ? dechunked(rest) : rest) });
    });
  });
}

/** A chunked body's text (the test's bodies are ASCII: sizes count characters). */
function dechunked(text: string): string {
  let out = "";
  for (let at = 0; ; ) {
    const end = text.indexOf("\r\n", at);
    const size = Number.parseInt(text.slice(at, end), 16);
    if (!(size > 0)) return out;
    out += text.slice(end + 2, end + 2 + size);
    at = end + 2 + size + 2;
  }
}

const large = () =>
  Buffer.from(`api_key=${key}&tournament[name]=${"x".repeat(1024 * 1024)}`, "utf8");
const LARGE = "the request body is larger than 1048576 bytes";
/** `a=` then 0xE9 (Latin-1 é). */
const latin1 = () => Buffer.from([0x61, 0x3d, 0xe9, 0x62]);
const NOT_UTF8 =
  "the request body is not UTF-8: byte 2 is 0xE9 (Latin-1 or another encoding?); send the text as UTF-8";
const capital = (text: string) => text[0]!.toUpperCase() + text.slice(1);

describe("a refused body on v1: v1's shape", () => {
  it("over 1 MiB, sent at once or announced with Expect: 100-continue: 413", async () => {
    for (const expect100 of [false, true]) {
      const r = await post("/v1/tournaments.json", large(), expect100);
      expect(r.status).toBe(413);
      expect(r.body).toEqual({ errors: [capital(LARGE)] });
    }
  });

  it("not UTF-8: 422, as v1 answers a bad parameter", async () => {
    const r = await post(`/v1/tournaments.json?api_key=${key}`, latin1());
    expect(r.status).toBe(422);
    expect(r.body).toEqual({ errors: [capital(NOT_UTF8)] });
  });

  it("the same on v2.1 keeps v2.1's shape and statuses", async () => {
    const tooLarge = await post("/v2.1/tournaments", large());
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toEqual({ errors: [{ status: 413, detail: LARGE }] });
    const notUtf8 = await post("/v2.1/tournaments", latin1());
    expect(notUtf8.status).toBe(400);
    expect(notUtf8.body).toEqual({ errors: [{ status: 400, detail: NOT_UTF8 }] });
  });
});
