/**
 * Errors at the edges of serve's surfaces are said in the surface's own shape: `/v1`,
 * `/v1.json` and `/v1?api_key=...` (v1 has no such path) in v1's `{"errors": ["..."]}`, as
 * `/v1/` already was (docs/v1.md); a path or method the OAuth server does not have in RFC 6749's
 * `{"error", "error_description"}` (docs/serve.md), Allow kept. Before, all of them were v2.1's
 * `{"errors": [{status, detail}]}`. Over a real loopback server with a key.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { useLoopbackService } from "../helpers/loopback-service.js";

const net = useLoopbackService({ dbPath: ":memory:", requireAuth: true });
let key: string;
beforeAll(() => {
  key = net.service.createApiKey("owner");
});

async function ask(method: string, path: string) {
  const r = await fetch(`${net.base}${path}`, { method });
  return { status: r.status, allow: r.headers.get("allow"), body: await r.json() };
}

describe("errors at the edges of a surface, in its shape", () => {
  it("v1: /v1, /v1.json and /v1?api_key= answer 404 as /v1/ does", async () => {
    const slash = await ask("GET", `/v1/?api_key=${key}`);
    expect(slash).toEqual({
      status: 404,
      allow: null,
      body: { errors: ["No such path: GET /v1"] },
    });
    for (const path of [`/v1?api_key=${key}`, "/v1", `/v1.json?api_key=${key}`, "/v1.json"]) {
      const r = await ask("GET", path);
      expect(r.status, path).toBe(404);
      expect(r.body, path).toEqual({ errors: [expect.stringMatching(/^No such path: GET \/v1/)] });
    }
  });

  it("OAuth: a method or path it does not have is RFC 6749's invalid_request, Allow kept", async () => {
    const cases: [string, string, number, string, string | null][] = [
      [
        "GET",
        "/oauth/token",
        405,
        "GET is not allowed on /oauth/token; use POST, OPTIONS",
        "POST, OPTIONS",
      ],
      [
        "PUT",
        "/oauth/revoke",
        405,
        "PUT is not allowed on /oauth/revoke; use POST, OPTIONS",
        "POST, OPTIONS",
      ],
      ["GET", "/oauth/nope", 404, "no such path: /oauth/nope", null],
    ];
    for (const [method, path, status, description, allow] of cases) {
      const r = await ask(method, path);
      expect(r, `${method} ${path}`).toEqual({
        status,
        allow,
        body: { error: "invalid_request", error_description: description },
      });
    }
  });
});
