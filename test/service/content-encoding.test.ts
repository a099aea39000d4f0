/**
 * A request body sent with a Content-Encoding other than identity (gzip, deflate, br):
 * refused 415 naming the coding, in the error shape of the surface asked (v2.1's, v1's), on
 * a loopback socket. Before, a gzipped JSON body was answered 400 "the request body is not
 * UTF-8: byte 1 is \x8B ..." (serve's UTF-8 check, http-server.ts), and one whose bytes
 * happened to be UTF-8 was read as if it were not compressed.
 */
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { sendExactly, useLoopbackService } from "../helpers/loopback-service.js";

const loop = useLoopbackService({ dbPath: ":memory:", requireAuth: false });

const JSON_BODY = JSON.stringify({
  data: { type: "tournaments", attributes: { name: "Cup", tournament_type: "single elimination" } },
});
const V1_BODY = JSON.stringify({ tournament: { name: "Cup" } });

const detail = (coding: string) =>
  `Content-Encoding ${coding} is not supported: request bodies are read as sent; send the body uncompressed (no Content-Encoding, or identity)`;

function send(path: string, body: string | Buffer, encoding: string) {
  return sendExactly(loop.base, "POST", path, body, {
    "content-type": "application/json",
    "content-encoding": encoding,
  });
}

describe("a body with a Content-Encoding", () => {
  it("gzip on v2.1: 415 naming the coding, in v2.1's shape", async () => {
    const r = await send("/v2.1/tournaments", gzipSync(JSON_BODY), "gzip");
    expect(r.status).toBe(415);
    expect(r.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(JSON.parse(r.text)).toEqual({ errors: [{ status: 415, detail: detail("gzip") }] });
  });

  it("gzip on v1: 415 in v1's shape", async () => {
    const r = await send("/v1/tournaments.json", gzipSync(V1_BODY), "GZIP");
    expect(r.status).toBe(415);
    expect(JSON.parse(r.text)).toEqual({ errors: [detail("gzip")] });
  });

  it("a coding whose bytes read as UTF-8 text is refused too, on both surfaces", async () => {
    const v21 = await send("/v2.1/tournaments", JSON_BODY, "br");
    expect([v21.status, JSON.parse(v21.text)]).toEqual([
      415,
      { errors: [{ status: 415, detail: detail("br") }] },
    ]);
    const v1 = await send("/v1/tournaments.json", V1_BODY, "deflate, identity");
    expect([v1.status, JSON.parse(v1.text)]).toEqual([415, { errors: [detail("deflate")] }]);
  });

  it("identity (or none) is read as it was", async () => {
    const r = await send("/v2.1/tournaments", JSON_BODY, "identity");
    expect(r.status).toBe(201);
    expect(JSON.parse(r.text).data.attributes.name).toBe("Cup");
  });
});
