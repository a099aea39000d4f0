/**
 * A 5xx whose Retry-After is longer than tourney waits (60 s): the command still stops at
 * once (no hour's wait), and now says when the service asked to be tried again, as a 429
 * does ('rate limited: retry in N s'). Before, a 503 with Retry-After: 3600 ended with
 * 'error: 503 Service Unavailable' alone (an outside review). A real loopback server answers.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { type Loopback, pointedAt, startLoopback } from "../helpers/loopback.js";

let sb: Sandbox;
let server: Loopback;
let retryAfter = "3600";
let requests = 0;

beforeAll(async () => {
  sb = createSandbox();
  server = await startLoopback((_req, res) => {
    requests += 1;
    res.writeHead(503, { "retry-after": retryAfter, "content-type": "text/plain" });
    res.end("");
  });
});
afterAll(async () => {
  await server.close();
  sb.cleanup();
});

describe("a 503 with a Retry-After tourney does not wait for", () => {
  it("says to retry in the seconds given, after one request", async () => {
    requests = 0;
    const r = await sb.run(["tournament", "view", "cup"], { env: pointedAt(server) });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      "error: 503 Service Unavailable\nhint: retry in 3600 s: the service said so (Retry-After)\n",
    );
    expect(requests).toBe(1);
  });

  it("a Retry-After date, in the seconds to it (tourney api too)", async () => {
    retryAfter = new Date(Date.now() + 7200_000).toUTCString();
    const r = await sb.run(["api", "/tournaments.json"], { env: pointedAt(server) });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^error: 503 Service Unavailable\nhint: retry in 7(19\d|200) s: the service said so \(Retry-After\)\n$/,
    );
  });
});
