/**
 * A batch of events fanned out to many streams costs its framing once and one check per
 * reader (public/topic-timer.ts `sendSteps`, stream-frames.ts `framedPiece`): a round robin's
 * start (one state change, a `match.opened` per match) with bracket pages and API streams
 * open, over real loopback HTTP. Before, each event was framed again for each reader (a
 * JSON.stringify per event per reader) and a bracket page's access was checked at every event:
 * a start of a 256-player round robin (32,641 events) with 256 pages open held serve minutes.
 */
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { liveFraming } from "../../src/service/http-event-stream.js";
import { type RunningServer, startHttpServer } from "../../src/service/index.js";
import { changeState, createWithPlayers } from "../helpers/play.js";
import { type ServiceHarness, startService } from "../helpers/service.js";

let h: ServiceHarness;
let server: RunningServer;
let base: string;

/** 40 players: 780 matches, so the start's 781 events are 4 pieces of 256 at most. */
const PLAYERS = 40;
const EVENTS = 1 + (PLAYERS * (PLAYERS - 1)) / 2;

/** A stream's event frames, once `count` of them have come (its head first). */
function stream(path: string, count: number) {
  let opened: () => void = () => {};
  const head = new Promise<void>((resolve) => {
    opened = resolve;
  });
  const frames = new Promise<string[]>((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, (res) => {
      expect(res.statusCode).toBe(200);
      res.setEncoding("utf8");
      let text = "";
      res.on("data", (d: string) => {
        if (text === "") opened();
        text += d;
        const got = text.split("\n\n").filter((f) => f.startsWith("id: "));
        if (got.length >= count) {
          res.destroy();
          resolve(got);
        }
      });
    });
    req.on("error", reject);
    req.end();
  });
  return { head, frames };
}

beforeAll(async () => {
  h = await startService();
  server = await startHttpServer(h.service, { host: "127.0.0.1", port: 0 });
  base = `http://127.0.0.1:${server.port}`;
}, 60_000);

afterAll(async () => {
  await server?.close();
  h?.service.close();
});

describe("a start's events to many streams", () => {
  it("are framed once for all readers, each bracket page checked once a batch", async () => {
    const t = await createWithPlayers(h, { tournament_type: "round robin" }, PLAYERS);
    const pages = Array.from({ length: 6 }, () =>
      stream(`/tournaments/${t.id}/bracket/events`, EVENTS),
    );
    const apis = Array.from({ length: 2 }, () =>
      stream(`/v2.1/tournaments/${t.id}/events`, EVENTS),
    );
    await Promise.all([...pages, ...apis].map((s) => s.head));
    const checks = vi.spyOn(h.service.viewer, "streamEnd");
    const framed = { ...liveFraming };
    expect((await changeState(h, t.id, "start")).status).toBe(200);
    const got = await Promise.all([...pages, ...apis].map((s) => s.frames));
    for (const frames of got) {
      expect(frames).toHaveLength(EVENTS);
      expect(frames).toEqual(got[0]);
    }
    // Each event framed once, not once per reader (8 readers: 6,248 before).
    expect(liveFraming.events - framed.events).toBe(EVENTS);
    expect(liveFraming.pieces - framed.pieces).toBeLessThanOrEqual(2 * Math.ceil(EVENTS / 256));
    // A check per page per batch (a start is told in a batch or two; a heartbeat may come
    // between): before, one per page per event, 4,686.
    expect(checks.mock.calls.length).toBeGreaterThanOrEqual(pages.length);
    expect(checks.mock.calls.length).toBeLessThanOrEqual(pages.length * 3);
    checks.mockRestore();
  }, 60_000);
});
