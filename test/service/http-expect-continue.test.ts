/**
 * `Expect: 100-continue` with a body declared past the 1 MiB limit: serve answers 413 at
 * once, in the service's error shape, and never asks for the body. Node's default sent
 * `100 Continue`, so the client uploaded the whole body (a gigabyte, if declared so) for
 * the 413 that followed. A body within the limit is still asked for and served.
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
  service = await openService({ dbPath: ":memory:" });
  server = await startHttpServer(service, { host: "127.0.0.1", port: 0 });
});
afterAll(async () => {
  await server.close();
  service.close();
});

const head = (length: number) =>
  "POST /v2.1/tournaments.json HTTP/1.1\r\nHost: 127.0.0.1\r\n" +
  `Content-Type: application/vnd.api+json\r\nContent-Length: ${length}\r\n` +
  "Expect: 100-continue\r\n\r\n";

/** Sends `text`; `onData` sees everything received so far and may write more. */
function exchange(text: string, onData: (all: string, write: (s: string) => void) => boolean) {
  return new Promise<string>((resolve, reject) => {
    const socket = connect(server.port, "127.0.0.1");
    let all = "";
    socket.setEncoding("utf8");
    socket.on("data", (d) => {
      all += d;
      if (onData(all, (s) => socket.write(s))) {
        socket.destroy();
        resolve(all);
      }
    });
    socket.on("end", () => resolve(all));
    socket.on("error", reject);
    socket.write(text);
  });
}

describe("Expect: 100-continue", () => {
  it("with a body declared too large: 413 at once, no 100 Continue, the connection closed", async () => {
    // A 100 Continue ends the exchange at once (the client would now send 50 MiB).
    const answer = await exchange(head(50 * 1024 * 1024), (all) => all.startsWith("HTTP/1.1 100"));
    const [lines, body] = answer.split("\r\n\r\n");
    expect(lines!.split("\r\n")[0]).toBe("HTTP/1.1 413 Payload Too Large");
    expect(lines).toContain("connection: close");
    const error = { status: 413, detail: "the request body is larger than 1048576 bytes" };
    expect(body).toContain(JSON.stringify({ errors: [error] }));
  });

  it("with a body within the limit: 100 Continue, then the request is served", async () => {
    const body = JSON.stringify({
      data: { type: "tournament", attributes: { name: "Cup", tournament_type: "swiss" } },
    });
    let sent = false;
    const answer = await exchange(head(Buffer.byteLength(body)), (all, write) => {
      if (!sent && all.startsWith("HTTP/1.1 100 Continue\r\n\r\n")) {
        sent = true;
        write(body);
      }
      return /HTTP\/1\.1 201 [\s\S]*"name":"Cup"/.test(all);
    });
    expect(answer.startsWith("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 201 Created")).toBe(true);
  });
});
