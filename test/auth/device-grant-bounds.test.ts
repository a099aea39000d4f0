/**
 * `tourney login` against an authorization server on loopback (a real HTTP server, the real
 * form poster) whose device code answer names an absurd `interval` or `expires_in`: the
 * interval is bounded to 1-60 s (5 s, RFC 8628's default, for one that is no number), the
 * wait for approval to 30 min, an expires_in that is no number above 0 is refused before any
 * poll, and each is said on stderr. slow_down still adds 5 s. Before, interval and expires_in
 * 1e9 slept 1e12 ms once (a real timer that long fires at once: Node's limit is 2^31 ms),
 * a negative interval was "answered without interval", and expires_in 0 "expired before it
 * was approved (it was valid for 1 min)". Time is a virtual clock (device-grant.test.ts).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { afterEach, beforeEach, expect, it } from "vitest";
import { outcomeOf } from "../../src/cli/exit-codes.js";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { type Loopback, startLoopback } from "../helpers/loopback.js";
import { loginWithVirtualClock } from "./oauth-stub.js";

let sandbox: Sandbox;
let server: Loopback;
/** What the device code request answers, and the token requests' answers in order. */
let device: Record<string, unknown>;
let tokens: { status: number; body: unknown }[];
let tokenPosts: number;

const pending = { status: 400, body: { error: "authorization_pending" } };
const granted = {
  status: 200,
  body: { access_token: "at-b", token_type: "Bearer", expires_in: 3600, scope: "me" },
};

function reply(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
}

function handle(req: IncomingMessage, res: ServerResponse) {
  req.resume();
  req.on("end", () => {
    if (req.url === "/oauth/device/code")
      return reply(res, 200, {
        device_code: "dc-b",
        user_code: "WDJB-MJHT",
        verification_uri: `${server.url}/oauth/device`,
        ...device,
      });
    if (req.url === "/oauth/token") {
      tokenPosts++;
      const next = tokens.shift() ?? pending;
      return reply(res, next.status, next.body);
    }
    if (req.url === "/v2.1/me.json")
      return reply(res, 200, { data: { id: "2", type: "user", attributes: { username: "ada" } } });
    reply(res, 404, {});
  });
}

beforeEach(async () => {
  sandbox = createSandbox();
  server = await startLoopback(handle);
  tokens = [];
  tokenPosts = 0;
});
afterEach(async () => {
  await server.close();
  sandbox.cleanup();
});

/** `tourney login --base-url LOOPBACK --no-browser` with a virtual clock: its stderr and error. */
async function login(answer: Record<string, unknown>) {
  device = answer;
  return loginWithVirtualClock(sandbox, server.url);
}

it("interval and expires_in 1e9: polled every 60 s for 30 min at most, and said so", async () => {
  const { stderr, error, sleeps } = await login({ expires_in: 1e9, interval: 1e9 });
  expect(stderr).toContain(
    "note: the server's interval of 1000000000 s is above the most tourney takes: polling every 60 s\n" +
      "note: the server's code is valid for 1000000000 s: tourney waits 30 min at most for its approval\n" +
      "Waiting 30 min at most for approval.\n",
  );
  expect(outcomeOf(error)).toEqual({
    code: 4,
    lines: [
      "error: the code was not approved within 30 min, the longest tourney waits (the server's code is valid for longer)",
      "hint: `tourney login` starts again",
    ],
  });
  expect(Math.max(...sleeps)).toBe(60_000);
  expect(sleeps.reduce((a, b) => a + b, 0)).toBe(30 * 60_000);
  expect(tokenPosts).toBe(29);
});

it("a negative interval is taken as none (5 s, said); slow_down adds 5 s; then signed in", async () => {
  tokens = [pending, { status: 400, body: { error: "slow_down" } }, granted];
  const { stderr, error, sleeps } = await login({ expires_in: 600, interval: -3 });
  expect(error).toBeUndefined();
  expect(stderr).toContain(
    "note: the server's interval -3 is not a number of seconds: polling every 5 s, RFC 8628's default\n" +
      "The code expires in 10 min.\n",
  );
  expect(sleeps).toEqual([5_000, 5_000, 10_000]);
  expect(tokenPosts).toBe(3);
});

it('an interval of 0 or "5" (a string): 1 s or 5 s, said', async () => {
  tokens = [granted];
  const zero = await login({ expires_in: 600, interval: 0 });
  expect(zero.error).toBeUndefined();
  expect(zero.stderr).toContain(
    "note: the server's interval of 0 s is below the least tourney takes: polling every 1 s\n",
  );
  expect(zero.sleeps).toEqual([1_000]);
  tokens = [granted];
  const text = await login({ expires_in: 600, interval: "5" });
  expect(text.stderr).toContain(
    'note: the server\'s interval "5" is not a number of seconds: polling every 5 s',
  );
  expect(text.sleeps).toEqual([5_000]);
});

it("expires_in 0, -1 or not a number: refused before any poll, naming the value", async () => {
  const cases: [unknown, string][] = [
    [0, "an expires_in of 0 s: its code expired as it was given, there is nothing to approve"],
    [-1, "an expires_in of -1 s: its code expired as it was given, there is nothing to approve"],
    [
      "600",
      'an expires_in of "600", not a number of seconds: a code without a lifetime is not waited for',
    ],
  ];
  for (const [expires, why] of cases) {
    const { error, sleeps } = await login({ expires_in: expires, interval: 5 });
    expect(outcomeOf(error).code).toBe(4);
    expect(outcomeOf(error).lines[0]).toBe(
      `error: the device authorization endpoint answered ${why}`,
    );
    expect(sleeps).toEqual([]);
  }
  expect(tokenPosts).toBe(0);
});

it("a short or uneven expires_in is said as it is, never rounded to a minute", async () => {
  // Before: "The code expires in 1 min." and "(it was valid for 1 min)" for a code of 2 s.
  const short = await login({ expires_in: 2, interval: 5 });
  expect(short.stderr).toContain("The code expires in 2 s.\n");
  expect(outcomeOf(short.error)).toEqual({
    code: 4,
    lines: [
      "error: the code expired before it was approved (it was valid for 2 s)",
      "hint: `tourney login` starts again",
    ],
  });
  expect(short.sleeps).toEqual([2_000]);
  expect(tokenPosts).toBe(0);
  // Before: "3 min" (2.5 rounded up) and "2 min" (1.5).
  const cases: [number, string][] = [
    [150, "2 min 30 s"],
    [90, "90 s"],
    [1799, "29 min 59 s"],
  ];
  for (const [expires, said] of cases) {
    const { stderr, error } = await login({ expires_in: expires, interval: 60 });
    expect(stderr).toContain(`The code expires in ${said}.\n`);
    expect(outcomeOf(error).lines[0]).toBe(
      `error: the code expired before it was approved (it was valid for ${said})`,
    );
  }
});
