/** The v2.1 service as a request -> response function over the SQLite store. */
import { EngineRuleError } from "../engine/errors.js";
import type { HttpRequest, HttpResponse } from "../model/http.js";
import { openDatabase } from "../store/database.js";
import { tournamentRevisions } from "../store/tournament-revisions.js";
import { accountAdmin } from "./accounts.js";
import { newApiKey } from "./api-keys.js";
import { NOBODY } from "./caller.js";
import { ColdRows, warmAnswer } from "./cold-lists.js";
import { communityChecked } from "./communities.js";
import { createContext, type ServiceContext } from "./context.js";
import { checkIfMatch, entityTag, newInstanceId, noneMatchHits } from "./entity-tag.js";
import { errorReply, errorReplyTo } from "./error-reply.js";
import { ServiceError } from "./errors.js";
import { EventHub } from "./event-hub.js";
import { checkAccept, checkBody, checkCredentials } from "./http-checks.js";
import { IncomingRequest } from "./incoming-request.js";
import { LinkOrigin } from "./link-base.js";
import { createOAuthHandler, isOAuthPath } from "./oauth/index.js";
import { apiStreamBudget, streamBudget } from "./public/budgets.js";
import { createPublicSurfaces } from "./public/index.js";
import { raceReader } from "./race-topics.js";
import { JsonResponse, ReplyMemo, type ReplyText } from "./reply-memo.js";
import { type Reply, Router } from "./router.js";
import { registerAttachmentRoutes } from "./routes/attachments.js";
import { registerClientAliases } from "./routes/client-aliases.js";
import { registerMatchRoutes } from "./routes/matches.js";
import { registerParticipantRoutes } from "./routes/participants.js";
import { registerRaceRoundRoutes } from "./routes/race-rounds.js";
import { registerRaceRoutes } from "./routes/races.js";
import { registerStandingsRoutes, StandingsSource } from "./routes/standings.js";
import { registerStationRoutes } from "./routes/stations.js";
import { registerTournamentRoutes } from "./routes/tournaments.js";
import { registerUserRoutes } from "./routes/user.js";
import { type TournamentTags, tournamentTags } from "./tournament-tags.js";
import type { Service, ServiceOptions } from "./types.js";
import { registerV1Routes } from "./v1/routes.js";
import { answerV20, v20Prefix } from "./v20/version.js";
import { registerShareLinkRoutes } from "./viewer/share-links.js";
import { createViewer, type ReadAs } from "./viewer/viewer.js";
import { warmMatches } from "./warm-matches.js";
import { offloadSetup } from "./write-worker/client.js";
import { largeRoundEnd } from "./write-worker/round-end.js";

const JSON_TYPE = "application/json; charset=utf-8";

export function buildRouter(service: ServiceContext, standings = new StandingsSource()): Router {
  const router = new Router();
  const v21 = service.basePath;
  // Tournament paths answer 404 for a community (path or ?community_id=) that does not exist.
  const scoped = communityChecked(router, service);
  for (const prefix of [v21, `${v21}/communities/:community_id`]) {
    registerTournamentRoutes(scoped, service, prefix);
    registerParticipantRoutes(scoped, service, prefix);
    registerMatchRoutes(scoped, service, prefix);
    registerStandingsRoutes(scoped, service, prefix, standings);
    registerStationRoutes(scoped, service, prefix);
    registerAttachmentRoutes(scoped, service, prefix);
    registerShareLinkRoutes(scoped, service, prefix);
  }
  registerUserRoutes(router, service, v21);
  registerRaceRoutes(router, service, v21);
  registerRaceRoundRoutes(router, service, v21);
  registerV1Routes(router, service);
  // What a known third-party client sends for published operations (routes/client-aliases.ts).
  registerClientAliases(router, service, v21);
  return router;
}

/** A route's reply, and where its text is kept when the route says it may be reused. */
interface Answer {
  readonly reply: Reply;
  readonly reuse?: { readonly key: string; readonly generation: string };
  /** The reply's entity tag (entity-tag.ts): reusable GET replies only. */
  readonly etag?: string;
  /** The text kept for this reply (reply-memo.ts): its body was not made. */
  readonly text?: ReplyText;
}

const NOT_MODIFIED: Reply = { status: 304 };

/** What a reply's entity tag is made of besides the user: the service's instance and its data. */
interface Tagging {
  readonly instance: string;
  readonly tags: TournamentTags;
}

/** `reply` with its body made (Reply.makeBody), within the request. */
function made(reply: Reply): Reply {
  const { makeBody, status, headers } = reply;
  if (makeBody === undefined) return reply;
  // Field by field: `{ ...rest, body }` took V8's slow path (2.5 us; http-server.ts withLength).
  const body = makeBody();
  return headers === undefined ? { status, body } : { status, body, headers };
}

