/**
 * After a state change its write worker answered, serve warms the tournament's match
 * rows in the main thread's cache (issue 27): the tournament is told from the reply
 * (heavy-writes.ts changedTournament), and the lane runs the warm-up after delivering
 * the reply and before the writes that waited (lane.ts `settle`).
 */
import { describe, expect, it } from "vitest";
import type { HttpMethod, HttpRequest, HttpResponse } from "../../../src/model/http.js";
import { changedTournament } from "../../../src/service/write-worker/heavy-writes.js";
import { WriteLane } from "../../../src/service/write-worker/lane.js";

const req = (method: HttpMethod, path: string): HttpRequest => ({ method, path, headers: {} });
const reply = (status: number, body: unknown): HttpResponse => ({
  status,
  headers: {},
  body: typeof body === "string" ? body : JSON.stringify(body),
});
const tick = () => new Promise((done) => setImmediate(done));

describe("changedTournament", () => {
  const v21 = reply(200, { data: { id: "42", type: "tournament" } });
  it("tells the tournament of a state change answered 2xx, in v2.1, v2.0, a community and v1", () => {
    expect(changedTournament(req("PUT", "/v2.1/tournaments/cup/change_state.json"), v21)).toBe(42);
    expect(changedTournament(req("POST", "/v2/tournaments/cup/change_state"), v21)).toBe(42);
    const community = req("PUT", "/v2.1/communities/c/tournaments/cup/change_state");
    expect(changedTournament(community, v21)).toBe(42);
    const v1 = reply(200, { tournament: { id: 7 } });
    expect(changedTournament(req("POST", "/v1/tournaments/cup/start.json"), v1)).toBe(7);
  });
  it("tells none for a refusal, another request, or a reply that is not JSON", () => {
    const start = req("PUT", "/v2.1/tournaments/cup/change_state.json");
    expect(changedTournament(start, reply(422, { data: { id: "42" } }))).toBeUndefined();
    expect(changedTournament(req("DELETE", "/v2.1/tournaments/cup"), v21)).toBeUndefined();
    const bulk = req("POST", "/v2.1/tournaments/cup/participants/bulk_add");
    expect(changedTournament(bulk, v21)).toBeUndefined();
    const xml = req("POST", "/v1/tournaments/cup/start.xml");
    expect(
      changedTournament(xml, reply(200, "<tournament><id>7</id></tournament>")),
    ).toBeUndefined();
  });
});

describe("WriteLane's settle", () => {
  it("runs after the heavy write's reply and before the writes that waited for it", async () => {
    let answer: (r: HttpResponse) => void = () => {};
    const worker = { run: () => new Promise<HttpResponse>((done) => (answer = done)) };
    let warmed: () => void = () => {};
    const log: string[] = [];
    const lane = new WriteLane(worker, undefined, async (request) => {
      log.push(`settle ${request.path}`);
      await new Promise<void>((done) => (warmed = done));
      log.push("warm");
    });
    lane.take(
      req("PUT", "/v2.1/tournaments/1/change_state"),
      () => log.push("here start"),
      (r) => log.push(`reply ${r.body}`),
    );
    lane.take(
      req("PUT", "/v2.1/matches/1"),
      () => log.push("here report"),
      () => {},
    );
    lane.take(
      req("GET", "/v2.1/tournaments/1/matches"),
      () => log.push("here read"),
      () => {},
    );
    answer(reply(200, "started"));
    await tick();
    // The reply is out, the warm-up runs, a read is answered, the report still waits.
    expect(log).toEqual(["here read", "reply started", "settle /v2.1/tournaments/1/change_state"]);
    expect(lane.pending).toBe(2);
    warmed();
    await tick();
    expect(log.slice(3)).toEqual(["warm", "here report"]);
    expect(lane.pending).toBe(0);
  });
});
