/** A real embedded service (in-memory SQLite unless a file is given), driven with HTTP-shaped requests. */
import type { HttpMethod, HttpResponse } from "../../src/model/http.js";
import { openService, type Service } from "../../src/service/index.js";

export interface ServiceHarness {
  readonly service: Service;
  request(
    method: HttpMethod,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<HttpResponse & { json: any }>;
}

export async function startService(
  options: { requireAuth?: boolean; now?: () => Date; dbPath?: string; cache?: boolean } = {},
): Promise<ServiceHarness> {
  const service = await openService({ dbPath: ":memory:", ...options });
  return {
    service,
    async request(method, path, body, headers = {}) {
      const request = {
        method,
        path,
        headers: { "content-type": "application/vnd.api+json", ...headers },
        ...(body === undefined
          ? {}
          : { body: typeof body === "string" ? body : JSON.stringify(body) }),
      };
      const response = await service.handle(request);
      const json = response.body === "" ? undefined : JSON.parse(response.body);
      return { status: response.status, headers: response.headers, body: response.body, json };
    },
  };
}

export function tournamentBody(attributes: Record<string, unknown>) {
  return { data: { type: "tournament", attributes } };
}

export function participantsBody(names: readonly string[]) {
  return {
    data: { type: "Participants", attributes: { participants: names.map((name) => ({ name })) } },
  };
}

/** A fixed clock that advances one second per call. */
export function steppingClock(start = "2026-03-01T10:00:00.000Z"): () => Date {
  let t = Date.parse(start);
  return () => {
    t += 1000;
    return new Date(t);
  };
}
