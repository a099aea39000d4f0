/**
 * HEAD of an API event stream over serve's HTTP adapter: the GET's checks (the record as the
 * caller, the scopes, `?since=`, the stream budget) and its head, and nothing else. Before,
 * a HEAD opened the stream as a GET does, then let it go: the tournament's snapshot built,
 * its topic opened (lingering a minute), and with `?since=` its whole history computed, for
 * an answer without a body.
 */
import { request as httpRequest } from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import type { HttpMethod } from "../../src/model/http.js";
import { useLoopbackService } from "../helpers/loopback-service.js";
import { changeState, createWithPlayers, playOut } from "../helpers/play.js";
import type { ServiceHarness } from "../helpers/service.js";

const served = useLoopbackService();
let id = "";

/** The loopback service, driven in process as test/helpers/service.ts drives one. */
function harness(): ServiceHarness {
  const { service } = served;
  return {
    service,
    async request(method: HttpMethod, path: string, body?: unknown) {
      const response = await service.handle({
        method,
        path,
        headers: { "content-type": "application/vnd.api+json" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const json = response.body === "" ? undefined : JSON.parse(response.body);
      return { ...response, json };
    },
  };
}

beforeAll(async () => {
  const s = harness();
  const made = await createWithPlayers(s, { tournament_type: "single elimination" }, 64);
  id = made.id;
  expect((await changeState(s, id, "start")).status).toBe(200);
  expect(await playOut(s, id, (m) => m.player1_id)).toBe(63);
});

/** A request's status, headers and whatever came after them, on a connection of its own. */
function ask(method: string, path: string) {
  return new Promise<{ status: number; headers: Record<string, unknown>; text: string }>(
    (resolve, reject) => {
      const req = httpRequest(`${served.base}${path}`, { method, agent: false }, (res) => {
        const reply = { status: res.statusCode ?? 0, headers: res.headers };
        if (method === "GET") {
          res.destroy();
          resolve({ ...reply, text: "" });
          return;
        }
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (d: string) => {
          text += d;
        });
        res.on("end", () => resolve({ ...reply, text }));
      });
      req.on("error", reject);
      req.end();
    },
  );
}

const HEAD_FIELDS = ["content-type", "cache-control", "x-accel-buffering"];

describe("HEAD of an event stream", () => {
  it("answers the GET's head without building the snapshot, opening the topic or the history", async () => {
    const topics = served.service.events.tournaments;
    const path = `/v2.1/tournaments/${id}/events?since=2000-01-01T00:00:00Z`;
    const head = await ask("HEAD", path);
    expect(head.status).toBe(200);
    expect(head.text).toBe("");
    expect(head.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
    // Nothing of the stream was made: no snapshot built, no topic open.
    expect(topics.snapshots.builds).toBe(0);
    expect(topics.size).toBe(0);
    // The same head as the GET's, which does open them.
    const get = await ask("GET", path);
    expect(get.status).toBe(200);
    for (const field of HEAD_FIELDS) expect(head.headers[field], field).toBe(get.headers[field]);
    expect(topics.snapshots.builds).toBe(1);
  });

  it("still refuses what the GET refuses: a bad since, a tournament that does not exist", async () => {
    const bad = await ask("HEAD", `/v2.1/tournaments/${id}/events?since=yesterday`);
    expect(bad.status).toBe(400);
    expect(bad.text).toBe("");
    const none = await ask("HEAD", "/v2.1/tournaments/999999/events");
    expect(none.status).toBe(404);
    expect(none.text).toBe("");
  });
});
