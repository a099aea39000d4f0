/** Which requests serve runs in its write worker (src/service/write-worker/heavy-writes.ts). */
import { describe, expect, it } from "vitest";
import type { HttpMethod, HttpRequest } from "../../../src/model/http.js";
import {
  BULK_BYTES,
  completes,
  isHeavyWrite,
  reportPath,
} from "../../../src/service/write-worker/heavy-writes.js";

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

describe("reportPath and completes (a report that may end a swiss round, round-end.ts)", () => {
  const entries = (advancing: unknown) =>
    JSON.stringify({
      data: {
        attributes: {
          match: [
            { participant_id: "1", score_set: "2", advancing },
            { participant_id: "2", score_set: "1" },
          ],
        },
      },
    });

  it("names the tournament and the match of a PUT of a match, in v2.1, v2.0, a community and v1", () => {
    expect(reportPath(req("PUT", "/v2.1/tournaments/my%20cup/matches/31.json"))).toEqual({
      tournament: "my cup",
      match: 31,
    });
    expect(reportPath(req("PUT", "/v2/communities/c/tournaments/c-cup/matches/4"))?.match).toBe(4);
    expect(reportPath(req("PUT", "/v1/tournaments/7/matches/9.xml"))).toEqual({
      tournament: "7",
      match: 9,
    });
    expect(reportPath(req("GET", "/v2.1/tournaments/7/matches/9.json"))).toBeUndefined();
    expect(reportPath(req("PUT", "/v2.1/tournaments/7/matches/9/change_state"))).toBeUndefined();
    expect(reportPath(req("PUT", "/v2.1/tournaments/7/matches/A1.json"))).toBeUndefined();
  });

  it("tells a report that names who won or a tie from one of scores alone", () => {
    const v2 = "/v2.1/tournaments/7/matches/9.json";
    expect(completes(req("PUT", v2, entries(true)))).toBe(true);
    expect(completes(req("PUT", v2, entries(false)))).toBe(false);
    expect(completes(req("PUT", v2, entries("true")))).toBe(false);
    const tie = JSON.stringify({ data: { attributes: { tie: true, match: [] } } });
    expect(completes(req("PUT", v2, tie))).toBe(true);
    expect(completes(req("PUT", v2, "{not json"))).toBe(false);
    const v1 = "/v1/tournaments/7/matches/9.json";
    expect(completes(req("PUT", v1, "match%5Bwinner_id%5D=3&match%5Bscores_csv%5D=2-1"))).toBe(
      true,
    );
    expect(completes(req("PUT", `${v1}?match[winner_id]=tie`))).toBe(true);
    expect(completes(req("PUT", v1, JSON.stringify({ match: { scores_csv: "1-1" } })))).toBe(false);
  });
});
