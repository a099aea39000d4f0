/**
 * The device grant's polling loop (RFC 8628 §3.4-3.5) against a stub token endpoint and a
 * virtual clock: the first poll one interval after the start, authorization_pending waits an
 * interval, slow_down adds 5 s for good, the code's expiry ends the loop, access_denied and
 * other refusals end it with their code, Ctrl-C ends it with LoginInterruptedError.
 */
import { describe, expect, it } from "vitest";
import {
  type DeviceAuthorization,
  deviceAuthorizationFrom,
  pollForToken,
  startDeviceAuthorization,
} from "../../src/auth/device-grant.js";
import { LoginInterruptedError, OAuthError } from "../../src/auth/errors.js";
import { CLI_CLIENT_ID, DEVICE_CODE_GRANT_TYPE } from "../../src/model/oauth.js";
import { granted, pending, slowDown, stubServer, virtualClock } from "./oauth-stub.js";

const TOKEN_URL = "http://127.0.0.1:9/oauth/token";

function grant(overrides: Partial<DeviceAuthorization> = {}): DeviceAuthorization {
  return {
    deviceCode: "dc-secret-0001",
    userCode: "WDJB-MJHT",
    verificationUri: "http://127.0.0.1:9/oauth/device",
    expiresInSeconds: 600,
    intervalSeconds: 5,
    ...overrides,
  };
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail("expected a failure"),
    (error: unknown) => error,
  );
}

describe("pollForToken", () => {
  it("polls every interval while pending and returns the token set when approved", async () => {
    const clock = virtualClock();
    const server = stubServer(clock, [pending, pending, granted()]);
    const tokens = await pollForToken({
      post: server.post,
      tokenUrl: TOKEN_URL,
      grant: grant(),
      clock,
    });
    expect(server.posts.map((p) => p.at)).toEqual([5_000, 10_000, 15_000]);
    expect(server.posts[0]).toMatchObject({
      url: TOKEN_URL,
      form: {
        grant_type: DEVICE_CODE_GRANT_TYPE,
        device_code: "dc-secret-0001",
        client_id: CLI_CLIENT_ID,
      },
    });
    expect(tokens).toEqual({
      accessToken: "at-granted-0001",
      refreshToken: "rt-granted-0001",
      expiresAt: new Date(Date.UTC(2025, 0, 1) + 15_000 + 3_600_000).toISOString(),
      scope: "me tournaments:read",
    });
  });

  it("slow_down lengthens the interval by 5 s for every later poll", async () => {
    const clock = virtualClock();
    const server = stubServer(clock, [slowDown, pending, slowDown, pending, granted()]);
    await pollForToken({ post: server.post, tokenUrl: TOKEN_URL, grant: grant(), clock });
    expect(clock.sleeps).toEqual([5_000, 10_000, 10_000, 15_000, 15_000]);
    expect(server.posts.map((p) => p.at)).toEqual([5_000, 15_000, 25_000, 40_000, 55_000]);
  });

  it("a 429 without an OAuth error counts as slow_down; a 503 waits the same interval", async () => {
    const clock = virtualClock();
    const server = stubServer(clock, [
      { status: 429, body: undefined },
      { status: 503, body: undefined },
      granted(),
    ]);
    await pollForToken({ post: server.post, tokenUrl: TOKEN_URL, grant: grant(), clock });
    expect(clock.sleeps).toEqual([5_000, 10_000, 10_000]);
  });

  it("a 503 or 429 with a Retry-After longer than the interval waits it before the next poll", async () => {
    const clock = virtualClock();
    const server = stubServer(clock, [
      { status: 503, body: { error: "temporarily_unavailable" }, retryAfterSeconds: 30 },
      pending,
      { status: 429, body: undefined, retryAfterSeconds: 20 },
      { status: 503, body: undefined, retryAfterSeconds: 2 },
      granted(),
    ]);
    await pollForToken({ post: server.post, tokenUrl: TOKEN_URL, grant: grant(), clock });
    // 30 s once (then the interval again); the 429 lengthens the interval to 10 s and waits
    // its 20 s; a Retry-After shorter than the interval waits the interval.
    expect(clock.sleeps).toEqual([5_000, 30_000, 5_000, 20_000, 10_000]);
  });

  it("gives up at expires_in without polling past it", async () => {
    const clock = virtualClock();
    const server = stubServer(
      clock,
      Array.from({ length: 20 }, () => pending),
    );
    const error = await failure(
      pollForToken({
        post: server.post,
        tokenUrl: TOKEN_URL,
        grant: grant({ expiresInSeconds: 12 }),
        clock,
      }),
    );
    expect(error).toBeInstanceOf(OAuthError);
    expect(error).toMatchObject({ code: "expired_token" });
    expect((error as Error).message).toBe(
      "the code expired before it was approved (it was valid for 12 s)",
    );
    // Polls at 5 s and 10 s; the last wait is cut to the 2 s left, and no poll follows it.
    expect(server.posts.map((p) => p.at)).toEqual([5_000, 10_000]);
    expect(clock.sleeps).toEqual([5_000, 5_000, 2_000]);
  });

  it("expired_token from the server ends the loop with that code", async () => {
    const clock = virtualClock();
    const server = stubServer(clock, [pending, { status: 400, body: { error: "expired_token" } }]);
    const error = await failure(
      pollForToken({ post: server.post, tokenUrl: TOKEN_URL, grant: grant(), clock }),
    );
    expect(error).toMatchObject({ name: "OAuthError", code: "expired_token" });
    expect(server.posts).toHaveLength(2);
  });

  it("access_denied ends the loop at once", async () => {
    const clock = virtualClock();
    const server = stubServer(clock, [pending, { status: 400, body: { error: "access_denied" } }]);
    const error = await failure(
      pollForToken({ post: server.post, tokenUrl: TOKEN_URL, grant: grant(), clock }),
    );
    expect(error).toBeInstanceOf(OAuthError);
    expect(error).toMatchObject({
      code: "access_denied",
      message: "the sign-in was denied on the verification page",
    });
    expect(server.posts).toHaveLength(2);
  });

  it("another refusal names its code and description", async () => {
    const clock = virtualClock();
    const server = stubServer(clock, [
      { status: 401, body: { error: "invalid_client", error_description: "unknown client" } },
    ]);
    const error = await failure(
      pollForToken({ post: server.post, tokenUrl: TOKEN_URL, grant: grant(), clock }),
    );
    expect(error).toMatchObject({
      code: "invalid_client",
      message: "the token endpoint refused (invalid_client): unknown client",
    });
  });

  it("a success without a usable token is an unexpected answer, not a token", async () => {
    const clock = virtualClock();
    const server = stubServer(clock, [granted({ token_type: "mac" })]);
    const error = await failure(
      pollForToken({ post: server.post, tokenUrl: TOKEN_URL, grant: grant(), clock }),
    );
    expect(error).toMatchObject({
      name: "OAuthEndpointError",
      status: 200,
      message: `the token endpoint ${TOKEN_URL} answered HTTP 200 without token_type Bearer: an unexpected answer`,
    });
  });

  it("Ctrl-C during a wait stops the loop before the next poll", async () => {
    const abort = new AbortController();
    const clock = virtualClock(Date.UTC(2025, 0, 1), (n) => {
      if (n === 2) abort.abort();
    });
    const server = stubServer(clock, [pending, pending, pending]);
    const error = await failure(
      pollForToken({
        post: server.post,
        tokenUrl: TOKEN_URL,
        grant: grant(),
        clock,
        signal: abort.signal,
      }),
    );
    expect(error).toBeInstanceOf(LoginInterruptedError);
    expect(server.posts).toHaveLength(1);
  });
});

