/**
 * Renewing a stored sign-in (refresh_token grant) against a stub token endpoint: the rotated
 * pair replaces the old one in credentials.json (still 0600), a token another process already
 * renewed is taken without a request, and a refused refresh is SessionExpiredError naming
 * `tourney login`, with nothing written. Renewals at once send the refresh token once: the
 * lock (credentials.json.lock) is held from the read to the write, the others take the token
 * stored meanwhile (before, each sent it, and serve's reuse rule revoked the sign-in).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CredentialStore } from "../../src/auth/credentials.js";
import { oauthEndpoints } from "../../src/auth/endpoints.js";
import { SessionExpiredError } from "../../src/auth/errors.js";
import { renewStoredToken } from "../../src/auth/session.js";
import { ConfigLockedError } from "../../src/config/file-lock.js";
import { CLI_CLIENT_ID } from "../../src/model/oauth.js";
import {
  granted,
  type StubServer,
  stubServer,
  type VirtualClock,
  virtualClock,
} from "./oauth-stub.js";

let dir: string;
let store: CredentialStore;
const TOKEN_URL = "http://127.0.0.1:9/oauth/token";

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "tourney-session-"));
  store = new CredentialStore(dir);
  store.setToken("lan", {
    accessToken: "at-old-0001",
    refreshToken: "rt-old-0001",
    expiresAt: "2025-01-01T00:00:00.000Z",
    scope: "me tournaments:read",
  });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** renewStoredToken of the stored `profile`, whose `usedToken` was refused, against `server`. */
function renew(
  server: StubServer,
  clock: VirtualClock,
  profile = "lan",
  usedToken = "at-old-0001",
) {
  const input = { store, profile, tokenUrl: TOKEN_URL, post: server.post, now: clock.now };
  return renewStoredToken({ ...input, usedToken });
}

