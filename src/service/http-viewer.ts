/**
 * The bracket viewer on serve's HTTP adapter (issue 18), outside /v2.1 and
 * without a credential (viewer/viewer.ts says who may look):
 *
 *     GET /tournaments/{t}/bracket[?share=TOKEN]             the page (HTML, src/viewer/page.ts)
 *     GET /tournaments/{t}/bracket/data.json[?share=TOKEN]   its records (JSON)
 *     GET /tournaments/{t}/bracket/events[?share=TOKEN]      its server-sent event stream
 *     GET /viewer/<name>                                     the built viewer (dist/viewer/)
 *     GET /favicon.ico, /robots.txt, /apple-touch-icon.png   what a browser asks on its own
 *
 * each also under /communities/{c}. A tournament that does not exist, a private
 * one without a live share link of its own: 404, one answer for both; the holder
 * of a revoked link of that tournament is told so (viewer/refusals.ts). HEAD
 * answers the GET's head, OPTIONS 204 with Allow, other methods 405.
 * http-server.ts asks `isViewerUrl` only of URLs outside /v2.1.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { HttpResponse } from "../model/http.js";
import type { TournamentRow } from "../store/tournaments-repository.js";
import { viewerErrorPage, viewerPage } from "../viewer/page.js";
import {
  resumeOf,
  STREAM_HEADERS,
  sendResponse,
  sendStream,
  streamSubscriber,
} from "./http-event-stream.js";
import { addressOf, dataBudget } from "./public/budgets.js";
import { sendSnapshot } from "./public/viewer-data.js";
import { badEscape, queryRefusal } from "./query-string.js";
import type { Service } from "./types.js";
import { browserAskReply, isBrowserAsk } from "./viewer/browser-asks.js";
import { streamGoesOn, viewerFailure } from "./viewer/failure.js";
import { upToRoot } from "./viewer/page-links.js";
import type { LoadRefusal } from "./viewer/refusals.js";
import { StaticFiles } from "./viewer/static-files.js";
import { NOT_VIEWABLE } from "./viewer/viewer.js";

const BRACKET_PATH =
  /^((?:\/communities\/([^/?]+))?\/tournaments\/([^/?]+)\/bracket)(?:\/(data\.json|events))?\/?(?:\?(.*))?$/;

const ALLOW = "GET, HEAD, OPTIONS";

/** Whether Accept-Encoding takes gzip (not refused with q=0). */
export function takesGzip(header: string | undefined): boolean {
  if (header === undefined) return false;
  return header.split(",").some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(";");
    if (coding !== "gzip" && coding !== "x-gzip") return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** Whether the URL is one of the viewer's (the cheap test; the routes parse it). */
export function isViewerUrl(url: string): boolean {
  if (url.startsWith("/viewer/") || isBrowserAsk(url)) return true;
  return (
    (url.startsWith("/tournaments/") || url.startsWith("/communities/")) && BRACKET_PATH.test(url)
  );
}

/** The page's headers: never cached (the data is live), no referrer (the share token is in the URL). */
const PAGE_HEADERS: Readonly<Record<string, string>> = {
  "content-type": "text/html; charset=utf-8",
  "cache-control": "no-cache",
  "referrer-policy": "no-referrer",
  "x-content-type-options": "nosniff",
  "content-security-policy":
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https: http:; connect-src 'self'; base-uri 'none'; form-action 'none'",
};

/** data.json's and the stream's 404: the reason as `code` (viewer/refusals.ts says who hears which). */
const jsonNotFound = (reason: LoadRefusal) =>
  JSON.stringify({ errors: [{ status: 404, code: reason, detail: NOT_VIEWABLE }] });

/** Hands a reply to the adapter's commit group (held while a group of writes is open). */
export type Hold = (res: ServerResponse, send: () => void) => void;

/** One request's way out: its reply waits for the commit of the writes it may have read. */
interface Out {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly hold: Hold;
}

function send(
  out: Out,
  status: number,
  headers: Readonly<Record<string, string>>,
  body: string | Buffer,
): void {
  const { req, res } = out;
  const bodyless = req.method === "HEAD" || status === 204 || status === 304;
  out.hold(res, () => {
    res.writeHead(status, {
      ...headers,
      ...(status === 204 || status === 304
        ? {}
        : { "content-length": String(Buffer.byteLength(body)) }),
    });
    if (bodyless) res.end();
    else res.end(body);
  });
}

function sendReply(out: Out, response: HttpResponse): void {
  send(out, response.status, response.headers, response.body);
}

/** A request the database failed (viewer/failure.ts): answered, or cut if its head went out. */
function failed(out: Out, kind: string | undefined, error: unknown): void {
  if (out.res.headersSent) out.res.destroy();
  else sendReply(out, viewerFailure(error, kind));
}

function notFound(out: Out, url: string, kind: string | undefined, reason: LoadRefusal): void {
  if (kind === undefined)
    send(
      out,
      404,
      { ...PAGE_HEADERS, "cache-control": "no-store" },
      viewerErrorPage(reason, `${upToRoot(url)}viewer/`),
    );
  else
    send(
      out,
      404,
      { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
      jsonNotFound(reason),
    );
}

function decoded(segment: string | undefined): string | undefined {
  if (segment === undefined) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return "";
  }
}

/** The viewer of one served service: static files are read once and kept. */
export class ViewerRoutes {
  readonly #files = new StaticFiles();
  readonly #dataBudget = dataBudget();

  constructor(
    private readonly service: Service,
    private readonly streams: Set<ServerResponse>,
    private readonly hold: Hold,
  ) {}

  /** Answers a viewer URL (isViewerUrl said so); a promise when it is answered later. */
  handle(req: IncomingMessage, res: ServerResponse, url: string): Promise<unknown> | undefined {
    const out: Out = { req, res, hold: this.hold };
    const method = req.method ?? "GET";
    if (method === "OPTIONS") {
      send(out, 204, { allow: ALLOW }, "");
      return undefined;
    }
    if (method !== "GET" && method !== "HEAD") {
      const detail = `${method} is not allowed here: the bracket viewer only reads; use ${ALLOW}`;
      send(
        out,
        405,
        { allow: ALLOW, "content-type": "application/json; charset=utf-8" },
        JSON.stringify({ errors: [{ status: 405, detail }] }),
      );
      return undefined;
    }
    if (isBrowserAsk(url)) return void sendReply(out, browserAskReply(url));
    if (url.startsWith("/viewer/")) {
      const name = url.slice("/viewer/".length).split("?")[0]!;
      const reply = this.#files.answer(name, headerOf(req, "if-none-match"));
      send(out, reply.status, reply.headers, reply.body);
      return undefined;
    }
    try {
      return this.#bracket(out, url);
    } catch (error) {
      failed(out, BRACKET_PATH.exec(url)?.[4], error);
      return undefined;
    }
  }

  #bracket(out: Out, url: string): Promise<unknown> | undefined {
    const { req, res } = out;
    const found = BRACKET_PATH.exec(url)!;
    const [, , communityPart, refPart, kind, query] = found;
    if (this.#badQuery(out, url, kind, query ?? "")) return undefined;
    const community = decoded(communityPart);
    const ref = decoded(refPart)!;
    const share = new URLSearchParams(query ?? "").get("share");
    const token = share === null || share === "" ? undefined : share;
    const viewer = this.service.viewer;
    const row = ref === "" || community === "" ? undefined : viewer.find(ref, community, token);
    if (row === undefined) {
      const reason =
        ref === "" || community === "" ? "not_found" : viewer.refusal(ref, community, token);
      notFound(out, url, kind, reason);
      return undefined;
    }
    if (kind === "data.json") return this.#data(out, row);
    if (kind === "events") return this.#events(req, res, row, token, query ?? "");
    // Relative to the page (upToRoot): "../../tournaments/cup/bracket/data.json".
    const root = upToRoot(url);
    const base = `${root}${community === undefined ? "" : `communities/${encodeURIComponent(community)}/`}tournaments/${encodeURIComponent(ref)}/bracket`;
    const suffix = token === undefined ? "" : `?share=${encodeURIComponent(token)}`;
    const html = viewerPage({
      title: row.name,
      dataUrl: `${base}/data.json${suffix}`,
      eventsUrl: `${base}/events${suffix}`,
      assetBase: `${root}viewer/`,
    });
    send(out, 200, PAGE_HEADERS, html);
    return undefined;
  }

  /**
   * Refuses (400) a query whose escapes are bad (`?share=%E9`, `%ZZ`) as v2.1's are
   * (query-string.ts), naming the parameter: the page as its refusal page, data.json and
   * the stream in JSON. Before, `share` was read as U+FFFD or literally (issue 24).
   */
  #badQuery(out: Out, url: string, kind: string | undefined, query: string): boolean {
    const bad = badEscape(query);
    if (bad === undefined) return false;
    if (kind !== undefined) {
      const refusal = queryRefusal(query)!;
      sendReply(out, { ...refusal, headers: { ...refusal.headers, "cache-control": "no-store" } });
    } else {
      const detail = `The address is not readable: its parameter ${JSON.stringify(bad.name)}: ${bad.problem}.`;
      const page = viewerErrorPage("not_found", `${upToRoot(url)}viewer/`, detail);
      send(out, 400, { ...PAGE_HEADERS, "cache-control": "no-store" }, page);
    }
    return true;
  }

  /**
   * data.json: the tournament's shared snapshot (public/tournament-snapshots.ts, issue 24),
   * its gzipped chunks sent as they are when the client takes gzip (a 1,024-player
   * bracket: 1.9 MB of JSON, a tenth of it gzipped), inflated as they go otherwise; within
   * the data budget (public/budgets.ts), past which the answer is 429 or 503 at once.
   */
  #data(out: Out, row: TournamentRow): Promise<unknown> | undefined {
    const { req, res } = out;
    const admitted = this.#dataBudget.admit(addressOf(req));
    if (typeof admitted !== "function") {
      sendReply(out, admitted);
      return undefined;
    }
    res.on("close", admitted);
    return this.service.viewer
      .data(row, headerOf(req, "if-none-match"))
      .then((answer) => {
        if (answer.kind === "snapshot")
          sendSnapshot(req, res, answer, takesGzip(headerOf(req, "accept-encoding")));
        else {
          // Its body by name: a service reply's is an accessor (app.ts JsonResponse), which a
          // spread left out, and a 503 here was never sent.
          const { status, headers, body } = answer.response;
          sendReply(out, { status, headers: { ...headers, vary: "accept-encoding" }, body });
        }
      })
      .catch((error: unknown) => failed(out, "data.json", error));
  }

  #events(
    req: IncomingMessage,
    res: ServerResponse,
    row: TournamentRow,
    token: string | undefined,
    query: string,
  ): Promise<unknown> | undefined {
    if (req.method === "HEAD") {
      res.writeHead(200, STREAM_HEADERS).end();
      return undefined;
    }
    const viewer = this.service.viewer;
    const id = row.id;
    const subscriber = streamSubscriber(res);
    // Checked again before each batch of events and each heartbeat (the topic's timer asks
    // it once a batch: before, at every event): a share link revoked, a tournament made
    // private or deleted while the stream is open ends it (the batch is not sent); an
    // `ended` event says which (the page was showing it: nothing leaks; issue 28).
    const stillOpen = () => streamGoesOn(res, () => viewer.streamEnd(id, token));
    // Within the stream budget (public/budgets.ts): past it 429 or 503 at once.
    const hub = this.service.events;
    const admitted = hub.streams.admit(addressOf(req));
    if (typeof admitted !== "function") {
      sendResponse(res, admitted);
      return undefined;
    }
    return viewer.openEvents(row, subscriber, resumeOf(req, query), stillOpen).then(
      (opened) => {
        if ("status" in opened) {
          admitted();
          sendResponse(res, opened);
        } else {
          const { streams } = this;
          const label = `tournament ${row.id}`;
          const gate = hub.tournaments.gate;
          sendStream(opened, { label, req, res, streams, release: admitted, subscriber, gate });
        }
      },
      (error: unknown) => {
        admitted();
        failed({ req, res, hold: this.hold }, "events", error);
      },
    );
  }
}

function headerOf(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}

const routesOf = new WeakMap<Service, ViewerRoutes>();

/**
 * Answers a viewer URL with the service's viewer (made on its first such request); a
 * promise when data.json or the stream is answered later (http-server.ts holds the
 * connection's later requests until then).
 */
export function answerViewer(
  service: Service,
  streams: Set<ServerResponse>,
  hold: Hold,
  req: IncomingMessage,
  res: ServerResponse,
  url: string,
): Promise<unknown> | undefined {
  let routes = routesOf.get(service);
  if (routes === undefined) {
    routes = new ViewerRoutes(service, streams, hold);
    routesOf.set(service, routes);
  }
  return routes.handle(req, res, url);
}
