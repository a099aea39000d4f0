/**
 * Registered OAuth applications (issue 25) at `tourney serve`'s OAuth server:
 * client_credentials for a confidential application (its secret by HTTP Basic
 * or in the form; it reads public records and its owner's, within its scopes),
 * the authorization code grant with PKCE for its registered redirect URIs
 * (exact match), the device grant for any registered client.
 */
import { createHash } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type AppAdmin, openAppAdmin, openService, type Service } from "../../src/service/index.js";
import { Browser, decideDevice, hiddenField, type Reply, send } from "../helpers/oauth.js";

const PASSWORD = "correct horse battery";
const REDIRECT = "https://scores.example/callback";
const VERIFIER = `${"v".repeat(40)}-._~42`;
const CHALLENGE = createHash("sha256").update(VERIFIER).digest("base64url");

async function served() {
  const dbPath = join(mkdtempSync(join(tmpdir(), "tourney-apps-")), "db.sqlite");
  const service = await openService({ dbPath, requireAuth: true });
  service.admin.addUser({ username: "ada", password: PASSWORD });
  service.admin.addUser({ username: "bob", password: PASSWORD });
  const apps = await openAppAdmin(dbPath);
  return { service, apps };
}

function register(apps: AppAdmin, input: Parameters<AppAdmin["add"]>[0]) {
  const added = apps.add(input);
  if (!added.ok) throw new Error(added.reason);
  return added.value;
}

