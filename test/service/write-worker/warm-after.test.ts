/**
 * After a state change its write worker answered, serve warms the tournament's match
 * rows in the main thread's cache (issue 27): the tournament is told from the reply
 * (heavy-writes.ts changedTournament), and the lane runs the warm-up after delivering
 * the reply and before the writes that waited (lane.ts `settle`); a read of that
 * tournament's matches waits for it too, other reads do not.
 */
import { describe, expect, it } from "vitest";
import type { HttpMethod, HttpRequest, HttpResponse } from "../../../src/model/http.js";
import {
  changedTournament,
  readsMatchesOf,
} from "../../../src/service/write-worker/heavy-writes.js";
import { WriteLane } from "../../../src/service/write-worker/lane.js";

const req = (method: HttpMethod, path: string): HttpRequest => ({ method, path, headers: {} });
const reply = (status: number, body: unknown): HttpResponse => ({
  status,
  headers: {},
  body: typeof body === "string" ? body : JSON.stringify(body),
});
const tick = () => new Promise((done) => setImmediate(done));

describe("changedTournament", () => {
  const v21 = reply(200, { data: { id: "42", type: "tournament", attributes: { url: "cup" } } });
  const id = (r: ReturnType<typeof changedTournament>) => r?.id;
  it("tells the tournament of a state change answered 2xx, in v2.1, v2.0, a community and v1", () => {
    const start = changedTournament(req("PUT", "/v2.1/tournaments/42/change_state.json"), v21);
    expect(start).toEqual({ id: 42, refs: new Set(["42", "cup"]) });
    expect(id(changedTournament(req("POST", "/v2/tournaments/cup/change_state"), v21))).toBe(42);
    const community = req("PUT", "/v2.1/communities/c/tournaments/c-cup/change_state");
    expect(changedTournament(community, v21)?.refs).toEqual(new Set(["42", "c-cup", "cup"]));
    const v1 = reply(200, { tournament: { id: 7, url: "league" } });
    const v1Start = changedTournament(req("POST", "/v1/tournaments/7/start.json"), v1);
    expect(v1Start).toEqual({ id: 7, refs: new Set(["7", "league"]) });
  });
  it("names the reads of that tournament's match list, by any of its names", () => {
    const refs = new Set(["42", "cup"]);
    const reads = (method: HttpMethod, path: string) => readsMatchesOf(req(method, path), refs);
    expect(reads("GET", "/v2.1/tournaments/42/matches.json?page=2")).toBe(true);
    expect(reads("GET", "/v2.1/tournaments/cup/matches")).toBe(true);
    expect(reads("HEAD", "/v1/tournaments/cup/matches.json")).toBe(true);
    expect(reads("GET", "/v2.1/tournaments/43/matches")).toBe(false);
    expect(reads("GET", "/v2.1/tournaments/42")).toBe(false);
    expect(reads("GET", "/v2.1/tournaments/42/matches/9")).toBe(false);
    expect(reads("PUT", "/v2.1/tournaments/42/matches")).toBe(false);
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
  it("runs after the heavy write's reply, before the writes that waited and the reads it holds", async () => {
    let answer: (r: HttpResponse) => void = () => {};
    const worker = { run: () => new Promise<HttpResponse>((done) => (answer = done)) };
    let warmed: () => void = () => {};
    const log: string[] = [];
    const lane = new WriteLane(worker, undefined, (request) => {
      log.push(`settle ${request.path}`);
      const done = new Promise<void>((settled) => (warmed = settled)).then(() => {
        log.push("warm");
      });
      return { readsWait: done, done, holds: (read) => read.path.endsWith("/1/matches") };
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
    const read = (path: string) =>
      lane.take(
        req("GET", path),
        () => log.push(`here ${path}`),
        () => {},
      );
    read("/v2.1/tournaments/1/matches");
    read("/v2.1/tournaments/2/matches");
    expect(log.slice(3)).toEqual(["here /v2.1/tournaments/2/matches"]);
    expect(lane.pending).toBe(3);
    warmed();
    await tick();
    expect(log.slice(4)).toEqual(["warm", "here /v2.1/tournaments/1/matches", "here report"]);
    expect(lane.pending).toBe(0);
  });

  it("answers the reads it holds once the rows are held; the writes wait for the indexes too", async () => {
    // After a start in the worker, the rows are warmed, then the indexes built in parts: a
    // page of matches needs only the rows (it had waited for the indexes too: at 50,000
    // players a GET of them 1,500 ms after the start's reply took 79-369 ms, 1 ms before).
    let answer: (r: HttpResponse) => void = () => {};
    const worker = { run: () => new Promise<HttpResponse>((done) => (answer = done)) };
    let rowsHeld: () => void = () => {};
    let indexed: () => void = () => {};
    const log: string[] = [];
    const lane = new WriteLane(worker, undefined, () => ({
      readsWait: new Promise<void>((held) => (rowsHeld = held)),
      done: new Promise<void>((built) => (indexed = built)),
      holds: (read) => read.path.endsWith("/1/matches"),
    }));
    lane.take(
      req("PUT", "/v2.1/tournaments/1/change_state"),
      () => {},
      () => log.push("reply start"),
    );
    answer(reply(200, "started"));
    await tick();
    lane.take(
      req("GET", "/v2.1/tournaments/1/matches"),
      () => log.push("read"),
      () => {},
    );
    lane.take(
      req("PUT", "/v2.1/matches/1"),
      () => log.push("report"),
      () => {},
    );
    expect(log).toEqual(["reply start"]);
    rowsHeld();
    await tick();
    expect(log).toEqual(["reply start", "read"]);
    indexed();
    await tick();
    expect(log).toEqual(["reply start", "read", "report"]);
  });
});