describe("renewStoredToken", () => {
  it("sends the refresh token and stores the rotated pair in its place", async () => {
    const clock = virtualClock(Date.UTC(2025, 0, 2));
    const server = stubServer(clock, [
      granted({
        access_token: "at-new-0002",
        refresh_token: "rt-new-0002",
        expires_in: 60,
        scope: undefined,
      }),
    ]);
    const token = await renew(server, clock);
    expect(token).toBe("at-new-0002");
    expect(server.posts[0]!.form).toEqual({
      grant_type: "refresh_token",
      refresh_token: "rt-old-0001",
      client_id: CLI_CLIENT_ID,
    });
    expect(store.get("lan")).toEqual({
      token: "at-new-0002",
      refreshToken: "rt-new-0002",
      expiresAt: "2025-01-02T00:01:00.000Z",
      scope: "me tournaments:read",
    });
    expect(statSync(store.path).mode & 0o777).toBe(0o600);
  });

  it("takes a token another process renewed already, without a request", async () => {
    store.setToken("lan", { accessToken: "at-other-0003", refreshToken: "rt-other-0003" });
    const clock = virtualClock();
    const server = stubServer(clock, []);
    expect(await renew(server, clock)).toBe("at-other-0003");
    expect(server.posts).toHaveLength(0);
  });

  it("a refused refresh token is SessionExpiredError naming tourney login; nothing is written", async () => {
    const before = readFileSync(store.path, "utf8");
    const clock = virtualClock();
    const server = stubServer(clock, [{ status: 400, body: { error: "invalid_grant" } }]);
    const error = await renew(server, clock).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SessionExpiredError);
    expect((error as Error).message).toBe(
      "the sign-in of profile lan was refused on renewal (invalid_grant); run `tourney login --profile lan` again",
    );
    expect(readFileSync(store.path, "utf8")).toBe(before);
  });

  it("renewals at once send the refresh token once and all get the renewed token", async () => {
    const clock = virtualClock();
    // A second post would reuse rt-old-0001: serve revokes the whole sign-in then.
    const server = stubServer(clock, [
      granted({ access_token: "at-new-0005", refresh_token: "rt-new-0005" }),
      { status: 400, body: { error: "invalid_grant" } },
    ]);
    const tokens = await Promise.all([1, 2, 3, 4].map(() => renew(server, clock)));
    expect(tokens).toEqual(["at-new-0005", "at-new-0005", "at-new-0005", "at-new-0005"]);
    expect(server.posts).toHaveLength(1);
    expect(store.get("lan")).toMatchObject({ token: "at-new-0005", refreshToken: "rt-new-0005" });
    expect(existsSync(`${store.path}.lock`)).toBe(false);
  });

  it("a lock held by a running process past the wait: ConfigLockedError, nothing sent", async () => {
    const lock = `${store.path}.lock`;
    const holder = { pid: process.ppid, host: os.hostname(), time: Date.now() };
    writeFileSync(lock, JSON.stringify(holder));
    const clock = virtualClock();
    const server = stubServer(clock, []);
    const input = { store, profile: "lan", tokenUrl: TOKEN_URL, post: server.post, now: clock.now };
    const error = await renewStoredToken({ ...input, usedToken: "at-old-0001", lockWaitMs: 200 })
      .then(() => undefined)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigLockedError);
    expect((error as Error).message).toMatch(
      new RegExp(
        `^cannot renew the sign-in of profile lan: its lock ${lock.replace(/[.]/g, "[.]")} is held by process ${process.ppid} since .+, not let go within 0[.]2 s; nothing was changed$`,
      ),
    );
    expect(server.posts).toHaveLength(0);
    expect(readFileSync(lock, "utf8")).toBe(JSON.stringify(holder));
  });

  it("a lock left by a process that has ended is taken over", async () => {
    const dead = spawnSync(process.execPath, ["-e", ""]).pid!;
    writeFileSync(
      `${store.path}.lock`,
      JSON.stringify({ pid: dead, host: os.hostname(), time: Date.now() }),
    );
    const clock = virtualClock();
    const server = stubServer(clock, [granted({ access_token: "at-new-0006" })]);
    expect(await renew(server, clock)).toBe("at-new-0006");
    expect(existsSync(`${store.path}.lock`)).toBe(false);
  });

  it("a token endpoint failing (502, no OAuth error) is no refusal: the sign-in is kept", async () => {
    const before = readFileSync(store.path, "utf8");
    const clock = virtualClock();
    const server = stubServer(clock, [{ status: 502, body: undefined }]);
    const error = await renew(server, clock).catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: "OAuthEndpointError",
      status: 502,
      message: `the token endpoint ${TOKEN_URL} answered HTTP 502, the service failed`,
    });
    expect(readFileSync(store.path, "utf8")).toBe(before);
  });

  it("without a refresh token there is nothing to renew with", async () => {
    store.setToken("ci", { accessToken: "at-ci-0004" });
    const clock = virtualClock();
    const server = stubServer(clock, []);
    const error = await renew(server, clock, "ci", "at-ci-0004").catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "SessionExpiredError", profile: "ci" });
    expect(server.posts).toHaveLength(0);
  });
});

describe("oauthEndpoints", () => {
  it("puts the endpoints under auth_url, else base_url, keeping a path prefix", () => {
    expect(oauthEndpoints({ baseUrl: "http://127.0.0.1:4870" })).toEqual({
      deviceUrl: "http://127.0.0.1:4870/oauth/device/code",
      tokenUrl: "http://127.0.0.1:4870/oauth/token",
    });
    expect(
      oauthEndpoints({ baseUrl: "http://127.0.0.1:1", authUrl: "http://127.0.0.1:2/auth/" }),
    ).toEqual({
      deviceUrl: "http://127.0.0.1:2/auth/oauth/device/code",
      tokenUrl: "http://127.0.0.1:2/auth/oauth/token",
    });
    expect(
      oauthEndpoints({ baseUrl: "http://127.0.0.1:1", deviceUrl: "http://127.0.0.1:3/device" })
        .deviceUrl,
    ).toBe("http://127.0.0.1:3/device");
  });
});