const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString("base64")}`;

async function tournament(service: Service, owner: string, url: string, isPrivate: boolean) {
  const key = service.admin.createKey({ label: `${owner} ${url}`, user: owner });
  if (!key.ok) throw new Error(key.reason);
  const r = await service.handle({
    method: "POST",
    path: "/v2.1/tournaments",
    headers: { authorization: key.value.key, "content-type": "application/vnd.api+json" },
    body: JSON.stringify({
      data: {
        type: "tournament",
        attributes: { name: url, url, tournament_type: "swiss", private: isPrivate },
      },
    }),
  });
  expect(r.status, r.body).toBe(201);
}

function read(service: Service, token: string, path: string) {
  return service.handle({ method: "GET", path, headers: { authorization: `Bearer ${token}` } });
}

describe("registered OAuth applications", () => {
  it("client_credentials: a confidential application reads public records and its owner's, not others' private ones", async () => {
    const { service, apps } = await served();
    const { app, secret } = register(apps, {
      name: "Score board",
      redirectUris: [],
      confidential: true,
      user: "ada",
      scopes: ["tournaments:read", "matches:read"],
    });
    expect(app.client_id).toMatch(/^app_/);
    expect(secret).toMatch(/^tcs_/);
    await tournament(service, "ada", "adas_private", true);
    await tournament(service, "bob", "bobs_public", false);
    await tournament(service, "bob", "bobs_private", true);

    const byBasic = await send(
      service,
      "POST",
      "/oauth/token",
      { grant_type: "client_credentials" },
      { authorization: basic(app.client_id, secret!) },
    );
    expect(byBasic.status).toBe(200);
    expect(byBasic.json).toMatchObject({
      token_type: "Bearer",
      scope: "tournaments:read matches:read",
    });
    expect(byBasic.json.refresh_token).toBeUndefined();
    const token = byBasic.json.access_token as string;
    expect((await read(service, token, "/v2.1/tournaments/bobs_public")).status).toBe(200);
    expect((await read(service, token, "/v2.1/tournaments/adas_private")).status).toBe(200);
    expect((await read(service, token, "/v2.1/tournaments/bobs_private")).status).toBe(404);
    const listed = JSON.parse((await read(service, token, "/v2.1/tournaments")).body);
    expect(
      listed.data.map((t: { attributes: { url: string } }) => t.attributes.url).sort(),
    ).toEqual(["adas_private", "bobs_public"]);
    expect((await read(service, token, "/v2.1/me")).status).toBe(403);

    const byForm = await send(service, "POST", "/oauth/token", {
      grant_type: "client_credentials",
      client_id: app.client_id,
      client_secret: secret!,
      scope: "tournaments:read",
    });
    expect(byForm.json.scope).toBe("tournaments:read");
    apps.close();
  });

  it("refuses a wrong or missing secret (401 invalid_client), a public client, scopes beyond the application's", async () => {
    const { service, apps } = await served();
    const { app, secret } = register(apps, {
      name: "Bot",
      redirectUris: [],
      confidential: true,
      scopes: ["tournaments:read"],
    });
    const wrong = await send(
      service,
      "POST",
      "/oauth/token",
      { grant_type: "client_credentials" },
      { authorization: basic(app.client_id, `${secret}x`) },
    );
    expect(wrong.status).toBe(401);
    expect(wrong.json.error).toBe("invalid_client");
    expect(wrong.headers["www-authenticate"]).toBe('Basic realm="tourney"');
    const none = await send(service, "POST", "/oauth/token", {
      grant_type: "client_credentials",
      client_id: app.client_id,
    });
    expect(none.status).toBe(401);
    const beyond = await send(
      service,
      "POST",
      "/oauth/token",
      { grant_type: "client_credentials", scope: "tournaments:write" },
      { authorization: basic(app.client_id, secret!) },
    );
    expect(beyond.json.error).toBe("invalid_scope");
    const open = register(apps, { name: "Phone", redirectUris: [REDIRECT], confidential: false });
    for (const client of [open.app.client_id, "tourney-cli"]) {
      const r = await send(service, "POST", "/oauth/token", {
        grant_type: "client_credentials",
        client_id: client,
      });
      expect(r.json.error, client).toBe("unauthorized_client");
    }
    const before = await send(
      service,
      "POST",
      "/oauth/token",
      { grant_type: "client_credentials" },
      { authorization: basic(app.client_id, secret!) },
    );
    expect((await read(service, before.json.access_token, "/v2.1/tournaments")).status).toBe(200);
    expect(apps.remove(app.client_id)).toBe(true);
    // Removed on another connection: the tokens it was given stop working at once.
    expect((await read(service, before.json.access_token, "/v2.1/tournaments")).status).toBe(401);
    const removed = await send(
      service,
      "POST",
      "/oauth/token",
      { grant_type: "client_credentials" },
      { authorization: basic(app.client_id, secret!) },
    );
    expect(removed.status).toBe(401);
    apps.close();
  });

  it("the authorization code grant with PKCE on a registered redirect URI, matched exactly; a wrong verifier is refused", async () => {
    const { service, apps } = await served();
    const { app } = register(apps, {
      name: "Scores site",
      redirectUris: [REDIRECT],
      confidential: false,
      scopes: ["me", "tournaments:read"],
    });
    const query = (redirect: string) =>
      `/oauth/authorize?${new URLSearchParams({
        response_type: "code",
        client_id: app.client_id,
        redirect_uri: redirect,
        scope: "me tournaments:read",
        state: "s1",
        code_challenge: CHALLENGE,
        code_challenge_method: "S256",
      })}`;
    const browser = new Browser(service);
    for (const other of [
      `${REDIRECT}/`,
      "https://scores.example/callback?x=1",
      "http://127.0.0.1:5000/cb",
    ])
      expect((await browser.get(query(other))).status, other).toBe(400);
    const page = await browser.get(query(REDIRECT));
    expect(page.status).toBe(200);
    expect(page.body).toContain("Scores site");
    const fields: Record<string, string> = {
      username: "ada",
      password: PASSWORD,
      decision: "approve",
    };
    for (const name of [
      "csrf_token",
      "client_id",
      "redirect_uri",
      "scope",
      "response_type",
      "code_challenge",
      "code_challenge_method",
      "state",
    ])
      fields[name] = hiddenField(page.body, name) ?? "";
    const approved = await browser.post("/oauth/authorize", fields);
    expect(approved.status).toBe(302);
    const location = new URL(approved.headers.location!);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    const code = location.searchParams.get("code")!;
    const exchange = (verifier: string): Promise<Reply> =>
      send(service, "POST", "/oauth/token", {
        grant_type: "authorization_code",
        code,
        redirect_uri: REDIRECT,
        client_id: app.client_id,
        code_verifier: verifier,
      });
    const refused = await exchange(`${"w".repeat(40)}-._~42`);
    expect(refused.status).toBe(400);
    expect(refused.json.error).toBe("invalid_grant");
    expect(refused.json.error_description).toMatch(/code_verifier/);
    // The code was spent by the refused exchange: a second try is a replay.
    expect((await exchange(VERIFIER)).json.error).toBe("invalid_grant");
    apps.close();
  });

  it("issues tokens by code for the right verifier, a confidential application authenticating; scopes bounded by the application's", async () => {
    const { service, apps } = await served();
    const { app, secret } = register(apps, {
      name: "League site",
      redirectUris: [REDIRECT],
      confidential: true,
      scopes: ["me"],
    });
    const browser = new Browser(service);
    const page = await browser.get(
      `/oauth/authorize?${new URLSearchParams({
        response_type: "code",
        client_id: app.client_id,
        redirect_uri: REDIRECT,
        scope: "me tournaments:read",
        code_challenge: CHALLENGE,
        code_challenge_method: "S256",
      })}`,
    );
    // The consent page asks for what the application may have: "me" of "me tournaments:read".
    expect(hiddenField(page.body, "scope")).toBe("me");
    const fields: Record<string, string> = {
      username: "bob",
      password: PASSWORD,
      decision: "approve",
    };
    for (const name of [
      "csrf_token",
      "client_id",
      "redirect_uri",
      "scope",
      "response_type",
      "code_challenge",
      "code_challenge_method",
    ])
      fields[name] = hiddenField(page.body, name) ?? "";
    const approved = await browser.post("/oauth/authorize", fields);
    const code = new URL(approved.headers.location!).searchParams.get("code")!;
    const form = {
      grant_type: "authorization_code",
      code,
      redirect_uri: REDIRECT,
      client_id: app.client_id,
      code_verifier: VERIFIER,
    };
    const unauthenticated = await send(service, "POST", "/oauth/token", form);
    expect(unauthenticated.status).toBe(401);
    const issued = await send(service, "POST", "/oauth/token", { ...form, client_secret: secret! });
    expect(issued.status).toBe(200);
    expect(issued.json.scope).toBe("me");
    const me = await read(service, issued.json.access_token, "/v2.1/me");
    expect(JSON.parse(me.body).data.attributes.username).toBe("bob");
    apps.close();
  });

  it("the device grant for a registered public client", async () => {
    const { service, apps } = await served();
    const { app } = register(apps, { name: "Kiosk", redirectUris: [], confidential: false });
    const device = await send(service, "POST", "/oauth/device/code", {
      client_id: app.client_id,
      scope: "tournaments:read",
    });
    expect(device.status).toBe(200);
    const approved = await decideDevice(service, "ada", PASSWORD, device.json.user_code);
    expect(approved.status).toBe(200);
    const token = await send(service, "POST", "/oauth/token", {
      grant_type: "urn:ietf:params:oauth:grant-type:device_code",
      device_code: device.json.device_code,
      client_id: app.client_id,
    });
    expect(token.status).toBe(200);
    expect(token.json.scope).toBe("tournaments:read");
    const unknown = await send(service, "POST", "/oauth/device/code", { client_id: "app_nope" });
    expect(unknown.status).toBe(401);
    apps.close();
  });
});
