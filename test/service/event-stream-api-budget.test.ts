/**
 * The organiser's API event stream (`tourney watch`'s `/v2.1/tournaments/{t}/events`, with a
 * credential) over serve's HTTP adapter, while spectators hold every anonymous stream: it is
 * admitted, against the API streams' own budget, counted per credential (public/budgets.ts,
 * stream-admission.ts). Before, API streams took a place in the anonymous budget before their
 * credential was checked: 512 bracket streams from 16 addresses answered the organiser 503
 * (an outside review), and a request without a credential 503 rather than 401.
 */
import { request as httpRequest } from "node:http";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Release } from "../../src/service/public/budgets.js";
import { sendExactly, useLoopbackService } from "../helpers/loopback-service.js";
import { tournamentBody } from "../helpers/service.js";

const served = useLoopbackService({ dbPath: ":memory:", requireAuth: true });
const keys: Record<string, string> = {};
let cup = "";

function key(user: string): string {
  const made = served.service.admin.createKey({ label: user, user });
  if (!made.ok) throw new Error(made.reason);
  return made.value.key;
}

beforeAll(async () => {
  for (const username of ["ada", "bob"]) served.service.admin.addUser({ username });
  keys.ada = key("ada");
  keys.bob = key("bob");
  const reply = await fetch(`${served.base}/v2.1/tournaments`, {
    method: "POST",
    headers: { authorization: keys.ada, "content-type": "application/vnd.api+json" },
    body: JSON.stringify(tournamentBody({ name: "Venue cup", tournament_type: "swiss" })),
  });
  expect(reply.status).toBe(201);
  cup = String(((await reply.json()) as { data: { id: string } }).data.id);
});

/** An open stream (or its refusal): its status, its body when refused, and how to close it. */
function hold(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; text: string; close: () => void }>((resolve, reject) => {
    const req = httpRequest(`${served.base}${path}`, { headers, agent: false }, (res) => {
      const close = () => res.destroy();
      if (res.statusCode === 200) {
        // Its first lines came: the stream is open (and holds its place).
        res.once("data", () => resolve({ status: 200, text: "", close }));
        return;
      }
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => {
        text += d;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text, close }));
    });
    req.on("error", reject);
    req.end();
  });
}

const held: Release[] = [];
const open: { close: () => void }[] = [];
afterEach(async () => {
  for (const release of held.splice(0)) release();
  for (const s of open.splice(0)) s.close();
  // serve gives a stream's place back as it sees its socket close.
  const { streams, apiStreams } = served.service.events;
  while (streams.held() + apiStreams.held() > 0) await new Promise((r) => setTimeout(r, 10));
});

/** Fills the anonymous budget as 16 addresses of 32 bracket streams each fill it. */
function fillAnonymous(): void {
  const { streams } = served.service.events;
  for (let a = 1; a <= 16; a++)
    for (let i = 0; i < streams.perAddress; i++) {
      const admitted = streams.admit(`127.0.9.${a}`);
      if (typeof admitted !== "function") throw new Error(`refused at ${a}/${i}`);
      held.push(admitted);
    }
  expect(streams.held()).toBe(streams.total);
}

describe("the API streams' budget", () => {
  it("admits the organiser's watch while spectators hold every anonymous stream", async () => {
    fillAnonymous();
    const phone = await sendExactly(served.base, "GET", `/tournaments/${cup}/bracket/events`);
    expect(phone.status).toBe(503);
    const watch = await hold(`/v2.1/tournaments/${cup}/events`, { authorization: keys.ada! });
    open.push(watch);
    expect(watch.status).toBe(200);
    // No credential: told so, not sent to wait for the spectators' budget.
    const anonymous = await sendExactly(served.base, "GET", `/v2.1/tournaments/${cup}/events`);
    expect(anonymous.status).toBe(401);
    expect(served.service.events.apiStreams.held()).toBe(1);
  });

  it("counts a credential's streams apart from another's: 429 past 8, with its words", async () => {
    const path = `/v2.1/tournaments/${cup}/events`;
    const { apiStreams } = served.service.events;
    for (let i = 0; i < apiStreams.perAddress; i++) {
      const s = await hold(path, { authorization: keys.ada! });
      open.push(s);
      expect(s.status).toBe(200);
    }
    const refused = await hold(path, { authorization: keys.ada! });
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.text).errors[0].detail).toContain("with this credential");
    const other = await hold(path, { authorization: keys.bob! });
    open.push(other);
    expect(other.status).toBe(200);
    expect(served.service.events.streams.held()).toBe(0);
  });
});
