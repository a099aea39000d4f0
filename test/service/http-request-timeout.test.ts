/**
 * Issue 24, item 12, as a slow client meets serve's HTTP adapter on loopback: a
 * request whose body has not arrived in full when its time runs out was answered
 * 400 "not valid HTTP/1.1". It is a 408 saying so (the limit is 30 s in `serve`;
 * 1 s here), in the service's error shape, and the connection closes.
 */
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  openService,
  type RunningServer,
  type Service,
  startHttpServer,
} from "../../src/service/index.js";

let service: Service;
let server: RunningServer;

beforeAll(async () => {
  service = await openService({ dbPath: ":memory:", requireAuth: true });
  server = await startHttpServer(service, { host: "127.0.0.1", port: 0, requestTimeoutMs: 1000 });
});
afterAll(async () => {
  await server.close();
  service.close();
});

/**
 * Sends `head` and part of a body, then nothing more (or `rest` after `restAfterMs`, if the
 * connection is still open); resolves with what comes back.
 */
function stall(text: string, port = server.port, rest?: string, restAfterMs = 0): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (d) => {
      answer += d;
    });
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
    socket.write(text);
    if (rest !== undefined)
      setTimeout(() => {
        if (socket.writable) socket.write(rest);
      }, restAfterMs);
  });
}

const CREATE = '{"data":{"type":"tournaments","attributes":{"name":"Late"}}}';
const CREATE_HEAD =
  "POST /v2.1/tournaments.json HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n" +
  `Content-Type: application/vnd.api+json\r\nContent-Length: ${CREATE.length}\r\n\r\n`;

describe("a request too slow to arrive", () => {
  it("is answered 408 naming the limit, not 400", async () => {
    const answer = await stall(
      "POST /v2.1/tournaments.json HTTP/1.1\r\nHost: 127.0.0.1\r\n" +
        "Content-Type: application/vnd.api+json\r\nContent-Length: 100\r\n\r\n" +
        '{"data":',
    );
    const [head, body] = answer.split("\r\n\r\n");
    expect(head!.split("\r\n")[0]).toBe("HTTP/1.1 408 Request Timeout");
    expect(head).toContain("connection: close");
    expect(JSON.parse(body!)).toEqual({
      errors: [
        { status: 408, detail: "the request did not arrive in full within 1 s; send it again" },
      ],
    });
  });

  it("is cut when the answer says: a body ending half the limit late is refused", async () => {
    // The answer said "within 1 s" (30 s in serve), but Node looked for late requests only
    // once a limit: a request was cut 1 to 2 limits after it began, and a body that ended
    // in between was served. Node looks when a stalled probe is cut: the request sent right
    // then met the next look a whole limit later, and its body ends 1.5 limits in.
    expect(await stall(CREATE_HEAD)).toContain("HTTP/1.1 408 Request Timeout");
    const answer = await stall(
      CREATE_HEAD + CREATE.slice(0, 8),
      server.port,
      CREATE.slice(8),
      1500,
    );
    expect(answer.split("\r\n")[0]).toBe("HTTP/1.1 408 Request Timeout");
    expect(answer).toContain("the request did not arrive in full within 1 s; send it again");
  });

  it("still calls a malformed request line 400", async () => {
    const answer = await stall("NOT HTTP\r\n\r\n");
    expect(answer.split("\r\n")[0]).toBe("HTTP/1.1 400 Bad Request");
  });
});
