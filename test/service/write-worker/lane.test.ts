/**
 * The order serve answers writes in while one runs in its write worker
 * (src/service/write-worker/lane.ts): reads go on, every other write waits, in
 * arrival order, until the worker's reply; a worker that fails answers 500.
 */
import { describe, expect, it } from "vitest";
import type { HttpMethod, HttpRequest, HttpResponse } from "../../../src/model/http.js";
import { WriteLane } from "../../../src/service/write-worker/lane.js";

const START = "/v2.1/tournaments/1/change_state.json";
const req = (method: HttpMethod, path: string): HttpRequest => ({ method, path, headers: {} });
const ok = (body: string): HttpResponse => ({ status: 200, headers: {}, body });

/** A worker whose runs settle when the test says so. */
function heldWorker() {
  const runs: { path: string; settle: (r: HttpResponse | Error) => void }[] = [];
  return {
    runs,
    run: (request: HttpRequest) =>
      new Promise<HttpResponse>((resolve, reject) => {
        runs.push({
          path: request.path,
          settle: (r) => (r instanceof Error ? reject(r) : resolve(r)),
        });
      }),
  };
}

const tick = () => new Promise((done) => setImmediate(done));

describe("WriteLane", () => {
  it("answers reads during a heavy write and holds writes until its reply, in order", async () => {
    const worker = heldWorker();
    const lane = new WriteLane(worker);
    const log: string[] = [];
    const take = (method: HttpMethod, path: string) =>
      lane.take(
        req(method, path),
        () => log.push(`here ${method} ${path}`),
        (r) => log.push(`worker reply ${r.body}`),
      );
    take("PUT", "/v2.1/tournaments/2/matches/5.json");
    take("PUT", START);
    take("GET", "/v2.1/tournaments/3.json");
    take("PUT", "/v2.1/tournaments/1/matches/9.json");
    take("POST", "/v2.1/tournaments/1/participants.json");
    take("HEAD", "/v2.1/tournaments/1.json");
    expect(log).toEqual([
      "here PUT /v2.1/tournaments/2/matches/5.json",
      "here GET /v2.1/tournaments/3.json",
      "here HEAD /v2.1/tournaments/1.json",
    ]);
    expect(worker.runs.map((r) => r.path)).toEqual([START]);
    expect(lane.pending).toBe(3);
    worker.runs[0]!.settle(ok("started"));
    await tick();
    expect(log.slice(3)).toEqual([
      "worker reply started",
      "here PUT /v2.1/tournaments/1/matches/9.json",
      "here POST /v2.1/tournaments/1/participants.json",
    ]);
    expect(lane.pending).toBe(0);
  });

  it("runs a second heavy write after the first, and the writes behind it after both", async () => {
    const worker = heldWorker();
    const lane = new WriteLane(worker);
    const log: string[] = [];
    const take = (method: HttpMethod, path: string) =>
      lane.take(
        req(method, path),
        () => log.push(`here ${path}`),
        (r) => log.push(`reply ${r.body}`),
      );
    take("PUT", START);
    take("DELETE", "/v2.1/tournaments/2.json");
    take("PUT", "/v2.1/tournaments/3.json");
    expect(worker.runs).toHaveLength(1);
    worker.runs[0]!.settle(ok("first"));
    await tick();
    expect(worker.runs.map((r) => r.path)).toEqual([START, "/v2.1/tournaments/2.json"]);
    expect(log).toEqual(["reply first"]);
    worker.runs[1]!.settle(ok("second"));
    await tick();
    expect(log).toEqual(["reply first", "reply second", "here /v2.1/tournaments/3.json"]);
  });

  it("answers 500 when the worker fails, tells why, and goes on with what waited", async () => {
    const worker = heldWorker();
    const failures: unknown[] = [];
    const lane = new WriteLane(worker, (e) => failures.push(e));
    const replies: HttpResponse[] = [];
    const here: string[] = [];
    lane.take(
      req("PUT", START),
      () => here.push("start"),
      (r) => replies.push(r),
    );
    lane.take(
      req("PUT", "/v2.1/tournaments/1.json"),
      () => here.push("update"),
      () => {},
    );
    worker.runs[0]!.settle(new Error("the write worker exited (1)"));
    await tick();
    expect(replies.map((r) => r.status)).toEqual([500]);
    expect(JSON.parse(replies[0]!.body).errors[0].status).toBe(500);
    expect(failures.map(String)).toEqual(["Error: the write worker exited (1)"]);
    expect(here).toEqual(["update"]);
  });
});
