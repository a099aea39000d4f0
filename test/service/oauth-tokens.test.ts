/**
 * Tokens of `tourney serve` over time (issue 14), with a clock the test moves:
 * an access token lasts a week (or what ServiceOptions.oauth says), then is
 * refused with invalid_token; its refresh token rotates on use; a refresh token
 * used twice revokes its whole family; RFC 7009 revocation; every token stored
 * as a hash only.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { CLI_CLIENT_ID } from "../../src/model/oauth.js";
import { openService, type Service } from "../../src/service/index.js";
import { decideDevice, deviceCode, handClock, pollToken, refresh, send } from "../helpers/oauth.js";

const PASSWORD = "correct horse battery";
const scratch = mkdtempSync(join(tmpdir(), "tourney-tokens-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function signedIn(options: { accessTokenSeconds?: number; dbPath?: string } = {}) {
  const clock = handClock();
  const service = await openService({
    dbPath: options.dbPath ?? ":memory:",
    requireAuth: true,
    now: clock.now,
    ...(options.accessTokenSeconds === undefined
      ? {}
      : { oauth: { accessTokenSeconds: options.accessTokenSeconds } }),
  });
  service.admin.addUser({ username: "ada", password: PASSWORD });
  const device = (await deviceCode(service)).json;
  await decideDevice(service, "ada", PASSWORD, device.user_code);
  const tokens = (await pollToken(service, device.device_code)).json;
  return { service, clock, tokens };
}

function me(service: Service, token: string) {
  return send(service, "GET", "/v2.1/me", undefined, {
    authorization: `Bearer ${token}`,
    "authorization-type": "v2",
  });
}

describe("access tokens", () => {
  it("last a week by default: refused with invalid_token after, and refreshed", async () => {
    const { service, clock, tokens } = await signedIn();
    expect(tokens.expires_in).toBe(604_800);
    clock.advance(604_799);
    expect((await me(service, tokens.access_token)).status).toBe(200);
    clock.advance(1);
    const expired = await me(service, tokens.access_token);
    expect(expired.status).toBe(401);
    expect(expired.json.errors[0].detail).toMatch(/expired at 2026-03-08T10:00:00.000Z/);
    expect(expired.headers["www-authenticate"]).toMatch(/^Bearer .*error="invalid_token"/);
    const renewed = await refresh(service, tokens.refresh_token);
    expect(renewed.status).toBe(200);
    expect(renewed.json.refresh_token).not.toBe(tokens.refresh_token);
    expect(renewed.json.access_token).not.toBe(tokens.access_token);
    expect((await me(service, renewed.json.access_token)).json.data.attributes.username).toBe(
      "ada",
    );
  });

  it("last what ServiceOptions.oauth.accessTokenSeconds says", async () => {
    const { service, clock, tokens } = await signedIn({ accessTokenSeconds: 60 });
    expect(tokens.expires_in).toBe(60);
    clock.advance(59);
    expect((await me(service, tokens.access_token)).status).toBe(200);
    clock.advance(1);
    expect((await me(service, tokens.access_token)).status).toBe(401);
  });

  it("are refused when unknown, and when sent as an API key", async () => {
    const { service, tokens } = await signedIn();
    expect((await me(service, "tat_forged")).status).toBe(401);
    const asKey = await send(service, "GET", "/v2.1/me", undefined, {
      authorization: tokens.access_token,
      "authorization-type": "v1",
    });
    expect(asKey.status).toBe(401);
  });
});

describe("an API key sent as an OAuth token", () => {
  it("is refused 401 saying an API key goes with Authorization-Type v1; the challenge as before", async () => {
    const { service } = await signedIn();
    const made = service.admin.createKey({ label: "ci", user: "ada" });
    if (!made.ok) throw new Error(made.reason);
    const key = made.value.key;
    const asV2 = { authorization: key, "authorization-type": "v2" };
    const asBearer = { authorization: `Bearer ${key}` };
    const unknown = await me(service, "tat_forged");
    for (const [how, headers] of [
      ["Authorization-Type: v2", asV2],
      ["Authorization: Bearer", asBearer],
    ] as const) {
      const refused = await send(service, "GET", "/v2.1/me", undefined, headers);
      expect(refused.status).toBe(401);
      expect(refused.json.errors[0].detail).toBe(
        `${how} expects an OAuth access token, and this credential is an API key (tk_...); ` +
          "send an API key as `Authorization: <key>` with `Authorization-Type: v1` (or no Authorization-Type)",
      );
      expect(refused.body).not.toContain(key);
      expect(refused.headers["www-authenticate"]).toBe(unknown.headers["www-authenticate"]);
    }
    expect(unknown.json.errors[0].detail).toMatch(/not valid for this server \(revoked/);
    expect(unknown.headers["www-authenticate"]).toMatch(
      /^Bearer realm="tourney", error="invalid_token"/,
    );
    const asKey = { authorization: key, "authorization-type": "v1" };
    expect((await send(service, "GET", "/v2.1/me", undefined, asKey)).status).toBe(200);
  });
});

describe("an OAuth token sent as an API key", () => {
  it("is refused 401 saying it is a token and how a token is sent; the challenge as before", async () => {
    const { service, tokens } = await signedIn();
    const bearer =
      "`Authorization: Bearer <token>` with `Authorization-Type: v2` (or no Authorization-Type)";
    const unknown = await send(service, "GET", "/v2.1/me", undefined, {
      authorization: "tk_unknown",
    });
    expect(unknown.status).toBe(401);
    expect(unknown.json.errors[0].detail).toBe("the API key is not valid for this server");
    for (const [how, type] of [
      ["Authorization-Type: v1", { "authorization-type": "v1" }],
      ["an Authorization header without Bearer", {}],
    ] as const) {
      const access = await send(service, "GET", "/v2.1/me", undefined, {
        authorization: tokens.access_token,
        ...type,
      });
      expect(access.status).toBe(401);
      expect(access.json).toEqual({
        errors: [
          {
            status: 401,
            detail:
              `${how} expects an API key, and this credential is an OAuth access token (tat_...); ` +
              `send an access token as ${bearer}`,
          },
        ],
      });
      expect(access.body).not.toContain(tokens.access_token);
      expect(access.headers["www-authenticate"]).toBe(unknown.headers["www-authenticate"]);
      const refreshing = await send(service, "GET", "/v2.1/me", undefined, {
        authorization: tokens.refresh_token,
        ...type,
      });
      expect(refreshing.status).toBe(401);
      expect(refreshing.json.errors[0].detail).toBe(
        `${how} expects an API key, and this credential is an OAuth refresh token (trt_...), ` +
          `which only /oauth/token takes (grant_type=refresh_token): send the access token it gives as ${bearer}`,
      );
      expect(refreshing.body).not.toContain(tokens.refresh_token);
    }
    expect(unknown.headers["www-authenticate"]).toBe('ApiKey realm="tourney"');
    // Sent as a token, the same token is taken.
    expect((await me(service, tokens.access_token)).status).toBe(200);
  });
});

describe("refresh tokens", () => {
  it("rotate: the new one replaces the old, and reusing the old revokes the whole family", async () => {
    const { service, clock, tokens } = await signedIn();
    clock.advance(8 * 24 * 3600);
    const first = (await refresh(service, tokens.refresh_token)).json;
    clock.advance(60);
    const second = await refresh(service, first.refresh_token);
    expect(second.status).toBe(200);
    expect((await me(service, second.json.access_token)).status).toBe(200);
    // The replaced token comes back (a copy someone kept): refused, and the family goes.
    const reused = await refresh(service, tokens.refresh_token);
    expect(reused.status).toBe(400);
    expect(reused.json.error).toBe("invalid_grant");
    expect(reused.json.error_description).toMatch(/used already.*revoked/);
    expect((await me(service, second.json.access_token)).status).toBe(401);
    expect((await me(service, first.access_token)).status).toBe(401);
    const latest = await refresh(service, second.json.refresh_token);
    expect(latest.status).toBe(400);
    expect(latest.json.error).toBe("invalid_grant");
  });

  it("leave another sign-in of the same user alone when one family is revoked", async () => {
    const { service, tokens } = await signedIn();
    const device = (await deviceCode(service)).json;
    await decideDevice(service, "ada", PASSWORD, device.user_code);
    const other = (await pollToken(service, device.device_code)).json;
    await refresh(service, tokens.refresh_token);
    await refresh(service, tokens.refresh_token);
    expect((await me(service, other.access_token)).status).toBe(200);
  });

  it("may narrow the scopes, never widen them", async () => {
    const clock = handClock();
    const service = await openService({ dbPath: ":memory:", requireAuth: true, now: clock.now });
    service.admin.addUser({ username: "ada", password: PASSWORD });
    const device = (await deviceCode(service, "me tournaments:read")).json;
    await decideDevice(service, "ada", PASSWORD, device.user_code);
    const tokens = (await pollToken(service, device.device_code)).json;
    const wider = await refresh(service, tokens.refresh_token, {
      scope: "me tournaments:read tournaments:write",
    });
    expect(wider.status).toBe(400);
    expect(wider.json).toMatchObject({ error: "invalid_scope" });
    expect(wider.json.error_description).toContain("tournaments:write");
    // The refusal spent nothing: the same token narrows.
    const narrower = await refresh(service, tokens.refresh_token, { scope: "me" });
    expect(narrower.status).toBe(200);
    expect(narrower.json.scope).toBe("me");
  });

  it("are refused for another client, unknown, or past their 90 days", async () => {
    const { service, clock, tokens } = await signedIn();
    const other = await refresh(service, tokens.refresh_token, { client_id: "other" });
    expect(other.status).toBe(401);
    expect(other.json.error).toBe("invalid_client");
    expect((await refresh(service, "trt_unknown")).json.error).toBe("invalid_grant");
    expect((await refresh(service, tokens.access_token)).json.error).toBe("invalid_grant");
    clock.advance(90 * 24 * 3600);
    const late = await refresh(service, tokens.refresh_token);
    expect(late.status).toBe(400);
    expect(late.json).toMatchObject({ error: "invalid_grant" });
  });
});

describe("the token endpoint", () => {
  it("refuses an unknown grant type, a missing one, and a body that is not a form", async () => {
    const { service } = await signedIn();
    const password = await send(service, "POST", "/oauth/token", {
      grant_type: "password",
      client_id: CLI_CLIENT_ID,
    });
    expect(password.status).toBe(400);
    expect(password.json.error).toBe("unsupported_grant_type");
    const none = await send(service, "POST", "/oauth/token", { client_id: CLI_CLIENT_ID });
    expect(none.json.error).toBe("invalid_request");
    const twice = await service.handle({
      method: "POST",
      path: "/oauth/token",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "grant_type=refresh_token&grant_type=password",
    });
    expect(JSON.parse(twice.body).error).toBe("invalid_request");
    const get = await send(service, "GET", "/oauth/token");
    expect(get.status).toBe(405);
    expect(get.headers.allow).toBe("POST, OPTIONS");
  });
});

describe("revocation (RFC 7009)", () => {
  it("revokes a token's family: its access tokens are refused with 401 at once", async () => {
    const { service, tokens } = await signedIn();
    expect((await me(service, tokens.access_token)).status).toBe(200);
    const revoked = await send(service, "POST", "/oauth/revoke", {
      token: tokens.refresh_token,
      client_id: CLI_CLIENT_ID,
    });
    expect(revoked.status).toBe(200);
    expect((await me(service, tokens.access_token)).status).toBe(401);
    expect((await refresh(service, tokens.refresh_token)).json.error).toBe("invalid_grant");
    const unknown = await send(service, "POST", "/oauth/revoke", {
      token: "whatever",
      client_id: CLI_CLIENT_ID,
    });
    expect(unknown.status).toBe(200);
  });
});

describe("storage", () => {
  it("keeps only hashes of tokens and codes, and a revocation by another process counts at once", async () => {
    const dbPath = join(scratch, "tokens.db");
    const { service, tokens } = await signedIn({ dbPath });
    expect((await me(service, tokens.access_token)).status).toBe(200);
    const other = new Database(dbPath);
    try {
      const dump = JSON.stringify([
        other.prepare("SELECT * FROM oauth_tokens").all(),
        other.prepare("SELECT * FROM oauth_device_codes").all(),
        other.prepare("SELECT * FROM users").all(),
      ]);
      for (const secret of [tokens.access_token, tokens.refresh_token, PASSWORD])
        expect(dump).not.toContain(secret);
      expect(dump).toContain("scrypt$15$8$1$");
      other.prepare("UPDATE oauth_grants SET revoked_at = 'x'").run();
    } finally {
      other.close();
    }
    expect((await me(service, tokens.access_token)).status).toBe(401);
    service.close();
  });
});
