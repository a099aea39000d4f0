/**
 * The remote backend: HTTP(S), loaded lazily on the first request: straight to
 * the service over node:http(s) (direct-http.ts), or through the proxy that
 * HTTPS_PROXY / HTTP_PROXY name (unless NO_PROXY names the host) with undici's
 * EnvHttpProxyAgent. One keep-alive agent per transport; connect and response
 * timeouts in seconds (not undici's five minutes); socket failures become
 * NetworkError and TimeoutError naming the host, or the proxy and its variable when
 * the tunnel through it fails (proxy-tunnel.ts).
 */
import type { Dispatcher } from "undici";
import type { Exchange, ExchangeRequest, ExchangeResponse } from "./direct-http.js";
import { ANSWER_TIMEOUT, mapNetworkError, type NetworkContext } from "./network-errors.js";
import { proxyRoute, proxySettings } from "./proxy-env.js";
import { tunnelClientFactory } from "./proxy-tunnel.js";
import type { Transport, TransportRequest, TransportResponse } from "./transport.js";

export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
export const DEFAULT_RESPONSE_TIMEOUT_MS = 30_000;
const KEEP_ALIVE_TIMEOUT_MS = 10_000;

export interface RemoteTransportOptions {
  /** "https://api.example.com" (a path prefix is kept: "https://host/api"). */
  readonly baseUrl: string;
  readonly connectTimeoutMs?: number | undefined;
  /** Limit on the whole answer (headers and body) of a request, and on each pause. */
  readonly responseTimeoutMs?: number | undefined;
  /**
   * Environment to read proxy settings from (http_proxy, HTTP_PROXY, https_proxy,
   * HTTPS_PROXY, no_proxy, NO_PROXY); undefined reads process.env.
   */
  readonly env?: Readonly<Record<string, string | undefined>> | undefined;
  /** Sent as User-Agent unless the request sets one. */
  readonly userAgent?: string | undefined;
}

function parseBaseUrl(baseUrl: string): URL {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new TypeError(`invalid base URL ${JSON.stringify(baseUrl)}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new TypeError(`the base URL must start with https:// or http://, not ${url.protocol}`);
  }
  return url;
}

type Undici = typeof import("undici");

/** The agent of a transport: direct (node:http) unless a proxy applies (undici). */
async function openExchange(
  url: URL,
  context: NetworkContext,
  env: RemoteTransportOptions["env"],
): Promise<Exchange> {
  const route = proxyRoute(url, env ?? process.env);
  const { connectTimeoutMs, responseTimeoutMs } = context;
  if (route === undefined) {
    const { DirectHttp } = await import("./direct-http.js");
    const https = url.protocol === "https:";
    const keepAliveTimeoutMs = KEEP_ALIVE_TIMEOUT_MS;
    return new DirectHttp({ https, connectTimeoutMs, responseTimeoutMs, keepAliveTimeoutMs });
  }
  const imported = await import("undici");
  // Bundled as an ES module chunk, a CommonJS package's exports sit on `default`.
  const undici: Undici = imported.EnvHttpProxyAgent
    ? imported
    : (imported as unknown as { default: Undici }).default;
  const proxied = new undici.EnvHttpProxyAgent({
    connect: { timeout: connectTimeoutMs },
    proxyTls: { timeout: connectTimeoutMs },
    clientFactory: tunnelClientFactory(undici.Pool, route, responseTimeoutMs),
    headersTimeout: responseTimeoutMs,
    bodyTimeout: responseTimeoutMs,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    ...proxySettings(env ?? process.env),
  });
  const send: Exchange["request"] = ({ origin, path, method, headers, body, signal }) =>
    proxied.request({
      origin,
      path,
      method: method as Dispatcher.HttpMethod,
      headers,
      body: body ?? null,
      ...(signal ? { signal } : {}),
    });
  return {
    request: (request) =>
      request.stream === true ? send(request) : withinTime(send, request, responseTimeoutMs),
    close: () => proxied.close(),
  };
}

/**
 * `send(request)` whose whole answer (headers and body) must come within `ms` of its
 * dispatch, as DirectHttp's limitAnswer: undici's own limits are on each pause only.
 */
