/**
 * `tourney login` against OAuth endpoints that fail (a real HTTP server on loopback, the real
 * form poster, a virtual clock): a 5xx, with or without an RFC 6749 body (`server_error`,
 * `temporarily_unavailable`), is asked again up to 5 times, waiting 1, 2, 4, 8 s or its
 * Retry-After (one longer than 30 s is not waited for), then exits 1 naming the status and
 * the server's error and error_description (docs/profiles.md, docs/scripting.md). A
 * renewal's 5xx is no refusal either. Before, only 502-504 were asked again, and
 * `server_error` exited 4 as a refusal ("`tourney login` starts again") after one request.
 * A 200 that is no OAuth answer (not JSON, without device_code, user_code or
 * verification_uri; a token answer without access_token) exits 1 naming what is missing
 * and the address, as the API client's unexpected answers do; before, exit 4.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { afterEach, beforeEach, expect, it } from "vitest";
import { refreshTokens } from "../../src/auth/token-endpoint.js";
import { outcomeOf } from "../../src/cli/exit-codes.js";
import { createFormPoster } from "../../src/client/form-post.js";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { type Loopback, startLoopback } from "../helpers/loopback.js";
import { loginWithVirtualClock } from "./oauth-stub.js";

interface Scripted {
  readonly status: number;
  /** A string is sent as text/plain, anything else as JSON. */
  readonly body: unknown;
  readonly headers?: Record<string, string>;
}

let sandbox: Sandbox;
let server: Loopback;
/** The answers of the device code and token endpoints, in order; the last one repeats. */
let device: Scripted[];
let tokens: Scripted[];
let asked: { device: number; token: number };

const deviceGrant = (extra: Record<string, unknown> = {}): Scripted => ({
  status: 200,
  body: {
    device_code: "dc-f",
    user_code: "WDJB-MJHT",
    verification_uri: "http://127.0.0.1:9/oauth/device",
    expires_in: 600,
    interval: 5,
    ...extra,
  },
});
const pending: Scripted = { status: 400, body: { error: "authorization_pending" } };
const granted: Scripted = {
  status: 200,
  body: { access_token: "at-f", token_type: "Bearer", expires_in: 3600, scope: "me" },
};
const databaseDown: Scripted = {
  status: 500,
  body: { error: "server_error", error_description: "database down" },
};

function answer(res: ServerResponse, { status, body, headers }: Scripted) {
  const text = typeof body === "string";
  res.writeHead(status, {
    "Content-Type": text ? "text/plain" : "application/json",
    ...headers,
  });
  res.end(text ? body : JSON.stringify(body));
}

function next(script: Scripted[]): Scripted {
  return script.length > 1 ? script.shift()! : script[0]!;
}

function handle(req: IncomingMessage, res: ServerResponse) {
  req.resume();
  req.on("end", () => {
    if (req.url === "/oauth/device/code") {
      asked.device++;
      return answer(res, next(device));
    }
    if (req.url === "/oauth/token") {
      asked.token++;
      return answer(res, next(tokens));
    }
    if (req.url === "/v2.1/me.json")
      return answer(res, {
        status: 200,
        body: { data: { id: "2", type: "user", attributes: { username: "ada" } } },
      });
    answer(res, { status: 404, body: {} });
  });
}

beforeEach(async () => {
  sandbox = createSandbox();
  server = await startLoopback(handle);
  device = [deviceGrant()];
  tokens = [pending];
  asked = { device: 0, token: 0 };
});
afterEach(async () => {
  await server.close();
  sandbox.cleanup();
});

/** `tourney login --base-url LOOPBACK --no-browser` with a virtual clock: its outcome. */
async function login() {
  const { stderr, error, sleeps } = await loginWithVirtualClock(sandbox, server.url);
  return { stderr, outcome: error === undefined ? undefined : outcomeOf(error), sleeps };
}

const failed = "hint: the service failed there: try again later";

it("device code endpoint, 500 text/plain: asked 5 times (1, 2, 4, 8 s apart), exit 1", async () => {
  device = [{ status: 500, body: "Internal Server Error" }];
  const { outcome, sleeps } = await login();
  expect(outcome).toEqual({
    code: 1,
    lines: [
      `error: the device authorization endpoint ${server.url}/oauth/device/code answered HTTP 500, the service failed; asked 5 times`,
      failed,
    ],
  });
  expect(asked.device).toBe(5);
  expect(sleeps).toEqual([1_000, 2_000, 4_000, 8_000]);
});

