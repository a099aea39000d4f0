/**
 * A service behind serve's HTTP adapter on a loopback port, in process: opened (a
 * database in memory unless `options` say otherwise) before the tests of the file or
 * describe it is called in, closed after them. Read its fields inside the tests (or a
 * beforeAll registered after this call).
 */
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { afterAll, beforeAll } from "vitest";
import {
  type HttpServerOptions,
  openService,
  type RunningServer,
  type Service,
  type ServiceOptions,
  startHttpServer,
} from "../../src/service/index.js";

export interface LoopbackService {
  readonly service: Service;
  readonly server: RunningServer;
  /** `http://127.0.0.1:PORT`. */
  readonly base: string;
}

export function useLoopbackService(
  options: ServiceOptions = { dbPath: ":memory:" },
  serverOptions: Partial<HttpServerOptions> = {},
): LoopbackService {
  let opened: LoopbackService | undefined;
  beforeAll(async () => {
    const service = await openService(options);
    const server = await startHttpServer(service, { host: "127.0.0.1", port: 0, ...serverOptions });
    opened = { service, server, base: `http://127.0.0.1:${server.port}` };
  });
  afterAll(async () => {
    await opened?.server.close();
    opened?.service.close();
  });
  const current = (): LoopbackService => {
    if (opened === undefined) throw new Error("the service is not open yet (use it inside a test)");
    return opened;
  };
  return {
    get service() {
      return current().service;
    },
    get server() {
      return current().server;
    },
    get base() {
      return current().base;
    },
  };
}

/** What `sendExactly` got: an event stream is closed at its head (`stream`, no text). */
export interface ExactReply {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly stream: boolean;
  readonly text: string;
}

/**
 * Sends `path` and `body` to `base` exactly as written (no URL normalization, no
 * re-encoding), on a connection of its own.
 */
export function sendExactly(
  base: string,
  method: string,
  path: string,
  body?: string | Buffer,
  headers: Record<string, string> = {},
): Promise<ExactReply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}/`, { method, path, headers, agent: false }, (res) => {
      const reply = { status: res.statusCode ?? 0, headers: res.headers };
      if (res.headers["content-type"]?.startsWith("text/event-stream")) {
        res.destroy();
        resolve({ ...reply, stream: true, text: "" });
        return;
      }
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => {
        text += d;
      });
      res.on("end", () => resolve({ ...reply, stream: false, text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}
