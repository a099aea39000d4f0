/** The v2.1 service as a request -> response function (Hono), over the SQLite store. */
import { Hono } from "hono";
import type { HttpRequest, HttpResponse } from "../model/http.js";
import { openDatabase } from "../store/database.js";
import { newApiKey } from "./api-keys.js";
import { createContext, type ServiceContext } from "./context.js";
import { ServiceError } from "./errors.js";
import { requestChecks } from "./http-checks.js";
import type { Service, ServiceOptions } from "./index.js";
import type { ServiceEnv } from "./routes/env.js";
import { registerParticipantRoutes } from "./routes/participants.js";
import { registerTournamentRoutes } from "./routes/tournaments.js";
import { registerUserRoutes } from "./routes/user.js";

const JSON_TYPE = "application/json; charset=utf-8";

/** Every path works with and without `.json`, and with a trailing slash. */
function servicePath(request: Request): string {
  const url = request.url;
  const start = url.indexOf("/", url.indexOf("://") + 3);
  const queryAt = url.indexOf("?", start);
  let path = queryAt === -1 ? url.slice(start) : url.slice(start, queryAt);
  if (path.endsWith(".json")) path = path.slice(0, -5);
  if (path.length > 1 && path.endsWith("/")) path = path.slice(0, -1);
  return path;
}

function errorResponse(error: unknown): Response {
  if (error instanceof ServiceError) {
    return new Response(JSON.stringify({ errors: error.errors }), {
      status: error.status,
      headers: { "content-type": JSON_TYPE, ...error.headers },
    });
  }
  const body = { errors: [{ status: 500, detail: "internal error: the request could not be completed" }] };
  return new Response(JSON.stringify(body), { status: 500, headers: { "content-type": JSON_TYPE } });
}

function resourceRoutes(service: ServiceContext): Hono<ServiceEnv> {
  const routes = new Hono<ServiceEnv>();
  registerTournamentRoutes(routes, service);
  registerParticipantRoutes(routes, service);
  return routes;
}

export function buildApp(service: ServiceContext, requireAuth: boolean, onError?: (e: unknown) => void): Hono<ServiceEnv> {
  const app = new Hono<ServiceEnv>({ getPath: servicePath });
  app.onError((error) => {
    if (!(error instanceof ServiceError)) onError?.(error);
    return errorResponse(error);
  });
  app.notFound((c) => errorResponse(ServiceError.of(404, `no such path: ${c.req.method} ${servicePath(c.req.raw)}`)));
  app.use("*", requestChecks(service, requireAuth));
  const v21 = new Hono<ServiceEnv>();
  registerUserRoutes(v21, service);
  v21.route("/", resourceRoutes(service));
  v21.route("/communities/:community_id", resourceRoutes(service));
  app.route(service.basePath, v21);
  return app;
}

async function toResponse(response: Response): Promise<HttpResponse> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, key) => {
    headers[key] = value;
  });
  return { status: response.status, headers, body: await response.text() };
}

export function toRequest(request: HttpRequest): Request {
  const init: RequestInit = { method: request.method, headers: request.headers };
  if (request.body !== undefined && request.method !== "GET" && request.method !== "HEAD") init.body = request.body;
  return new Request(`http://tourney.local${request.path}`, init);
}

export function createService(options: ServiceOptions): Service {
  const db = openDatabase(options.dbPath);
  const context = createContext(db, options.now === undefined ? {} : { now: options.now });
  const app = buildApp(context, options.requireAuth ?? false, options.onError);
  return {
    handle: async (request) => toResponse(await app.fetch(toRequest(request))),
    fetch: async (request) => app.fetch(request),
    createApiKey: (label) => {
      const key = newApiKey();
      context.apiKeys.insert(label, key, context.now());
      return key;
    },
    apiKeyCount: () => context.apiKeys.count(),
    close: () => db.close(),
  };
}
