/** A transport for client tests: records each request and answers from a script. */

import type { Transport } from "../../src/client/transport.js";
import type { HttpRequest, HttpResponse } from "../../src/model/http.js";

export interface Reply {
  readonly status: number;
  readonly headers?: Record<string, string>;
  /** A string is sent as is; anything else as JSON. */
  readonly body?: unknown;
}

/** A reply, an error to throw, or a function of the request giving either. */
export type Step = Reply | Error | ((request: HttpRequest) => Reply | Error);

export interface StubTransport extends Transport {
  readonly requests: HttpRequest[];
  closed: boolean;
}

function toResponse(reply: Reply): HttpResponse {
  const body =
    reply.body === undefined
      ? ""
      : typeof reply.body === "string"
        ? reply.body
        : JSON.stringify(reply.body);
  return { status: reply.status, headers: reply.headers ?? {}, body };
}

function makeStub(next: (request: HttpRequest) => Step | undefined): StubTransport {
  const stub: StubTransport = {
    requests: [],
    closed: false,
    async send(request) {
      stub.requests.push(request);
      const step = next(request);
      if (step === undefined) {
        throw new Error(`unexpected request ${request.method} ${request.path}`);
      }
      const outcome = typeof step === "function" ? step(request) : step;
      if (outcome instanceof Error) throw outcome;
      return toResponse(outcome);
    },
    async close() {
      stub.closed = true;
    },
  };
  return stub;
}

/** Answers with `steps` in order; a request beyond the script fails loudly. */
export function stubTransport(...steps: Step[]): StubTransport {
  const queue = [...steps];
  return makeStub(() => queue.shift());
}

/** Answers every request with `answer(request)`. */
export function routeTransport(answer: (request: HttpRequest) => Reply | Error): StubTransport {
  return makeStub(answer);
}

export function record(
  id: string | number,
  type: string,
  attributes: Record<string, unknown> = {},
) {
  return { id: String(id), type, attributes };
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Reply {
  return { status, body, headers: { "content-type": "application/json", ...headers } };
}
