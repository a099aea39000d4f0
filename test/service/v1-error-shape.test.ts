/**
 * Refusals the service makes before or around a v1 route (app.ts: no such path, a method
 * not allowed, an Accept it cannot answer) are said in v1's shape on a v1 path,
 * `{"errors": ["..."]}` (docs/v1.md), their headers kept; they were v2.1's
 * `{"errors": [{status, detail}]}`. v2.1's paths keep theirs. Through the in-process service.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HttpRequest } from "../../src/model/http.js";
import { openService, type Service } from "../../src/service/index.js";

let service: Service;
let key: string;

beforeAll(async () => {
  service = await openService({ dbPath: ":memory:", requireAuth: true });
  key = service.createApiKey("legacy bot");
});
afterAll(() => service.close());

const send = async (method: HttpRequest["method"], path: string, headers = {}) => {
  const response = await service.handle({ method, path, headers });
  return { status: response.status, headers: response.headers, body: JSON.parse(response.body) };
};

describe("a v1 path's refusals outside its routes", () => {
  it("no such path: 404 with errors as a list of strings", async () => {
    const r = await send("GET", `/v1/nothing.json?api_key=${key}`);
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ errors: ["No such path: GET /v1/nothing"] });
  });

  it("a method not allowed: 405, Allow kept", async () => {
    const r = await send("PATCH", `/v1/tournaments.json?api_key=${key}`);
    expect(r.status).toBe(405);
    expect(r.headers.allow).toBe("GET, POST, HEAD, OPTIONS");
    expect(r.body).toEqual({
      errors: ["PATCH is not allowed on /v1/tournaments; use GET, POST, HEAD, OPTIONS"],
    });
  });

  it("an Accept it cannot answer: 406", async () => {
    const r = await send("GET", `/v1/tournaments.json?api_key=${key}`, { accept: "text/html" });
    expect(r.status).toBe(406);
    expect(r.body).toEqual({
      errors: ["Cannot answer with text/html; send Accept: application/json"],
    });
  });

  it("v2.1 keeps its own shape", async () => {
    const r = await send("GET", "/v2.1/nothing", { authorization: key });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({
      errors: [{ status: 404, detail: "no such path: GET /v2.1/nothing" }],
    });
  });
});
