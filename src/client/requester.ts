/**
 * The core request function every resource module goes through: builds the
 * HTTP request (base path, query, community scope, headers, credentials,
 * envelope), sends it through the transport with retries and the verbose log,
 * maps error responses to typed errors and decodes documents.
 */
import type { HttpMethod, HttpRequest, HttpResponse } from "../model/http.js";
import type { BytesSink, RecordsShape, WrittenRecords } from "../model/records-json.js";
import {
  type ApiList,
  type ApiRecord,
  decodeList,
  decodeSingle,
  encodeBody,
  parseResponseBody,
  type RequestDocument,
} from "./envelope.js";
import { UnsendableCredentialError } from "./errors.js";
import { collectPages, eachPage } from "./pagination.js";
import { publishedPath } from "./published-path.js";
import { type LogSink, logFailure, logRequest, logResponse, logRetry } from "./request-log.js";
import { errorFromResponse } from "./response-errors.js";
import {
  DEFAULT_RETRY_POLICY,
  type RetryDeps,
  type RetryPolicy,
  sendWithRetries,
} from "./retry.js";
import type { Transport } from "./transport.js";
import { unreadableFieldReader } from "./unreadable-fields.js";
import { sendWrite } from "./write-outcome.js";

export interface Credentials {
  readonly apiKey?: string;
  readonly token?: string;
}

export type QueryValue = string | number | boolean | undefined;
export type Query = Readonly<Record<string, QueryValue>>;

export interface ApiCall {
  readonly method: HttpMethod;
  /** Path under the base path, e.g. "/tournaments/12" (see resourcePath). */
  readonly path: string;
  readonly query?: Query;
  readonly body?: RequestDocument;
  /** Headers of this call beside the usual ones (an update's `If-Match`). */
  readonly headers?: Readonly<Record<string, string>>;
}

export interface Requester {
  /**
   * Sends `request` as it is (`tourney api`; its path from the service root) with the
   * credentials' headers under its own, through the retries, the token renewal and the
   * log; returns the response whatever its status.
   */
  raw(request: HttpRequest): Promise<HttpResponse>;
  /** Sends the call; returns the parsed JSON body (undefined when empty). Throws typed errors. */
  send(call: ApiCall): Promise<unknown>;
  single(call: ApiCall): Promise<ApiRecord>;
  list(call: ApiCall): Promise<ApiList>;
  /** Every page, asked with per_page at the maximum. */
  listAll(call: ApiCall): Promise<ApiRecord[]>;
  /** The same pages as listAll, each yielded as it comes (pagination.ts eachPage). */
  pages(call: ApiCall): AsyncIterable<ApiRecord[]>;
  /** For calls answered with 204 (or whose body does not matter). */
  none(call: ApiCall): Promise<void>;
  /**
   * Writes every record of the list `call` asks for to `write` as the CLI's `--json` text
   * (Transport.records), or undefined with nothing written (the transport has none for it,
   * or the log is on): list with listAll.
   */
  records(
    call: ApiCall,
    write: BytesSink,
    shape?: RecordsShape,
  ): Promise<WrittenRecords | undefined>;
  /**
   * A GET sent with If-None-Match `etag` (when given): undefined when answered 304
   * (unchanged, no body), else the parsed body and the response's ETag. Throws typed
   * errors as `send` does (a 429 with its Retry-After).
   */
  conditional(
    call: ApiCall,
    etag: string | undefined,
  ): Promise<{ readonly etag: string | undefined; readonly body: unknown } | undefined>;
  /** The call as an event stream (Transport.stream); undefined when the transport has none. */
  stream(
    call: ApiCall,
    headers: Readonly<Record<string, string>>,
    onText: (text: string) => void,
    signal: AbortSignal,
  ): Promise<HttpResponse> | undefined;
}

/**
 * Renews an expired access token (the refresh_token grant; src/auth/session.ts): a request
 * answered 401, or sent after `expiresAt`, renews and is sent again with the new token; a
 * renewed token is renewed again only once the server has taken it and then refuses it.
 * Given only for a remote profile whose stored token has a refresh token.
 */
export interface TokenRenewal {
  /** Epoch milliseconds at which the token expires, when known. */
  readonly expiresAt?: number;
  /** The new access token; throws (SessionExpiredError) when the sign-in cannot be renewed. */
  renew(usedToken: string): Promise<string>;
}

