/**
 * How many of a connection's requests may wait behind a held one (service/pipeline-order.ts
 * MAX_WAITING), and a connection that carries an event stream (noMoreRequests). While a
 * request is held no reply goes out, and Node's parser stops reading only when replies
 * queue up unsent: 4.8 MB of pipelined GETs sent behind a data.json being built queued
 * 100,000 requests, whose pages then waited in memory (serve's heap 35 -> 322 MB). Now the
 * 129th waiting request cuts the connection, and those waiting are dropped with it.
 */
import { describe, expect, it } from "vitest";
import { held, inTurn, MAX_WAITING, noMoreRequests } from "../../src/service/pipeline-order.js";

/** A connection as pipeline-order sees it: something that can be destroyed. */
function connection() {
  return {
    destroyed: 0,
    destroy() {
      this.destroyed++;
    },
  };
}

describe("requests waiting behind a held one", () => {
  it("run in order up to MAX_WAITING; one more cuts the connection and none of them runs", () => {
    const socket = connection();
    const ran: number[] = [];
    const release = held(socket);
    for (let i = 0; i < MAX_WAITING; i++) inTurn(socket, () => ran.push(i));
    expect(socket.destroyed).toBe(0);
    inTurn(socket, () => ran.push(-1));
    expect(socket.destroyed).toBe(1);
    release();
    expect(ran).toEqual([]);
    // A request parsed from the rest of the same read is refused as well.
    inTurn(socket, () => ran.push(-2));
    expect(ran).toEqual([]);
  });

  it("MAX_WAITING of them, released, all run in order and the connection stays", () => {
    const socket = connection();
    const ran: number[] = [];
    const release = held(socket);
    for (let i = 0; i < MAX_WAITING; i++) inTurn(socket, () => ran.push(i));
    release();
    expect(ran).toEqual(Array.from({ length: MAX_WAITING }, (_, i) => i));
    inTurn(socket, () => ran.push(MAX_WAITING));
    expect(ran).toHaveLength(MAX_WAITING + 1);
    expect(socket.destroyed).toBe(0);
  });
});

describe("a connection carrying an event stream", () => {
  it("refuses the requests waiting behind the stream's turn, and any later one", () => {
    const socket = {};
    const ran: string[] = [];
    const refused: string[] = [];
    const release = held(socket);
    inTurn(socket, () => ran.push("queued"));
    noMoreRequests(socket, () => refused.push("cut"));
    release();
    inTurn(socket, () => ran.push("later"));
    expect(ran).toEqual([]);
    expect(refused).toEqual(["cut", "cut"]);
  });

  it("answers the connection's next request once the stream has ended (keep-alive)", () => {
    const socket = {};
    const ran: string[] = [];
    const refused: string[] = [];
    const ended = noMoreRequests(socket, () => refused.push("cut"));
    ended();
    inTurn(socket, () => ran.push("next"));
    expect(ran).toEqual(["next"]);
    expect(refused).toEqual([]);
  });
});
