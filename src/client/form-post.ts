/**
 * Form-encoded POSTs to OAuth endpoints (the device authorization and token endpoints),
 * over the remote transport: same timeouts, proxy settings, User-Agent and network errors
 * as API requests, one keep-alive transport per origin. The verbose log shows these
 * requests as it shows API requests: credential headers redacted, bodies by size only
 * (they carry device codes and refresh tokens).
 */
import type { FormAnswer, FormPoster } from "../auth/token-endpoint.js";
import type { HttpRequest } from "../model/http.js";
import { createRemoteTransport, type RemoteTransportOptions } from "./remote-transport.js";
import { type LogSink, logFailure, logRequest, logResponse } from "./request-log.js";
import { parseRetryAfter } from "./retry.js";
import type { Transport } from "./transport.js";

export interface FormPosterOptions {
  readonly env?: RemoteTransportOptions["env"];
  readonly userAgent?: string | undefined;
  readonly responseTimeoutMs?: number | undefined;
  readonly log?: LogSink | undefined;
  /** Epoch milliseconds, for log timings. */
  readonly now?: (() => number) | undefined;
  /** Replaces the remote transport of an origin (tests). */
  readonly makeTransport?: ((origin: string) => Transport) | undefined;
}

export interface FormPosterHandle {
  readonly post: FormPoster;
  /** Closes the keep-alive connections. */
  close(): Promise<void>;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function createFormPoster(options: FormPosterOptions = {}): FormPosterHandle {
  const transports = new Map<string, Transport>();
  const now = options.now ?? Date.now;
  const transportOf = (origin: string): Transport => {
    let transport = transports.get(origin);
    if (transport === undefined) {
      transport =
        options.makeTransport?.(origin) ??
        createRemoteTransport({
          baseUrl: origin,
          env: options.env,
          userAgent: options.userAgent,
          responseTimeoutMs: options.responseTimeoutMs,
        });
      transports.set(origin, transport);
    }
    return transport;
  };

  async function post(url: string, form: Readonly<Record<string, string>>): Promise<FormAnswer> {
    const target = new URL(url);
    const request: HttpRequest = {
      method: "POST",
      path: `${target.pathname}${target.search}`,
      headers: {
        Accept: "application/json",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams(form).toString(),
    };
    const { log } = options;
    if (log !== undefined) logRequest(log, request);
    const started = now();
    try {
      const response = await transportOf(target.origin).send(request);
      if (log !== undefined) logResponse(log, response, now() - started);
      const retryAfter = parseRetryAfter(response.headers["retry-after"], now());
      const location = response.headers.location;
      const answer = {
        status: response.status,
        body: parseJson(response.body),
        // Named in the error of a redirect (auth/token-endpoint.ts): never followed.
        ...(location !== undefined && URL.canParse(location, url)
          ? { location: new URL(location, url).toString() }
          : {}),
      };
      return retryAfter === undefined ? answer : { ...answer, retryAfterSeconds: retryAfter };
    } catch (error) {
      if (log !== undefined) logFailure(log, error, now() - started);
      throw error;
    }
  }

  return {
    post,
    async close() {
      const open = [...transports.values()];
      transports.clear();
      await Promise.all(open.map((t) => t.close()));
    },
  };
}