export interface RequesterOptions {
  readonly transport: Transport;
  readonly credentials?: Credentials;
  readonly renewal?: TokenRenewal;
  readonly log?: LogSink;
  readonly sleep: (ms: number) => Promise<void>;
  readonly random: () => number;
  /** Epoch milliseconds. */
  readonly now: () => number;
  readonly basePath: string;
  readonly communityId?: string;
  readonly retryPolicy?: RetryPolicy;
  /**
   * Paths as the published description writes them (published-path.ts): `.json` on
   * each, the community scope as a path where the description has one. For a service
   * known only through that description (the remote backend); serve takes both forms.
   */
  readonly publishedForm?: boolean;
  /**
   * Told of each field of a record it could not read (unreadable-fields.ts: a date of
   * "string", an id of prose), once per field; such values are read as null. Undefined:
   * records are taken as sent.
   */
  readonly onUnreadable?: (note: string) => void;
}

/** What an HTTP header value may hold: visible ASCII, spaces and tabs. */
const HEADER_SAFE = /^[\t\x20-\x7e]*$/;

/** Whether an HTTP header can carry `value` as it is. */
export function headerSafe(value: string): boolean {
  return HEADER_SAFE.test(value);
}

/** A credential a header cannot carry is refused before anything is sent (exit 2). */
function checkCredential(value: string, what: "API key" | "token"): string {
  if (headerSafe(value)) return value;
  throw new UnsendableCredentialError(what);
}

/** Authorization headers: a token wins over an API key when both are given. */
export function authHeaders(credentials: Credentials | undefined): Record<string, string> {
  if (credentials?.token) {
    const token = checkCredential(credentials.token, "token");
    return { Authorization: `Bearer ${token}`, "Authorization-Type": "v2" };
  }
  if (credentials?.apiKey) {
    const key = checkCredential(credentials.apiKey, "API key");
    return { Authorization: key, "Authorization-Type": "v1" };
  }
  return {};
}

function requestPath(options: RequesterOptions, call: ApiCall, stream = false): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(call.query ?? {})) {
    if (value !== undefined) params.set(name, String(value));
  }
  const published = options.publishedForm === true;
  const path = published && !stream ? publishedPath(call.path, options.communityId) : call.path;
  if (options.communityId && /^\/tournaments(\/|$)/.test(path)) {
    params.set("community_id", options.communityId);
  }
  const query = params.toString();
  const base = options.basePath.replace(/\/+$/, "");
  return `${base}${path}${query === "" ? "" : `?${query}`}`;
}

/** `request`'s headers, with those of `defaults` it does not name (in any case). */
function underHeaders(defaults: Record<string, string>, request: HttpRequest) {
  const named = new Set(Object.keys(request.headers).map((name) => name.toLowerCase()));
  const kept = Object.entries(defaults).filter(([name]) => !named.has(name.toLowerCase()));
  return { ...Object.fromEntries(kept), ...request.headers };
}

/**
 * The request of `call`. Every request carries `Content-Type` (the description marks it
 * required on every operation, GETs included), `Accept` and the credentials' headers
 * (`Authorization` with its `Authorization-Type`); an event stream (`stream`) keeps its
 * path as serve draws it, outside the description.
 */
export function buildRequest(options: RequesterOptions, call: ApiCall, stream = false) {
  const headers: Record<string, string> = {
    Accept: "application/json",
    ...authHeaders(options.credentials),
    "Content-Type": "application/vnd.api+json",
  };
  const path = requestPath(options, call, stream);
  if (call.headers !== undefined) Object.assign(headers, call.headers);
  const request: HttpRequest = { method: call.method, path, headers };
  return call.body === undefined ? request : { ...request, body: encodeBody(call.body) };
}

function sendOnce(options: RequesterOptions, request: HttpRequest): Promise<HttpResponse> {
  const { log, transport, now } = options;
  if (log === undefined) return transport.send(request);
  logRequest(log, request);
  const started = now();
  return transport.send(request).then(
    (response) => {
      logResponse(log, response, now() - started);
      return response;
    },
    (error: unknown) => {
      logFailure(log, error, now() - started);
      throw error;
    },
  );
}

