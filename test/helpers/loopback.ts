/**
 * A real HTTP server on a loopback port playing a service tourney cannot make itself (one
 * that sends control characters, HTML, endless pages, or listens where credentials must not
 * go): `handler` answers each request; `url` is its base URL. Not a mock of the published
 * interface (that is Prism's: helpers/prism.ts).
 */
import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface Loopback {
  readonly url: string;
  close(): Promise<void>;
}

export async function startLoopback(handler: RequestListener): Promise<Loopback> {
  const server: Server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The environment that points a command at `loopback` with a key (TOURNEY_BASE_URL, TOURNEY_API_KEY). */
export function pointedAt(loopback: Loopback): Record<string, string> {
  return { TOURNEY_BASE_URL: loopback.url, TOURNEY_API_KEY: "tk_x" };
}
