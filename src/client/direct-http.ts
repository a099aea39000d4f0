/**
 * Requests straight to the service over Node's own HTTP client (node:http, or
 * node:https for an https:// base URL), for the remote transport when no proxy
 * applies to the service's host (remote-transport.ts; proxies go through undici).
 *
 * Why not undici here too (issue 27, measured on the shared 2-core machine, in the
 * same runs): a remote command paid 70-160 ms to load even a trimmed, code-cached
 * undici (dist/http.js) and 95-220 ms for its first request (compiling llhttp's
 * WebAssembly among it), against 23-62 ms to load node:http and 50-78 ms for its
 * first request: Node's parser is native and already compiled. For a process that
 * makes a handful of requests, that difference is most of its cost.
 *
 * Same client behaviour as the undici agent (DESIGN.md §3): one keep-alive agent
 * (connections reused across the requests of a command), a connect timeout, a
 * response timeout on the whole answer (from the request sent to the body's last byte:
 * before, on each pause only, so a server trickling a byte every 100 ms held a command
 * with `timeout 2` for a minute) and on each pause in sending a body (an upload). Timeouts
 * fail with the codes undici gives the same timeouts, so network-errors.ts maps
 * both transports alike; socket errors keep Node's codes (ECONNREFUSED, ...).
 */
import type { Agent, ClientRequest, IncomingMessage } from "node:http";
import { ANSWER_TIMEOUT } from "./network-errors.js";

/** A request as the remote transport makes it (a subset of undici's Dispatcher#request). */
export interface ExchangeRequest {
  readonly origin: string;
  readonly path: string;
  readonly method: string;
  readonly headers: Record<string, string>;
  readonly body?: string | Buffer | null | undefined;
  readonly signal?: AbortSignal | undefined;
  /** An event stream: no limit on the whole answer, only on its pauses. */
  readonly stream?: boolean | undefined;
}

export interface ExchangeResponse {
  readonly statusCode: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: AsyncIterable<unknown> & { text(): Promise<string> };
}

/** What the remote transport sends requests through: undici's agent, or DirectHttp. */
export interface Exchange {
  request(options: ExchangeRequest): Promise<ExchangeResponse>;
  close(): Promise<void>;
}

export interface DirectHttpOptions {
  readonly https: boolean;
  readonly connectTimeoutMs: number;
  readonly responseTimeoutMs: number;
  /** How long an idle connection is kept for the next request. */
  readonly keepAliveTimeoutMs: number;
}

function codedError(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

/** The body's text, decoded once whole (a character split across chunks stays whole). */
async function textOf(response: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Fails `request` when its connection is not made within the connect timeout. */
function limitConnect(request: ClientRequest, options: DirectHttpOptions): void {
  request.once("socket", (socket) => {
    if (!socket.connecting) return; // a kept-alive connection, already open
    const timer = setTimeout(() => {
      const ms = options.connectTimeoutMs;
      request.destroy(codedError(`connect timeout (${ms} ms)`, "UND_ERR_CONNECT_TIMEOUT"));
    }, options.connectTimeoutMs);
    socket.once(options.https ? "secureConnect" : "connect", () => clearTimeout(timer));
    socket.once("close", () => clearTimeout(timer));
  });
}

/**
 * Fails `request` when its whole answer (headers and body) has not come within `ms` of the
 * request being sent: the clock starts once its body is written (an upload's own time is
 * bounded by the idle limit alone), so each request of a paged list has its own.
 */
function limitAnswer(
  request: ClientRequest,
  answer: () => IncomingMessage | undefined,
  ms: number,
): void {
  let timer: NodeJS.Timeout | undefined;
  const clear = () => clearTimeout(timer);
  request.once("finish", () => {
    timer = setTimeout(() => {
      const response = answer();
      const error =
        response === undefined
          ? codedError(`headers timeout (${ms} ms)`, "UND_ERR_HEADERS_TIMEOUT")
          : codedError(`response timeout (${ms} ms)`, ANSWER_TIMEOUT);
      request.destroy(error);
      response?.destroy(error);
    }, ms);
  });
  request.once("error", clear);
  request.once("close", () => {
    const response = answer();
    if (response === undefined || response.closed) clear();
    else response.once("close", clear);
  });
}

export class DirectHttp implements Exchange {
  readonly #options: DirectHttpOptions;
  readonly #agent: Agent;
  readonly #request: typeof import("node:http").request;

  constructor(options: DirectHttpOptions) {
    this.#options = options;
    // Fetched here, not imported: the core loads this file only for a remote command.
    const http = process.getBuiltinModule(options.https ? "node:https" : "node:http");
    this.#request = http.request as typeof import("node:http").request;
    this.#agent = new http.Agent({ keepAlive: true, timeout: options.keepAliveTimeoutMs });
  }

  request(options: ExchangeRequest): Promise<ExchangeResponse> {
    return new Promise((resolve, reject) => {
      const request = this.#request(new URL(options.path, options.origin), {
        method: options.method,
        // A Content-Length for a body (one the caller gives wins: headers are set in order,
        // whatever their case). Node's client frames a body by itself only for the methods
        // it expects one with: a DELETE's or OPTIONS's (`tourney api -X DELETE --input f`)
        // went out with neither Content-Length nor Transfer-Encoding, so the server read it
        // as a next request (RFC 9112 §6.3: no framing, no body) and answered that 400.
        headers:
          options.body == null
            ? options.headers
            : { "content-length": Buffer.byteLength(options.body), ...options.headers },
        agent: this.#agent,
        ...(options.signal ? { signal: options.signal } : {}),
      });
      let response: IncomingMessage | undefined;
      limitConnect(request, this.#options);
      if (options.stream !== true)
        limitAnswer(request, () => response, this.#options.responseTimeoutMs);
      // The socket's idle limit: an upload's pauses, then waiting for the headers and the body.
      request.setTimeout(this.#options.responseTimeoutMs, () => {
        const answered = response !== undefined;
        const ms = this.#options.responseTimeoutMs;
        const error = answered
          ? codedError(`body timeout (${ms} ms)`, "UND_ERR_BODY_TIMEOUT")
          : codedError(`headers timeout (${ms} ms)`, "UND_ERR_HEADERS_TIMEOUT");
        request.destroy(error);
        response?.destroy(error);
      });
      request.once("error", reject);
      request.once("response", (answer) => {
        response = answer;
        resolve({
          statusCode: answer.statusCode ?? 0,
          headers: answer.headers,
          body: Object.assign(answer, { text: () => textOf(answer) }),
        });
      });
      request.end(options.body ?? undefined);
    });
  }

  async close(): Promise<void> {
    this.#agent.destroy();
  }
}