export function createRequester(options: RequesterOptions): Requester {
  const { log } = options;
  const retryDeps: RetryDeps = {
    sleep: options.sleep,
    random: options.random,
    now: options.now,
    ...(log === undefined ? {} : { onRetry: (notice) => logRetry(log, notice) }),
  };
  const policy = options.retryPolicy ?? DEFAULT_RETRY_POLICY;

  type Build = (current: RequesterOptions) => HttpRequest;
  async function attempt(current: RequesterOptions, build: Build): Promise<HttpResponse> {
    const request = build(current);
    return sendWrite(
      request,
      () => sendOnce(options, request),
      (send) => sendWithRetries(request.method, send, retryDeps, policy),
      options.now,
    );
  }

  // The options in force: the credentials change when the token is renewed.
  let current = options;
  // The renewal made (or under way), and the token it replaces.
  let renewing: { readonly from: string; readonly done: Promise<void> } | undefined;
  // The options whose token the server last took (answered other than 401).
  let accepted: RequesterOptions | undefined;
  const renewal = options.renewal;
  function renew(): Promise<void> {
    const from = current.credentials?.token ?? "";
    renewing ??= {
      from,
      done: renewal!.renew(from).then((token) => {
        current = { ...options, credentials: { token } };
      }),
    };
    return renewing.done;
  }

  async function exchangeAny(build: Build): Promise<HttpResponse> {
    if (renewal?.expiresAt !== undefined && options.now() >= renewal.expiresAt) await renew();
    const sent = current;
    let response = await attempt(sent, build);
    // An expired (or revoked) token: renew, and send again with the new one. A renewed token
    // the server took and now refuses has expired in its turn (a `watch` outliving it, which
    // ended with exit 4 at the second expiry): renewed again. One refused as soon as it was
    // renewed is the error, with no second renewal (no loop).
    if (response.status === 401 && renewal !== undefined) {
      const token = sent.credentials?.token ?? "";
      if (sent !== options && accepted === sent && renewing?.from !== token) renewing = undefined;
      await renew();
      if (current !== sent) response = await attempt(current, build);
    }
    if (response.status !== 401) accepted = current;
    return response;
  }

  async function exchange(call: ApiCall): Promise<HttpResponse> {
    const response = await exchangeAny((o) => buildRequest(o, call));
    if (response.status < 200 || response.status >= 300) {
      throw errorFromResponse(response, options.now(), requestPath(options, call));
    }
    return response;
  }

  async function send(call: ApiCall): Promise<unknown> {
    const response = await exchange(call);
    if (response.json !== undefined) return response.json;
    return parseResponseBody(response.body, response.status);
  }

  const read = options.onUnreadable && unreadableFieldReader(options.onUnreadable);
  const list = async (call: ApiCall) => {
    const page = decodeList(await send(call));
    return read ? { ...page, data: page.data.map(read) } : page;
  };
  const pageFetcher = (call: ApiCall) => (page: number, perPage: number) =>
    list({ ...call, query: { ...call.query, page, per_page: perPage } });
  const raw = (request: HttpRequest) =>
    exchangeAny((o) => ({
      ...request,
      headers: underHeaders(authHeaders(o.credentials), request),
    }));
  async function conditional(call: ApiCall, etag: string | undefined) {
    const response = await exchangeAny((o) => {
      const request = buildRequest(o, call);
      if (etag === undefined) return request;
      return { ...request, headers: { ...request.headers, "If-None-Match": etag } };
    });
    if (response.status === 304) return undefined;
    if (response.status < 200 || response.status >= 300)
      throw errorFromResponse(response, options.now(), requestPath(options, call));
    const body = response.json ?? parseResponseBody(response.body, response.status);
    return { etag: response.headers.etag, body };
  }
  const stream: Requester["stream"] = (call, headers, onText, signal) => {
    const transport = options.transport;
    if (transport.stream === undefined) return undefined;
    const request = buildRequest(current, call, true);
    return transport.stream(
      { ...request, headers: { ...request.headers, ...headers } },
      onText,
      signal,
    );
  };
  return {
    raw,
    send,
    conditional,
    stream,
    single: async (call) => {
      const record = decodeSingle(await send(call));
      return read ? read(record) : record;
    },
    list,
    listAll: (call) => collectPages(pageFetcher(call)),
    pages: (call) => eachPage(pageFetcher(call)),
    none: async (call) => {
      await exchange(call);
    },
    records: async (call, write, shape) =>
      log === undefined
        ? options.transport.records?.(buildRequest(current, call), write, shape)
        : undefined,
  };
}
