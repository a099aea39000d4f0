/**
 * An API event stream whose reader may no longer look is ended saying why, on a comment line
 * (`: ended: revoked (the API key is not valid for this server)`), which EventSource and
 * `tourney watch` pass over: before, a revoked key's stream closed without a word, while a
 * revoked share link's says `event: ended`. Over a real loopback server with accounts; the
 * change that makes the stream check its reader again goes through the service in process.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  openService,
  type RunningServer,
  type Service,
  startHttpServer,
} from "../../src/service/index.js";

let service: Service;
let server: RunningServer;
let base: string;
const keys: Record<string, string> = {};

async function api(key: string, method: string, path: string, body?: unknown): Promise<any> {
  const r = await fetch(`${base}/v2.1${path}`, {
    method,
    headers: { authorization: key, "content-type": "application/vnd.api+json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await r.text();
  expect(r.status, `${method} ${path}: ${text}`).toBeLessThan(300);
  return text === "" ? undefined : JSON.parse(text);
}

/** The whole text of a stream, read until serve ends it. */
async function untilEnd(
  path: string,
  key: string,
): Promise<{ opened: Promise<void>; text: Promise<string> }> {
  const response = fetch(`${base}${path}`, { headers: { authorization: key } });
  const opened = response.then((r) => expect(r.status).toBe(200));
  const text = response.then((r) => r.text());
  return { opened, text };
}

beforeAll(async () => {
  service = await openService({ dbPath: ":memory:", requireAuth: true });
  service.admin.addUser({ username: "ada" });
  for (const label of ["watching", "writing"]) {
    const made = service.admin.createKey({ label, user: "ada" });
    if (!made.ok) throw new Error(made.reason);
    keys[label] = made.value.key;
  }
  server = await startHttpServer(service, { host: "127.0.0.1", port: 0 });
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(async () => {
  await server?.close();
  service?.close();
});

describe("an API stream whose key is revoked", () => {
  it("ends with a comment saying why, and no event after it", async () => {
    const made = await api(keys.writing!, "POST", "/tournaments", {
      data: { type: "Tournaments", attributes: { name: "Cup", tournament_type: "swiss" } },
    });
    const t = made.data.id;
    const stream = await untilEnd(`/v2.1/tournaments/${t}/events`, keys.watching!);
    await stream.opened;
    const id = service.admin.listKeys().find((k) => k.label === "watching")!.id;
    expect(service.admin.revokeKey(id)).toBe(true);
    // A change: the topic checks each reader before sending it.
    await api(keys.writing!, "POST", `/tournaments/${t}/participants`, {
      data: { type: "Participant", attributes: { name: "Ada" } },
    });
    const text = await stream.text;
    expect(text).not.toMatch(/^data:/m);
    expect(text.trimEnd().split("\n").at(-1)).toBe(
      ": ended: revoked (the API key is not valid for this server)",
    );
  });
});
