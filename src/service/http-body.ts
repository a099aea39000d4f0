/**
 * Reading a request's body for serve's HTTP adapter (http-server.ts): as text, refused when
 * it is not UTF-8 or passes MAX_BODY_BYTES (http-refusals.ts answers the refusal).
 */
import type { IncomingMessage } from "node:http";
import { decodeUtf8, hexByte } from "../model/strict-utf8.js";
import { MAX_BODY_BYTES } from "./http-checks.js";
import { type RefusedBody, tooLargeDeclared } from "./http-refusals.js";
import { held } from "./pipeline-order.js";

const TOO_LARGE: RefusedBody = {
  status: 413,
  detail: `the request body is larger than ${MAX_BODY_BYTES} bytes`,
};

/** The body as text; bytes that are not UTF-8 are refused, never read as U+FFFD (issue 24, item 7). */
function bodyText(chunks: Buffer[]): string | RefusedBody {
  // Most bodies come in one chunk: decoded as it is, not copied first.
  const decoded = decodeUtf8(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
  if ("text" in decoded) return decoded.text;
  const { offset, byte } = decoded.bad;
  return {
    status: 400,
    detail: `the request body is not UTF-8: byte ${offset} is ${hexByte(byte)} (Latin-1 or another encoding?); send the text as UTF-8`,
  };
}

/**
 * Reads the body, then calls `done` with it, or with TOO_LARGE as soon as it passes the
 * limit (declared so, or counted so as it comes: the 413 lingers a bounded while, then
 * closes the connection; http-refusals.ts answerThenClose). A request with neither Content-Length nor
 * Transfer-Encoding has no body (RFC 9112 6.3): it is answered at once, with no
 * listeners and no promise (a GET under autocannon -c 32 on `serve`: 2-4 us of
 * CPU less a request, /proc/PID/stat before and after).
 */
export function readBody(
  req: IncomingMessage,
  answered: (() => void) | undefined,
  done: (body: string | RefusedBody) => void,
): void {
  const { headers } = req;
  const none =
    headers["content-length"] === undefined && headers["transfer-encoding"] === undefined;
  // No body; or one declared too large before it is sent, refused unread (then closed).
  if (none || tooLargeDeclared(req)) {
    done(none ? "" : TOO_LARGE);
    return;
  }
  // A read with a body: the connection's later requests wait for it to be handed over
  // (a write holds them until it is answered: `answered`; pipeline-order.ts).
  const ahead = answered === undefined ? held(req.socket) : undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  const finish = (body: string | RefusedBody) => {
    try {
      done(body);
    } finally {
      ahead?.();
    }
  };
  const take = (chunk: Buffer) => {
    size += chunk.length;
    if (size <= MAX_BODY_BYTES) {
      chunks.push(chunk);
      return;
    }
    // Past the limit (a chunked body): answered now, not once the rest is read.
    req.off("data", take);
    req.off("end", ended);
    chunks.length = 0;
    finish(TOO_LARGE);
  };
  const ended = () => finish(bodyText(chunks));
  req.on("data", take);
  req.on("end", ended);
  req.on("error", () => req.socket.destroy());
}
