/** The HTTP adapter of `tourney serve`: node:http requests to the service's handler. */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { HttpMethod, HttpRequest } from "../model/http.js";
import { MAX_BODY_BYTES } from "./http-checks.js";
import type { HttpServerOptions, RunningServer, Service } from "./types.js";

const TOO_LARGE = JSON.stringify({
  errors: [{ status: 413, detail: `the request body is larger than ${MAX_BODY_BYTES} bytes` }],
});

/** Reads the body; resolves undefined once it passes the limit (the rest is drained). */
function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) over = true;
      else chunks.push(chunk);
    });
    req.on("end", () => resolve(over ? undefined : Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function headersOf(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[key] = Array.isArray(value) ? value.join(", ") : value;
  }
  return headers;
}

async function handle(service: Service, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await readBody(req);
  if (body === undefined) {
    res
      .writeHead(413, { "content-type": "application/json; charset=utf-8", connection: "close" })
      .end(TOO_LARGE);
    return;
  }
  // A method outside HttpMethod (PROPFIND, TRACE, ...) goes through as it is: the
  // router finds no handler for it and the service answers 405 with Allow.
  const method = (req.method ?? "GET") as HttpMethod;
  const request: HttpRequest = {
    method,
    path: req.url ?? "/",
    headers: headersOf(req),
    ...(body === "" ? {} : { body }),
  };
  const response = service.handleSync(request);
  res.writeHead(response.status, response.headers);
  res.end(method === "HEAD" ? undefined : response.body);
}

export function listen(service: Service, options: HttpServerOptions): Promise<RunningServer> {
  const server = createServer((req, res) => {
    handle(service, req, res).catch(() => {
      if (!res.headersSent)
        res.writeHead(500, { "content-type": "application/json; charset=utf-8" });
      res.end(JSON.stringify({ errors: [{ status: 500, detail: "internal error" }] }));
    });
  });
  server.keepAliveTimeout = 5_000;
  server.requestTimeout = 30_000;
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : options.port;
      resolve({
        host: options.host,
        port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeIdleConnections();
          }),
      });
    });
  });
}
