/**
 * A request body past the 1 MiB limit, on a real socket to serve's HTTP adapter: the 413
 * comes as soon as the limit is known to be passed (a Content-Length over it: before any
 * body is sent; a chunked body: once its count passes it), with `Connection: close`, and
 * serve reads no more than a small bound of what follows before it closes the connection.
 * Before, the whole body was read (drained) first, whatever its size: a client declaring
 * 10 GiB held serve reading until the request timed out (408), and it could make it read
 * gigabytes. serve answers other connections meanwhile.
 */
import { connect, type Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { useLoopbackService } from "../helpers/loopback-service.js";

// A short request timeout: before the fix, a declared body never sent was answered 408 after it.
const served = useLoopbackService({ dbPath: ":memory:" }, { requestTimeoutMs: 4_000 });

/** What a client writes at most before giving up on serve closing the connection. */
const WRITE_CAP = 256 * 1024 * 1024;
/** What serve may read past the 413, its own bound and the two sockets' buffers together. */
const READ_BOUND = 16 * 1024 * 1024;

interface Upload {
  readonly socket: Socket;
  /** Resolves with everything serve sent once its head and body (the first answer) are in. */
  readonly answer: Promise<string>;
  /** Resolves once the connection is closed (or reset), with what was written in all. */
  readonly closed: Promise<void>;
}

function open(head: string): Upload {
  const socket = connect(served.server.port, "127.0.0.1");
  socket.write(head);
  let text = "";
  const answer = new Promise<string>((resolve) => {
    socket.on("data", (chunk: Buffer) => {
      text += chunk.toString("latin1");
      const end = text.indexOf("\r\n\r\n");
      if (end === -1) return;
      const length = /\r\ncontent-length: (\d+)/i.exec(text.slice(0, end));
      if (length !== null && text.length >= end + 4 + Number(length[1])) resolve(text);
    });
  });
  const closed = new Promise<void>((resolve) => {
    socket.on("close", () => resolve());
    socket.on("error", () => {});
  });
  return { socket, answer, closed };
}

/** Writes `piece` until serve closes the connection or WRITE_CAP bytes went; the bytes written. */
async function writeUntilClosed(upload: Upload, piece: Buffer): Promise<number> {
  let written = 0;
  let closed = false;
  upload.closed.then(() => {
    closed = true;
  });
  while (!closed && written < WRITE_CAP) {
    const more = upload.socket.write(piece);
    written += piece.length;
    if (!more)
      await Promise.race([
        new Promise((resolve) => upload.socket.once("drain", resolve)),
        upload.closed,
      ]);
  }
  upload.socket.destroy();
  return written;
}

async function stillAnswers(): Promise<void> {
  const reply = await fetch(`${served.base}/v2.1/tournaments`);
  expect(reply.status).toBe(200);
  await reply.text();
}

const HEAD =
  "POST /v2.1/tournaments HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/vnd.api+json\r\n";

describe("a request body over 1 MiB", () => {
  it("declared by Content-Length: 413 before the body is sent, then the connection closed after a small bound", async () => {
    const upload = open(`${HEAD}Content-Length: ${10 * 1024 ** 3}\r\n\r\n`);
    const answer = await upload.answer;
    expect(answer.split("\r\n")[0]).toBe("HTTP/1.1 413 Payload Too Large");
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(answer).toContain('"detail":"the request body is larger than 1048576 bytes"');
    // serve answers others while this connection is open.
    await stillAnswers();
    const written = await writeUntilClosed(upload, Buffer.alloc(256 * 1024, 120));
    expect(written).toBeLessThan(READ_BOUND);
    await stillAnswers();
  });

  it("sent chunked: 413 once its count passes the limit, then the connection closed after a small bound", async () => {
    const upload = open(`${HEAD}Transfer-Encoding: chunked\r\n\r\n`);
    const size = 64 * 1024;
    const chunk = Buffer.concat([
      Buffer.from(`${size.toString(16)}\r\n`),
      Buffer.alloc(size, 120),
      Buffer.from("\r\n"),
    ]);
    // Past the limit, and then not a byte more until the answer comes.
    for (let i = 0; i < 17; i++) upload.socket.write(chunk);
    const answer = await upload.answer;
    expect(answer.split("\r\n")[0]).toBe("HTTP/1.1 413 Payload Too Large");
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    await stillAnswers();
    const written = await writeUntilClosed(upload, chunk);
    expect(written).toBeLessThan(READ_BOUND);
    await stillAnswers();
  });
});
