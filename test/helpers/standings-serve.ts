/**
 * serve over a database file, for the tests of GET .../standings made in parts
 * (public/standings-answer.ts): the service in process (`s`, its seams), its loopback
 * server, and another service on the same file whose route answers in one piece
 * (`madeInOnePiece`: what the parts must give, byte for byte).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "vitest";
import {
  openService,
  type RunningServer,
  type Service,
  startHttpServer,
} from "../../src/service/index.js";
import { type ServiceHarness, startService } from "./service.js";

export const standingsPath = (t: string) => `/v2.1/tournaments/${t}/standings`;

export interface StandingsServe {
  readonly s: ServiceHarness;
  readonly server: RunningServer;
  /** The other service on the same file (its writes are another connection's). */
  readonly onePiece: Service;
  /** A GET on serve's port: its status and body as sent; `opened` is handed the request (to abort it). */
  served(
    path: string,
    opened?: (req: ReturnType<typeof httpRequest>) => void,
  ): Promise<{ status: number; body: string }>;
  /** The route's answer made in one piece by the other service, as serve's port would link it. */
  madeInOnePiece(path: string): string;
  close(): Promise<void>;
}

export async function standingsServe(name: string): Promise<StandingsServe> {
  const dir = mkdtempSync(join(tmpdir(), `tourney-${name}-`));
  const dbPath = join(dir, "t.db");
  const s = await startService({ dbPath });
  const server = await startHttpServer(s.service, { host: "127.0.0.1", port: 0 });
  const onePiece: Service = await openService({ dbPath });
  return {
    s,
    server,
    onePiece,
    served: (path, opened) =>
      new Promise((resolve, reject) => {
        const req = httpRequest({ host: "127.0.0.1", port: server.port, path }, (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => {
            body += chunk;
          });
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on("error", reject);
        req.end();
        opened?.(req);
      }),
    madeInOnePiece: (path) => {
      const headers = { host: `127.0.0.1:${server.port}` };
      const r = onePiece.handleSync({ method: "GET", path, headers, lowerCaseNames: true });
      expect(r.status, r.body).toBe(200);
      return r.body;
    },
    close: async () => {
      await server.close();
      s.service.close();
      onePiece.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
