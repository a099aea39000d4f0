/**
 * Requests serve refuses before the service sees them (http-server.ts): without Host,
 * or refused by Node's parser or clock. Each answers in the service's error shape
 * and closes the connection.
 */

import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { encodingProblem, MAX_BODY_BYTES } from "./http-checks.js";
import { doubledField } from "./http-single-fields.js";
import { isOAuthPath } from "./oauth/index.js";
import { isV1Path, v1Message, v1Refusal } from "./v1/transport.js";

/** A body refused before the service sees it: too large, not UTF-8, or compressed. */
export interface RefusedBody {
  readonly status: 400 | 413 | 415;
  readonly detail: string;
}

/**
 * A body refused as not UTF-8 that was sent compressed (Content-Encoding: gzip): refused for
 * its coding, 415, as the service refuses one that reads as text (http-checks.ts
 * checkContentEncoding); before, 400 "the request body is not UTF-8".
 */
function forItsCoding(res: ServerResponse, body: RefusedBody): RefusedBody {
  if (body.status !== 400) return body;
  const problem = encodingProblem(res.req?.headers["content-encoding"]);
  return problem === undefined ? body : { status: 415, detail: problem };
}

/**
 * An error's body in the shape of the surface `url` asks: OAuth's endpoints as RFC 6749
 * §5.2 errors, the deprecated v1 as v1's (`{"errors": ["The request ..."]}`), everything
 * else as v2.1's (`{"errors": [{"status", "detail"}]}`).
 */
function errorText(url: string, status: number, detail: string): string {
  if (isOAuthPath(url))
    return JSON.stringify({ error: "invalid_request", error_description: detail });
  if (isV1Path(url)) return JSON.stringify({ errors: [v1Message(detail)] });
  return JSON.stringify({ errors: [{ status, detail }] });
}

/**
 * A request refused at its head, before its body is read: `status` with an error body in the
 * shape of the surface asked (errorText), and the connection closed (a body left unread
 * would be read as the next request).
 */
function refuseHead(res: ServerResponse, url: string, status: number, detail: string): void {
  const body = errorText(url, status, detail);
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": String(Buffer.byteLength(body)),
    connection: "close",
  });
  res.end(body);
}

/**
 * Answers a refused body in the shape of the surface asked: OAuth's endpoints as RFC 6749
 * §5.2 errors, the deprecated v1 as v1's errors (`{"errors": ["The request body is ..."]}`,
 * as its own 414; it had v2.1's), everything else as v2.1's.
 */
export function refuseBody(url: string, res: ServerResponse, refused: RefusedBody): void {
  const body = forItsCoding(res, refused);
  let status: number = body.status;
  let text: string;
  if (isV1Path(url)) {
    const refusal = v1Refusal(body.status, body.detail);
    status = refusal.status;
    text = JSON.stringify(refusal.body);
  } else text = errorText(url, body.status, body.detail);
  const headers = { "content-type": "application/json; charset=utf-8" };
  if (body.status === 413) answerThenClose(res, status, headers, text);
  else res.writeHead(status, headers).end(text);
}

/**
 * What serve reads of a request after its 413 (the rest of a body too large) before it
 * closes the connection, and for how long at most. Closing it at once under a client's
 * upload would reset it (RST) before the client reads the answer; reading it all let a
 * client make serve read gigabytes (it was read to its end before the 413 was sent).
 */
export const LINGER_BYTES = 1024 * 1024;
const LINGER_MS = 2_000;

/**
 * Sends the whole answer (its length given: a client reads it complete at once) with
 * `Connection: close`, then drops what more of the request arrives, up to LINGER_BYTES,
 * and stops reading (the client's sends wait on TCP's window, and it has time to read the
 * answer: fetch, reset while sending 8 MiB, threw EPIPE rather than show the 413); after
 * LINGER_MS, or at once when the request ends or the client closes, it ends the response
 * and Node closes the connection. A client waiting for `100 Continue` sends nothing more:
 * its connection is closed at once.
 */
function answerThenClose(
  res: ServerResponse,
  status: number,
  headers: Readonly<Record<string, string>>,
  text: string,
): void {
  const length = String(Buffer.byteLength(text));
  res.writeHead(status, { ...headers, "content-length": length, connection: "close" });
  const req = res.req;
  if (req === undefined || req.complete || waitsToSend(req)) {
    res.end(text);
    return;
  }
  res.write(text);
  let read = 0;
  const close = () => {
    clearTimeout(timer);
    req.off("data", count);
    req.off("end", close);
    req.off("close", close);
    if (!res.writableEnded) res.end();
  };
  const count = (chunk: Buffer) => {
    read += chunk.length;
    if (read <= LINGER_BYTES) return;
    req.off("data", count);
    req.pause();
  };
  const timer = setTimeout(close, LINGER_MS);
  req.on("data", count);
  req.on("end", close);
  req.on("close", close);
}

