/**
 * Requests pipelined on one connection behind an event stream (pipeline-order.ts
 * noMoreRequests): such a request can never be answered (the stream never ends), so serve
 * cuts the connection. Before, each ran in its turn and was answered into Node's queue
 * behind the stream: 32 GETs of data.json behind one bracket stream held the address's
 * data.json budget (public/budgets.ts) for as long as the stream lived (every other viewer
 * behind the address answered 429; a queued transfer has no socket for the stall drop to
 * watch), and eight such connections held everyone's (503). A stream on its own connection,
 * and requests pipelined behind a stream that was refused, are answered as before.
 */
import { connect, type Socket } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { useLoopbackService } from "../helpers/loopback-service.js";
import { changeState, createWithPlayers } from "../helpers/play.js";
import type { ServiceHarness } from "../helpers/service.js";

const served = useLoopbackService();
let t = "";

beforeAll(async () => {
  const { service } = served;
  const s: ServiceHarness = {
    service,
    async request(method, path, body) {
      const response = await service.handle({
        method,
        path,
        headers: { "content-type": "application/vnd.api+json" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { ...response, json: response.body === "" ? undefined : JSON.parse(response.body) };
    },
  };
  t = (await createWithPlayers(s, { tournament_type: "single elimination" }, 8)).id;
  expect((await changeState(s, t, "start")).status).toBe(200);
});

const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;

/** A connection that sends `requests` at once; what came back, and whether serve closed it. */
function pipelined(requests: string): {
  socket: Socket;
  text: () => string;
  closed: Promise<void>;
} {
  const socket = connect(served.server.port, "127.0.0.1");
  socket.on("error", () => {});
  let text = "";
  socket.setEncoding("latin1");
  socket.on("data", (d: string) => {
    text += d;
  });
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  socket.write(requests);
  return { socket, text: () => text, closed };
}

async function status(path: string): Promise<number> {
  const r = await fetch(`${served.base}${path}`);
  await r.arrayBuffer();
  return r.status;
}

describe("requests pipelined behind an event stream", () => {
  it("cut the connection, and hold no data.json budget", async () => {
    const data = `/tournaments/${t}/bracket/data.json`;
    const held = pipelined(get(`/tournaments/${t}/bracket/events`) + get(data).repeat(32));
    await held.closed;
    // None of the data.json answers came (the stream's own head may have, or not).
    expect(held.text()).not.toContain("application/json");
    expect(held.text().match(/HTTP\/1\.1 /g)?.length ?? 0).toBeLessThanOrEqual(1);
    // The address may fetch the data (before: 429 while the stream lived).
    expect(await status(data)).toBe(200);
  });

  it("cut an API event stream's connection too, a request arriving later as well", async () => {
    const stream = pipelined(get(`/v2.1/tournaments/${t}/events`));
    await expect.poll(() => stream.text()).toContain("text/event-stream");
    expect(stream.socket.destroyed).toBe(false);
    stream.socket.write(get(`/v2.1/tournaments/${t}`));
    await stream.closed;
    expect(stream.text().match(/HTTP\/1\.1 /g)).toHaveLength(1);
  });

  it("answer those behind a HEAD of a stream, which ends", async () => {
    const head = `HEAD /tournaments/${t}/bracket/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;
    const c = pipelined(head + get(`/tournaments/${t}/bracket/data.json`));
    await expect.poll(() => c.text().match(/HTTP\/1\.1 200 OK/g)?.length ?? 0).toBe(2);
    expect(c.socket.destroyed).toBe(false);
    c.socket.destroy();
  });
});