describe("startDeviceAuthorization", () => {
  it("posts the client id and the scopes, and checks the answer", async () => {
    const clock = virtualClock();
    const server = stubServer(clock, [
      {
        status: 200,
        body: {
          device_code: "dc-1",
          user_code: "ABCD-EFGH",
          verification_uri: "http://127.0.0.1:9/oauth/device",
          verification_uri_complete: "http://127.0.0.1:9/oauth/device?user_code=ABCD-EFGH",
          expires_in: 900,
        },
      },
    ]);
    const got = await startDeviceAuthorization(
      server.post,
      "http://127.0.0.1:9/oauth/device/code",
      ["me", "tournaments:read"],
    );
    expect(server.posts[0]!.form).toEqual({
      client_id: CLI_CLIENT_ID,
      scope: "me tournaments:read",
    });
    expect(got).toMatchObject({ userCode: "ABCD-EFGH", expiresInSeconds: 900, intervalSeconds: 5 });
  });

  it("refuses a verification address that is not http(s), and an interval below 1 s is 1 s", () => {
    const base = { device_code: "d", user_code: "u", expires_in: 60 };
    expect(() =>
      deviceAuthorizationFrom(
        { ...base, verification_uri: "file:///etc/passwd" },
        "https://x.test/c",
      ),
    ).toThrow(
      "the device authorization endpoint https://x.test/c answered HTTP 200 without an http(s) verification_uri: an unexpected answer",
    );
    expect(
      deviceAuthorizationFrom(
        { ...base, verification_uri: "https://x.test/d", interval: 0 },
        "https://x.test/c",
      ),
    ).toMatchObject({
      intervalSeconds: 1,
    });
  });

  it("an error answer becomes OAuthError with its code", async () => {
    const clock = virtualClock();
    const server = stubServer(clock, [{ status: 400, body: { error: "invalid_scope" } }]);
    const error = await failure(
      startDeviceAuthorization(server.post, "http://127.0.0.1:9/d", ["nope"]),
    );
    expect(error).toMatchObject({ code: "invalid_scope" });
  });
});