/** A client that sends its body only once told `100 Continue`. */
const waitsToSend = (req: IncomingMessage): boolean =>
  req.headers.expect?.toLowerCase() === "100-continue";

/**
 * A body declared past MAX_BODY_BYTES (Content-Length): refused 413 unread (http-server.ts
 * readBody), before any of it is sent or read; a client waiting for `100 Continue` is not
 * asked for it. Before, one sent at once was read to its end first (drained), whatever its
 * size; now at most LINGER_BYTES of it are read once it is answered (answerThenClose).
 */
export const tooLargeDeclared = (req: IncomingMessage): boolean =>
  Number(req.headers["content-length"] ?? 0) > MAX_BODY_BYTES;

/**
 * `Expect: 100-continue`: the client is asked for the body only when it may be read;
 * one declared too large is answered 413 without the 100 Continue Node sends by default.
 */
export function askForBody(
  server: Server,
  handle: (req: IncomingMessage, res: ServerResponse) => void,
): void {
  server.on("checkContinue", (req: IncomingMessage, res: ServerResponse) => {
    if (!tooLargeDeclared(req)) res.writeContinue();
    handle(req, res);
  });
  // Any other expectation (RFC 9110 §10.1.1): 417 with an error body of the surface asked;
  // before, Node's own 417, an empty chunked body without Content-Type.
  server.on("checkExpectation", (req: IncomingMessage, res: ServerResponse) => {
    const expected = String(req.headers.expect);
    const detail = `the request expects ${expected}, which this server does not do; send it without Expect (or with Expect: 100-continue)`;
    refuseHead(res, originForm(req.url ?? "/")?.path ?? req.url ?? "/", 417, detail);
  });
}

/**
 * The request line and headers Node's parser reads (its `maxHeaderSize`): as much as a
 * body may hold (MAX_BODY_BYTES), so that v1's promise holds, a query string of up to
 * 64 KiB read and one longer answered 414 in v1's shape (v1/params.ts), up to here.
 * Past it the parser refuses the request before its path is read: 431, v2.1's shape.
 */
export const MAX_PARSED_HEAD_BYTES = MAX_BODY_BYTES;

/** The request line and headers of a request outside v1: 16 KiB, Node's default, as before. */
export const MAX_HEAD_BYTES = 16 * 1024;

/**
 * Whether a request outside `/v1/` has a request line and headers over MAX_HEAD_BYTES
 * (counted as sent, an absolute-form target by its origin form: `name: value` and CRLF each).
 * v1's long query strings are v1's to refuse.
 */
export function headTooLarge(req: IncomingMessage, url: string): boolean {
  if (url.startsWith("/v1/")) return false;
  let size = url.length + 16;
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i++) size += raw[i]!.length + 2;
  return size > MAX_HEAD_BYTES;
}

/**
 * Node's parser options: a request without Host is refused by refusedEarly, with an error
 * body; the request line and headers are read up to MAX_PARSED_HEAD_BYTES.
 */
export const PARSER_OPTIONS = {
  requireHostHeader: false,
  maxHeaderSize: MAX_PARSED_HEAD_BYTES,
} as const;