function answer(
  service: ServiceContext,
  router: Router,
  requireAuth: boolean,
  request: HttpRequest,
  { instance, tags }: Tagging,
  origins: LinkOrigin,
  memo: ReplyMemo,
): Answer {
  const base = new IncomingRequest(request, origins);
  checkAccept(base.header("accept"));
  checkBody(base);
  // One look at what other connections committed, for the key check and the route alike.
  return service.inRequest(() => {
    // A read looks before its route's first query: a plain one (a tournament by url) read
    // later commits than a look after it, which tagged that body with a newer revision.
    if (base.method === "GET" || base.method === "HEAD") service.look();
    // v1 routes check their own api_key (service/v1/transport.ts). OPTIONS is answered by the
    // route's shape alone (the methods of a path, never whether its record exists: route), so
    // without a credential, as a CORS preflight asks it; before, v2.1's was 401 without a key.
    if (requireAuth && base.method !== "OPTIONS" && !router.authenticatesItself(base.path))
      base.user = checkCredentials(service, base);
    checkIfMatch(
      base,
      instance,
      () => service.generation(),
      (id) => tags.ofWrite(service, base.path, id),
    );
    const reply = route(router, base);
    if (reply.reusable !== true || reply.status !== 200) return { reply: made(reply) };
    // Read after the route: a route that wrote (a read opening check-in) moved it on.
    const generation = service.generation();
    if (generation === undefined) return { reply: made(reply) };
    // The body's links start with the request's origin (link-base.ts): part of the key and tag.
    const who = `${base.user}\n${base.origin}`;
    const etag = entityTag(instance, tags.dataPart(reply.tournament, generation), who);
    // After the route: its lookups, 404s and access checks answered first.
    const condition = base.header("if-none-match");
    if (condition !== undefined && noneMatchHits(condition, etag))
      return { reply: NOT_MODIFIED, etag };
    const key = `${who}\n${base.url}`;
    const text = memo.kept(key, generation);
    if (text !== undefined) return { reply, etag, text };
    const full = made(reply);
    // Kept only at the generation the route read at: a commit the tag's look saw since came
    // after the route's reads (kept at the newer one, the older text got the newer tag).
    if (service.generation() !== generation) return { reply: full, etag };
    return { reply: full, reuse: { key, generation }, etag };
  });
}

function route(router: Router, base: IncomingRequest): Reply {
  // HEAD runs the GET handler; the body is left out by whoever sends the reply.
  const match = router.match(base.method === "HEAD" ? "GET" : base.method, base.path);
  if (match.kind === "none")
    throw ServiceError.of(404, `no such path: ${base.method} ${base.path}`);
  if (match.kind === "method") {
    const allow = [...match.allowed, ...(match.allowed.includes("GET") ? ["HEAD"] : []), "OPTIONS"];
    if (base.method === "OPTIONS") return { status: 204, headers: { allow: allow.join(", ") } };
    throw new ServiceError(
      405,
      [
        {
          status: 405,
          detail: `${base.method} is not allowed on ${base.path}; use ${allow.join(", ")}`,
        },
      ],
      { allow: allow.join(", ") },
    );
  }
  base.params = match.params;
  return match.handler(base);
}

function toHttpResponse({ reply, reuse, etag, text: kept }: Answer, memo: ReplyMemo): HttpResponse {
  if (reply.body === undefined && kept === undefined)
    return {
      status: reply.status,
      headers: etag === undefined ? { ...reply.headers } : { etag, "cache-control": "no-cache" },
      body: "",
    };
  const headers: Record<string, string> =
    etag !== undefined
      ? { ...reply.headers, "content-type": JSON_TYPE, etag, "cache-control": "no-cache" }
      : reply.headers === undefined
        ? { "content-type": JSON_TYPE }
        : { ...reply.headers, "content-type": JSON_TYPE };
  // A kept text has no object beside it: an in-process reader parses it (requester.ts).
  if (kept !== undefined) return new JsonResponse(reply.status, headers, undefined, kept);
  const text =
    reuse === undefined
      ? JSON.stringify
      : (json: unknown) => memo.text(reuse.key, reuse.generation, () => JSON.stringify(json));
  return new JsonResponse(reply.status, headers, reply.body, text);
}

/**
 * GETs of the v2.1 routes answered for `caller` without a credential check: the
 * bracket viewer's reads (viewer/viewer.ts), which decide who may look themselves
 * and build every path they read. Never reached from a request's own path.
 */
function readerAs(
  context: ServiceContext,
  router: Router,
  memo: ReplyMemo,
  origins: LinkOrigin,
  onError: ServiceOptions["onError"],
): ReadAs {
  return (caller, fn) =>
    context.inRequest(() => {
      context.caller = caller;
      return fn((path) => {
        try {
          const base = new IncomingRequest({ method: "GET", path, headers: {} }, origins);
          base.user = caller.username;
          return toHttpResponse({ reply: made(route(router, base)) }, memo);
        } catch (error) {
          // serve's terminal hears of a disk that failed the viewer's reads too, as of the API's.
          if (!(error instanceof ServiceError) && !(error instanceof EngineRuleError))
            onError?.(error, "GET");
          return toHttpResponse({ reply: errorReply(error, "GET") }, memo);
        }
      });
    });
}