it("device code endpoint, 500 server_error with a description: asked 5 times, exit 1 naming both", async () => {
  device = [databaseDown];
  const { outcome } = await login();
  expect(outcome).toEqual({
    code: 1,
    lines: [
      `error: the device authorization endpoint ${server.url}/oauth/device/code answered HTTP 500 (server_error: database down), the service failed; asked 5 times`,
      failed,
    ],
  });
  expect(asked.device).toBe(5);
});

it("device code endpoint, 503 server_error with Retry-After 3: waited, and signed in once it answers", async () => {
  const busy = { status: 503, body: { error: "server_error" }, headers: { "Retry-After": "3" } };
  device = [busy, busy, deviceGrant()];
  tokens = [granted];
  const { outcome, sleeps } = await login();
  expect(outcome).toBeUndefined();
  expect(asked).toEqual({ device: 3, token: 1 });
  // Retry-After 3 (above the backoff's 1 s and 2 s), then the poll's interval.
  expect(sleeps).toEqual([3_000, 3_000, 5_000]);
});

it("device code endpoint, 503 with a Retry-After of an hour: not waited for, exit 1 saying so", async () => {
  device = [
    { status: 503, body: { error: "temporarily_unavailable" }, headers: { "Retry-After": "3600" } },
  ];
  const { outcome, sleeps } = await login();
  expect(outcome).toEqual({
    code: 1,
    lines: [
      `error: the device authorization endpoint ${server.url}/oauth/device/code answered HTTP 503 (temporarily_unavailable), the service failed; it asked to be asked again in 3600 s, longer than tourney waits (30 s)`,
      failed,
    ],
  });
  expect(asked.device).toBe(1);
  expect(sleeps).toEqual([]);
});

it("token endpoint, 500 server_error: polled 5 times in a row, then exit 1 naming it", async () => {
  tokens = [pending, databaseDown];
  const { outcome, sleeps } = await login();
  expect(outcome).toEqual({
    code: 1,
    lines: [
      `error: the token endpoint ${server.url}/oauth/token answered HTTP 500 (server_error: database down), the service failed; asked 5 times`,
      failed,
    ],
  });
  expect(asked.token).toBe(6);
  expect(sleeps).toEqual([5_000, 5_000, 5_000, 5_000, 5_000, 5_000]);
});

it("token endpoint, a few 5xx between pending answers: the count starts again, then signed in", async () => {
  const text = { status: 502, body: "Bad Gateway" };
  tokens = [databaseDown, databaseDown, text, text, pending, text, databaseDown, granted];
  const { outcome } = await login();
  expect(outcome).toBeUndefined();
  expect(asked.token).toBe(8);
});

it("a 200 device answer without device_code, user_code or verification_uri, or not JSON: exit 1 naming it", async () => {
  const cases: [Scripted, string][] = [
    [deviceGrant({ device_code: undefined }), "without device_code"],
    [deviceGrant({ user_code: "" }), "without user_code"],
    [deviceGrant({ verification_uri: undefined }), "without verification_uri"],
    [
      deviceGrant({ verification_uri: "file:///etc/passwd" }),
      "without an http(s) verification_uri",
    ],
    [{ status: 200, body: "<!doctype html><p>hello" }, "without a JSON body"],
  ];
  for (const [reply, what] of cases) {
    device = [reply];
    asked = { device: 0, token: 0 };
    const { outcome } = await login();
    expect(outcome?.code).toBe(1);
    expect(outcome?.lines[0]).toBe(
      `error: the device authorization endpoint ${server.url}/oauth/device/code answered HTTP 200 ${what}: an unexpected answer`,
    );
    expect(outcome?.lines[1]).toMatch(/^hint: if the OAuth server is at another address/);
    expect(asked).toEqual({ device: 1, token: 0 });
  }
});

it("a 200 token answer without access_token: exit 1 naming the token endpoint", async () => {
  tokens = [{ status: 200, body: { token_type: "Bearer" } }];
  const { outcome } = await login();
  expect(outcome?.code).toBe(1);
  expect(outcome?.lines[0]).toBe(
    `error: the token endpoint ${server.url}/oauth/token answered HTTP 200 without a usable access_token: an unexpected answer`,
  );
});

it("a renewal answered 500 server_error is no refusal: an endpoint failure, sent once", async () => {
  const poster = createFormPoster({ env: {} });
  tokens = [databaseDown];
  try {
    const url = `${server.url}/oauth/token`;
    const error = await refreshTokens(poster.post, url, "rt-f", Date.now).catch((e: unknown) => e);
    expect(outcomeOf(error)).toEqual({
      code: 1,
      lines: [
        `error: the token endpoint ${url} answered HTTP 500 (server_error: database down), the service failed`,
        failed,
      ],
    });
    expect(asked.token).toBe(1);
  } finally {
    await poster.close();
  }
});
