/**
 * A loopback gateway (node:http) in front of a real service (`tourney serve`), playing what
 * stands between a client and a hosted service: it forwards each request, its path as
 * `rules.path` rewrites it (a service that ignores `?page=`), or answers it itself with the
 * status `rules.refuse` gives, with a gateway's HTML page, the service not asked (a path
 * rewritten by withoutParams plays a service that ignores those filters); a body the
 * service answered is passed on as `rules.reshape` rewrites it (a service answering
 * records of another shape). Every request it is sent is recorded (method and path as
 * asked), so a test counts them.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface GatewayRules {
  /** The path sent on to the service (default: the one asked). */
  readonly path?: (path: string) => string;
  /** A status to answer with instead of forwarding (undefined: forwarded). */
  readonly refuse?: (method: string, path: string) => number | undefined;
  /** The body passed on for the service's answer `body` (default: as it is). */
  readonly reshape?: (method: string, path: string, body: string) => string;
}

export interface Gateway {
  readonly url: string;
  /** "GET /v2.1/...": every request sent to the gateway, in order. */
  readonly requests: string[];
  close(): Promise<void>;
}

export async function startGateway(upstream: number, rules: GatewayRules): Promise<Gateway> {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const method = req.method ?? "GET";
    const asked = req.url ?? "/";
    requests.push(`${method} ${asked}`);
    const status = rules.refuse?.(method, asked);
    if (status !== undefined) {
      req.resume();
      res.writeHead(status, { "content-type": "text/html" });
      res.end(`<html><body><h1>${status} from the gateway</h1></body></html>`);
      return;
    }
    const headers = { ...req.headers, host: `127.0.0.1:${upstream}` };
    // A body to reshape is asked for as text, not compressed.
    if (rules.reshape !== undefined) delete headers["accept-encoding"];
    const path = rules.path?.(asked) ?? asked;
    const out = http.request({ host: "127.0.0.1", port: upstream, method, path, headers }, (up) => {
      const reshape = rules.reshape;
      if (reshape === undefined) {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      up.on("data", (chunk: Buffer) => chunks.push(chunk));
      up.on("end", () => {
        const body = Buffer.from(reshape(method, asked, Buffer.concat(chunks).toString("utf8")));
        const {
          "content-length": _length,
          "transfer-encoding": _chunked,
          etag: _tag,
          ...rest
        } = up.headers;
        res.writeHead(up.statusCode ?? 502, { ...rest, "content-length": body.length });
        res.end(body);
      });
    });
    out.on("error", () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(out);
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/** `path` without the query parameters `names` (the others kept). */
export function withoutParams(path: string, names: readonly string[]): string {
  const url = new URL(path, "http://gateway.invalid");
  for (const name of names) url.searchParams.delete(name);
  return `${url.pathname}${url.search}`;
}

/** `path` without its `page` query parameter (a service that ignores `?page=`). */
export function withoutPage(path: string): string {
  return withoutParams(path, ["page"]);
}
