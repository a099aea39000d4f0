/**
 * `streamWatch` (client/watch-stream.ts) when a reconnect is answered with a refusal, on a
 * scripted real loopback HTTP server (the remote transport, undici): a 404 or 401/403 ends
 * the watch with the record's own error (NotFoundError, AuthError: exit 3, 4), never told
 * as a lost connection; a 503 is serve failing, told as lost and retried. Before, every
 * reconnect not answered 200 was "lost", retried for ever.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createApiClient } from "../../src/client/api-client.js";
import { AuthError, NotFoundError } from "../../src/client/errors.js";
import { createRemoteTransport } from "../../src/client/remote-transport.js";
import type { WatchSourceOptions } from "../../src/client/watch.js";
import { streamWatch } from "../../src/client/watch-stream.js";

const RACE = { id: "1", attributes: { name: "GP", url: "gp", state: "underway" } };
const STREAM = "/v2.1/races/gp/events";
const RECORD = "/v2.1/races/gp";

function refuse(res: ServerResponse, status: number, detail: string): void {
  res
    .writeHead(status, { "content-type": "application/json" })
    .end(JSON.stringify({ errors: [{ status, detail }] }));
}

/** A stream that says it is watching, then ends (as serve's does when the race is deleted). */
function endedStream(res: ServerResponse): void {
  res.writeHead(200, { "content-type": "text/event-stream" });
  res.end("retry: 10\n: watching\n\n");
}

/** Serves `answers` to the stream's requests in turn, `record` to the record's GETs. */
async function scripted(
  stream: ((res: ServerResponse) => void)[],
  record: (res: ServerResponse) => void,
): Promise<{ server: Server; asked: string[] }> {
  const asked: string[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? "").split("?")[0]!;
    asked.push(path);
    if (path === STREAM) (stream.shift() ?? ((r) => refuse(r, 500, "script ran out")))(res);
    else if (path === RECORD) record(res);
    else refuse(res, 404, "no such path");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, asked };
}

function watchOf(server: Server, states: string[]) {
  const port = (server.address() as AddressInfo).port;
  const client = createApiClient({
    transport: createRemoteTransport({ baseUrl: `http://127.0.0.1:${port}`, env: {} }),
    credentials: { kind: "api-key", apiKey: "k" } as never,
  });
  let sleeps = 0;
  const options: WatchSourceOptions = {
    subject: { kind: "race", ref: "gp" },
    intervalMs: 100,
    backoffMs: 400,
    signal: new AbortController().signal,
    // Before, it retried for ever: stopped here rather than left to the test's timeout.
    sleep: async () => {
      if (++sleeps > 20) throw new Error("still reconnecting after 20 tries");
    },
    now: () => "2026-03-01T12:00:00.000Z",
    onConnection: (state) => states.push(state),
  };
  return { client, run: () => streamWatch(client, options, RACE, () => false) };
}

describe("streamWatch: a reconnect serve refuses", () => {
  let server: Server | undefined;
  afterEach(() => server?.close());

  it("404 (the race deleted): the record's NotFoundError after a 503 told as lost", async () => {
    const gone = (res: ServerResponse) => refuse(res, 404, "race gp not found");
    const s = await scripted(
      [endedStream, (res) => refuse(res, 503, "busy"), endedStream, gone],
      gone,
    );
    server = s.server;
    const states: string[] = [];
    const { client, run } = watchOf(server, states);
    const error = await run().catch((e: unknown) => e);
    await client.close();
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as Error).message).toContain("race gp not found");
    // The 503 was lost, then back; the 404 not said to be lost.
    expect(states).toEqual(["lost", "back"]);
    expect(s.asked).toEqual([STREAM, STREAM, STREAM, STREAM, RECORD]);
  });

  it("401 on the stream and on the record (the key revoked): AuthError, not lost", async () => {
    const revoked = (res: ServerResponse) => refuse(res, 401, "the API key is not valid");
    const s = await scripted([endedStream, revoked], revoked);
    server = s.server;
    const states: string[] = [];
    const { client, run } = watchOf(server, states);
    const error = await run().catch((e: unknown) => e);
    await client.close();
    expect(error).toBeInstanceOf(AuthError);
    expect((error as AuthError).status).toBe(401);
    expect(states).toEqual([]);
  });

  it("403 on the stream while the record reads: tried once more, then the stream's AuthError", async () => {
    const forbidden = (res: ServerResponse) => refuse(res, 403, "not allowed to watch");
    const s = await scripted([endedStream, forbidden, forbidden], (res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ data: { type: "race", ...RACE } }));
    });
    server = s.server;
    const states: string[] = [];
    const { client, run } = watchOf(server, states);
    const error = await run().catch((e: unknown) => e);
    await client.close();
    expect(error).toBeInstanceOf(AuthError);
    expect((error as Error).message).toContain("not allowed to watch");
    expect(states).toEqual([]);
    expect(s.asked).toEqual([STREAM, STREAM, RECORD, STREAM]);
  });
});