async function withinTime(
  send: Exchange["request"],
  request: ExchangeRequest,
  ms: number,
): Promise<ExchangeResponse> {
  const deadline = new AbortController();
  const expire = () =>
    deadline.abort(
      Object.assign(new Error(`response timeout (${ms} ms)`), { code: ANSWER_TIMEOUT }),
    );
  // Until the headers come, undici's own limits (the proxy's CONNECT, the headers) say which
  // wait failed; a body begun after the time is up is cut at once.
  // A request with a body (an upload) is timed from its answer: undici does not tell when
  // the body is sent, and its sending is bounded by the pauses alone.
  let answered = false;
  let expired = false;
  const arm = () =>
    setTimeout(() => {
      if (answered) expire();
      else expired = true;
    }, ms);
  let timer = request.body == null ? arm() : undefined;
  const { signal } = request;
  const both = signal ? AbortSignal.any([signal, deadline.signal]) : deadline.signal;
  try {
    const response = await send({ ...request, signal: both });
    answered = true;
    timer ??= arm();
    if (expired) expire();
    const body = response.body;
    const read = body.text.bind(body);
    const text = () =>
      read()
        .catch((error: unknown) => {
          throw deadline.signal.aborted ? deadline.signal.reason : error;
        })
        .finally(() => clearTimeout(timer));
    return { ...response, body: Object.assign(body, { text }) };
  } catch (error) {
    clearTimeout(timer);
    throw deadline.signal.aborted ? deadline.signal.reason : error;
  }
}

/**
 * A redirect's Location made absolute against the address asked (`asked`), so that its
 * error (response-errors.ts) names the whole address: redirects are never followed.
 */
function locatedAt(status: number, headers: Record<string, string>, asked: string) {
  const location = headers.location;
  if (status < 300 || status >= 400 || location === undefined || !URL.canParse(location, asked))
    return headers;
  return { ...headers, location: new URL(location, asked).toString() };
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>) {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined)
      flat[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
  }
  return flat;
}

export function createRemoteTransport(options: RemoteTransportOptions): Transport {
  const url = parseBaseUrl(options.baseUrl);
  const prefix = url.pathname.replace(/\/+$/, "");
  const context: NetworkContext = {
    host: url.host,
    connectTimeoutMs: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    responseTimeoutMs: options.responseTimeoutMs ?? DEFAULT_RESPONSE_TIMEOUT_MS,
  };
  let agent: Promise<Exchange> | undefined;

  function dispatcher(): Promise<Exchange> {
    agent ??= openExchange(url, context, options.env);
    return agent;
  }

  async function exchange(request: TransportRequest): Promise<TransportResponse> {
    const headers: Record<string, string> = { ...request.headers };
    const named = Object.keys(headers).some((name) => name.toLowerCase() === "user-agent");
    if (options.userAgent !== undefined && !named) headers["user-agent"] = options.userAgent;
    const response = await (await dispatcher()).request({
      origin: url.origin,
      path: `${prefix}${request.path}`,
      method: request.method,
      headers,
      body: request.body ?? null,
    });
    // A byte order mark before the JSON (some Windows/IIS back ends) is dropped (RFC 8259
    // §8.1 allows it): before, every command refused the answer as "not JSON".
    const body = (await response.body.text()).replace(/^\uFEFF/, "");
    const status = response.statusCode;
    const asked = `${url.origin}${prefix}${request.path}`;
    return { status, headers: locatedAt(status, flattenHeaders(response.headers), asked), body };
  }

  async function stream(
    request: TransportRequest,
    onText: (text: string) => void,
    signal: AbortSignal,
  ): Promise<TransportResponse> {
    const response = await (await dispatcher()).request({
      origin: url.origin,
      path: `${prefix}${request.path}`,
      method: request.method,
      headers: { ...request.headers },
      signal,
      stream: true,
    });
    const asked = `${url.origin}${prefix}${request.path}`;
    const headers = locatedAt(response.statusCode, flattenHeaders(response.headers), asked);
    const type = headers["content-type"] ?? "";
    if (response.statusCode !== 200 || !type.startsWith("text/event-stream"))
      return { status: response.statusCode, headers, body: await response.body.text() };
    // One decoder for the stream: a character split across chunks is decoded whole.
    const decoder = new TextDecoder();
    for await (const chunk of response.body)
      onText(decoder.decode(chunk as Uint8Array, { stream: true }));
    return { status: 200, headers, body: "" };
  }

  return {
    stream: async (request, onText, signal) => {
      try {
        return await stream(request, onText, signal);
      } catch (error) {
        if (signal.aborted) return { status: 499, headers: {}, body: "" };
        throw mapNetworkError(error, context);
      }
    },
    async send(request) {
      try {
        return await exchange(request);
      } catch (error) {
        throw mapNetworkError(error, context);
      }
    },
    async close() {
      if (agent === undefined) return;
      const pending = agent;
      agent = undefined;
      await (await pending).close();
    },
  };
}