/**
 * A service's answering of requests: a class, `handle` and `handleSync` methods on its
 * prototype and the service's parts fields set in its constructor, not closures made per
 * service (issue 27). A closure made once a service is compiled for that service alone,
 * with what it calls inlined: a process's next service ran `handleSync` unoptimised, and
 * a caller that had inlined it (the in-process transport, a bench's loop) threw its code
 * away at the new service's first request ("wrong call target"). createService returns
 * the answerer with the rest of the service set on it.
 */
class Answerer {
  constructor(
    private readonly context: ServiceContext,
    private readonly router: Router,
    private readonly requireAuth: boolean,
    private readonly origins: LinkOrigin,
    private readonly memo: ReplyMemo,
    private readonly tagging: Tagging,
    private readonly options: ServiceOptions,
    private readonly oauth: (request: HttpRequest) => Promise<HttpResponse>,
  ) {}

  // A sign-in hashes its password off the event loop (oauth/sign-in.ts): OAuth answers later.
  async handle(request: HttpRequest): Promise<HttpResponse> {
    return isOAuthPath(request.path) ? this.oauth(request) : this.handleSync(request);
  }

  handleSync(request: HttpRequest): HttpResponse {
    // The deprecated v2.0 answers through its v2.1 successor (v20/version.ts).
    const legacy = v20Prefix(request.path);
    if (legacy !== undefined) return answerV20(request, legacy, (r) => this.handleSync(r));
    const { memo } = this;
    let response: HttpResponse;
    try {
      if (isOAuthPath(request.path)) throw new Error("OAuth paths are answered by handle()");
      const { context, router, requireAuth, tagging, origins } = this;
      response = toHttpResponse(
        answer(context, router, requireAuth, request, tagging, origins, memo),
        memo,
      );
    } catch (error) {
      if (error instanceof ColdRows) throw error; // serve warms the rows, then asks again
      if (!(error instanceof ServiceError) && !(error instanceof EngineRuleError))
        this.options.onError?.(error, request.method);
      response = toHttpResponse({ reply: errorReplyTo(request, error) }, memo);
    }
    return request.method === "HEAD"
      ? { status: response.status, headers: response.headers, body: "" }
      : response;
  }
}

export function createService(options: ServiceOptions): Service {
  const db = openDatabase(options.dbPath, {
    ...(options.busyTimeoutMs === undefined ? {} : { busyTimeoutMs: options.busyTimeoutMs }),
    onWarning: options.onWarning,
  });
  const context = createContext(db, {
    ...(options.now === undefined ? {} : { now: options.now }),
    ...(options.cache === undefined ? {} : { cache: options.cache }),
    // Served, a request is nobody's until its credential says whose (access.ts).
    ...(options.requireAuth === true ? { caller: NOBODY } : {}),
  });
  const source = new StandingsSource();
  const router = buildRouter(context, source);
  const auth = options.requireAuth ?? false;
  const origins = new LinkOrigin(options.publicUrl);
  const oauth = createOAuthHandler(context, options, (host) => origins.of(host));
  const memo = new ReplyMemo();
  const instance = newInstanceId();
  // One reader of tournament revisions: the API's tags and the public surfaces' snapshots.
  const revisions = tournamentRevisions(context.db, context.changes);
  const tagging = { instance, tags: tournamentTags(context, revisions) };
  const answerer = new Answerer(context, router, auth, origins, memo, tagging, options, oauth);
  const handleSync = (request: HttpRequest) => answerer.handleSync(request);
  const readAs = readerAs(context, router, memo, origins, options.onError);
  // One snapshot per tournament version, shared by its viewers and streams (issue 24); the
  // API's standings made in parts through the same gate (public/standings-answer.ts).
  const surfaces = createPublicSurfaces(context, readAs, { source, handle: handleSync, revisions });
  const events = new EventHub(
    {
      handle: handleSync,
      generation: () => context.inRequest(() => context.generation()),
      now: () => context.now(),
      basePath: context.basePath,
      readRace: raceReader(context, readAs),
    },
    surfaces.topics,
    streamBudget(),
    apiStreamBudget(),
  );
  const rest: Omit<Service, "handle" | "handleSync"> = {
    oneLook: (fn) => context.oneLook(fn),
    standings: surfaces.standings,
    events,
    viewer: createViewer({ context, hub: events, instance, snapshots: surfaces.snapshots }),
    transaction: (fn) => context.writeAcross(fn),
    openGroup: () => context.openGroup(),
    closeGroup: () => context.closeGroup(),
    createApiKey: (label) => {
      const key = newApiKey();
      context.apiKeys.insert(label, key, context.now());
      return key;
    },
    apiKeyCount: () => context.apiKeys.count(),
    admin: accountAdmin(context.accounts, context.apiKeys, () => context.now()),
    listening: (origin) => origins.listening(origin),
    offload: offloadSetup(options),
    // The stages' bracket indexes built in parts through the work gate once the rows are warm.
    warmMatches: (id, rowsHeld) =>
      warmMatches(context.matches, id, { inParts: (s) => surfaces.gate.steps(s), rowsHeld }),
    answerWarm: warmAnswer(context, handleSync),
    largeRoundEnd: (request) => largeRoundEnd(context, request),
    dbPath: options.dbPath,
    close: () => {
      events.close();
      db.close();
    },
  };
  return Object.assign(answerer, rest);
}
