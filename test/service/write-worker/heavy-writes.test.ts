/** Which requests serve runs in its write worker (src/service/write-worker/heavy-writes.ts). */
import { describe, expect, it } from "vitest";
import type { HttpMethod, HttpRequest } from "../../../src/model/http.js";
import { BULK_BYTES, isHeavyWrite } from "../../../src/service/write-worker/heavy-writes.js";

const req = (method: HttpMethod, path: string, body?: string): HttpRequest => ({
  method,
  path,
  headers: {},
  ...(body === undefined ? {} : { body }),
});

describe("isHeavyWrite", () => {
  it.each([
    ["PUT", "/v2.1/tournaments/7/change_state.json"],
    ["PUT", "/v2.1/tournaments/my-cup/change_state"],
    ["POST", "/v2.1/tournaments/7/change_state.json"],
    ["PUT", "/v2.1/communities/lan/tournaments/7/change_state.json?x=1"],
    ["PUT", "/v2.0/tournaments/7/change_state.json"],
    ["PUT", "/v2/tournaments/7/change_state/"],
    ["POST", "/v1/tournaments/7/start.json"],
    ["POST", "/v1/tournaments/sub-cup/reset"],
    ["DELETE", "/v2.1/tournaments/7.json"],
    ["DELETE", "/v1/tournaments/7.json"],
  ] as const)("%s %s: a tournament-wide write", (method, path) => {
    expect(isHeavyWrite(req(method, path))).toBe(true);
  });

  it.each([
    ["GET", "/v2.1/tournaments/7/change_state.json"],
    ["PUT", "/v2.1/tournaments/7/matches/3/change_state.json"],
    ["PUT", "/v2.1/tournaments/7.json"],
    ["PUT", "/v2.1/tournaments/7/matches/3.json"],
    ["DELETE", "/v2.1/tournaments/7/participants/3.json"],
    ["POST", "/v1/tournaments/7/participants.json"],
    ["PUT", "/v2.1/races/7/change_state.json"],
    ["DELETE", "/v2.1/races/7.json"],
  ] as const)("%s %s: answered on the main thread", (method, path) => {
    expect(isHeavyWrite(req(method, path))).toBe(false);
  });

  it("sends a bulk add to the worker from BULK_BYTES of body on", () => {
    const path = "/v2.1/tournaments/7/participants/bulk_add.json";
    expect(isHeavyWrite(req("POST", path, "x".repeat(BULK_BYTES - 1)))).toBe(false);
    expect(isHeavyWrite(req("POST", path, "x".repeat(BULK_BYTES)))).toBe(true);
    const alias = "/v2.1/tournaments/7/participants/bulk_create";
    expect(isHeavyWrite(req("POST", alias, "x".repeat(BULK_BYTES)))).toBe(true);
    const v1 = "/v1/tournaments/7/participants/bulk_add.json";
    expect(isHeavyWrite(req("POST", v1, "x".repeat(BULK_BYTES)))).toBe(true);
    const race = "/v2.1/races/7/participants/bulk_add.json";
    expect(isHeavyWrite(req("POST", race, "x".repeat(BULK_BYTES)))).toBe(false);
  });
});
