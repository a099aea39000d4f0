/** The v1 interface of a real in-process service (requireAuth, one API key), as v1 clients call it. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import type { HttpMethod } from "../../src/model/http.js";
import { openCommunityAdmin } from "../../src/service/index.js";
import { type ServiceHarness, startService, steppingClock } from "./service.js";

export interface V1Reply {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly json: any;
}

export interface V1Harness {
  readonly s: ServiceHarness;
  readonly key: string;
  /**
   * Sends `query` (bracket notation, api_key added unless `key: null`) with an
   * empty body, as v1 scripts do; `form` or `json` sends a body instead.
   */
  call(
    method: HttpMethod,
    path: string,
    options?: {
      query?: Record<string, string> | [string, string][];
      form?: [string, string][];
      json?: unknown;
      key?: string | null;
      headers?: Record<string, string>;
    },
  ): Promise<V1Reply>;
  /** Every stored tournament, participant and match row, as text: a refused request changes none. */
  snapshot(): string;
  readonly dbPath: string;
  close(): void;
}

/** `communities`: made first, as `tourney serve community add` does (a v1 subdomain must name one). */
export async function startV1(
  options: { communities?: readonly string[] } = {},
): Promise<V1Harness> {
  const dir = mkdtempSync(join(tmpdir(), "tourney-v1-"));
  const dbPath = join(dir, "v1.db");
  if (options.communities !== undefined) {
    const admin = await openCommunityAdmin(dbPath);
    try {
      for (const identifier of options.communities)
        admin.add({ identifier, name: `${identifier} community` });
    } finally {
      admin.close();
    }
  }
  const s = await startService({ requireAuth: true, now: steppingClock(), dbPath });
  const inspect = new Database(dbPath, { readonly: true });
  const key = s.service.createApiKey("v1 script");
  return {
    s,
    key,
    async call(method, path, o = {}) {
      const pairs = Array.isArray(o.query) ? o.query : Object.entries(o.query ?? {});
      const query = new URLSearchParams(pairs);
      if (o.key !== null) query.set("api_key", o.key ?? key);
      const search = query.toString();
      const headers: Record<string, string> = { "content-length": "0", ...o.headers };
      let body: string | undefined;
      if (o.form !== undefined) {
        body = new URLSearchParams(o.form).toString();
        headers["content-type"] ??= "application/x-www-form-urlencoded";
      } else if (o.json !== undefined) {
        body = typeof o.json === "string" ? o.json : JSON.stringify(o.json);
        headers["content-type"] ??= "application/json";
      }
      if (body !== undefined) headers["content-length"] = String(Buffer.byteLength(body));
      const response = await s.service.handle({
        method,
        path: `${path}${search === "" ? "" : `?${search}`}`,
        headers,
        ...(body === undefined ? {} : { body }),
      });
      return {
        status: response.status,
        headers: response.headers,
        json: response.body === "" ? undefined : JSON.parse(response.body),
      };
    },
    snapshot() {
      return JSON.stringify(
        ["tournaments", "participants", "matches"].map((table) =>
          inspect.prepare(`SELECT * FROM ${table} ORDER BY id`).all(),
        ),
      );
    },
    dbPath,
    close() {
      inspect.close();
      s.service.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