/** An absolute-form request target (`http://host:port/path?query`): its authority and its path. */
const ABSOLUTE_FORM = /^https?:\/\/([^/?#]+)([^#]*)/i;

/**
 * The origin form (`/path?query`) and authority of an absolute-form request target
 * (RFC 9112 §3.2.2), or undefined when `url` is not one.
 */
export function originForm(url: string): { path: string; authority: string } | undefined {
  if (url.startsWith("/")) return undefined;
  const found = ABSOLUTE_FORM.exec(url);
  if (found === null) return undefined;
  const rest = found[2]!;
  return { authority: found[1]!, path: rest.startsWith("/") ? rest : `/${rest}` };
}

/**
 * The request's target as the service reads it (origin form), or undefined when the request
 * was refused here, answered: one the service must not see (an HTTP/1.1 one without Host or
 * with two Host lines, RFC 9112 §3.2; two Authorization or Authorization-Type lines; one outside v1 with a request line and headers over
 * MAX_HEAD_BYTES). An absolute-form target (RFC 9112 §3.2.2: a server MUST accept it) is
 * made its origin form, in `req.url` too, and its authority the request's Host (the Host
 * field is ignored); before, it was 404 "no such path: GET http://...".
 */
export function requestTarget(req: IncomingMessage, res: ServerResponse): string | undefined {
  const sent = req.url ?? "/";
  const absolute = originForm(sent);
  const url = absolute?.path ?? sent;
  // Two Host, Authorization or Authorization-Type lines: which is meant cannot be told (the
  // first credential was taken silently before).
  const doubled = doubledField(req);
  if (req.headers.host === undefined && req.httpVersion === "1.1") refuseHostless(res, url);
  else if (doubled !== undefined) refuseHead(res, url, 400, doubled);
  else if (headTooLarge(req, url)) refuseLargeHead(res);
  else {
    if (absolute !== undefined) {
      req.url = url;
      req.headers.host = absolute.authority;
    }
    return url;
  }
  return undefined;
}

/** The server's refusals of what Node's parser refuses, and its answer to `Expect: 100-continue`. */
export function refusals(
  server: Server,
  handle: (req: IncomingMessage, res: ServerResponse) => void,
  timeoutMs: number,
): void {
  server.on("clientError", (error, socket) => refuseMalformed(error, socket, timeoutMs));
  const track = (req: IncomingMessage, res: ServerResponse) => answering.set(req.socket, res);
  server.prependListener("request", track).prependListener("checkContinue", track);
  askForBody(server, handle);
}

/** The last request read on a connection, answered or not: its answer goes out before a refusal. */
const answering = new WeakMap<Duplex, ServerResponse>();

/** A request line and headers over MAX_HEAD_BYTES outside v1: 431 in the service's shape. */
function refuseLargeHead(res: ServerResponse): void {
  const body = JSON.stringify({ errors: [{ status: 431, detail: LARGE_HEAD_DETAIL }] });
  res.writeHead(431, {
    "content-type": "application/json; charset=utf-8",
    "content-length": String(Buffer.byteLength(body)),
    connection: "close",
  });
  res.end(body);
}

const LARGE_HEAD_DETAIL =
  "the request line and headers are larger than 16 KiB; send long parameters in the body";

/** An HTTP/1.1 request without Host (RFC 9112 3.2), refused in the shape of the surface asked (Node's had no body). */
function refuseHostless(res: ServerResponse, url: string): void {
  const detail = "an HTTP/1.1 request needs a Host header; send Host: the server's address";
  refuseHead(res, url, 400, detail);
}

/** The status, reason and detail of a request Node's parser or clock refused. */
function refusalOf(code: string | undefined, timeoutMs: number): [number, string, string] {
  if (code === "HPE_HEADER_OVERFLOW")
    return [
      431,
      "Request Header Fields Too Large",
      "the request line and headers are larger than 1 MiB; send long parameters in the body",
    ];
  // Issue 24, item 12: a request still arriving when its time ran out was called invalid (400).
  if (code === "ERR_HTTP_REQUEST_TIMEOUT")
    return [
      408,
      "Request Timeout",
      `the request did not arrive in full within ${timeoutMs / 1000} s; send it again`,
    ];
  return [400, "Bad Request", "the request is not valid HTTP/1.1"];
}

/**
 * A request Node's parser refuses before the service sees it (a request line
 * and headers over 1 MiB, a malformed request line, one too slow to arrive)
 * gets an error body of the service's shape instead of a bare status line,
 * then the connection closes.
 */
export function refuseMalformed(error: ParseError, socket: Duplex, timeoutMs: number): void {
  if (refusing.has(socket)) return; // the parser refused again: one refusal, once
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  // Bytes past a request being answered (a body sent without Content-Length is read as the
  // next request): its answer first, then the refusal (RFC 9112 §9.3.2, in order). Written
  // at once, the refusal was the only answer, to a request that had made its change.
  // (Not a request still arriving: the refusal is of it, a 408 say, and goes out now.)
  const pending = answering.get(socket);
  if (pending === undefined || pending.writableFinished || !pending.req.complete) {
    writeRefusal(error, socket, timeoutMs);
    return;
  }
  refusing.add(socket);
  pending.once("finish", () => {
    // Its answer closed the connection (Connection: close): nothing more goes out.
    if (socket.writable) writeRefusal(error, socket, timeoutMs);
  });
}

/** Connections whose refusal waits for the answer before it. */
const refusing = new WeakSet<Duplex>();

type ParseError = Error & { code?: string; rawPacket?: Buffer };

function writeRefusal(error: ParseError, socket: Duplex, timeoutMs: number): void {
  const [status, reason, detail] = refusalOf(error.code, timeoutMs);
  const body = JSON.stringify({ errors: [{ status, detail }] });
  // A HEAD's answer has no body (its client would read one as the next answer's start).
  const head = error.rawPacket?.subarray(0, 5).toString("latin1") === "HEAD ";
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\n` +
      "content-type: application/json; charset=utf-8\r\n" +
      `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${head ? "" : body}`,
  );
}
