/**
 * The authorization code grant with PKCE S256 (RFC 6749 §4.1, RFC 7636) at
 * `tourney serve`'s /oauth/authorize: a person signs in and approves on the
 * consent page, the client exchanges the code with its verifier. Bad inputs:
 * an unknown client or redirect (an error page, never a redirect), no PKCE, a
 * denial, a wrong password, a bad verifier, a replayed code (which revokes what
 * the first exchange issued).
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { CLI_CLIENT_ID } from "../../src/model/oauth.js";
import { openService, type Service } from "../../src/service/index.js";
import { Browser, handClock, hiddenField, send } from "../helpers/oauth.js";

const PASSWORD = "correct horse battery";
const REDIRECT = "http://127.0.0.1:53682/callback";
const VERIFIER = "a".repeat(20) + "-._~" + "Z".repeat(30);
const CHALLENGE = createHash("sha256").update(VERIFIER).digest("base64url");

async function serve() {
  const clock = handClock();
  const service = await openService({ dbPath: ":memory:", requireAuth: true, now: clock.now });
  service.admin.addUser({ username: "ada", password: PASSWORD });
  return { service, clock };
}

function authorizeQuery(overrides: Record<string, string | undefined> = {}): string {
  const params: Record<string, string | undefined> = {
    response_type: "code",
    client_id: CLI_CLIENT_ID,
    redirect_uri: REDIRECT,
    scope: "me tournaments:read",
    state: "xyz-42",
    code_challenge: CHALLENGE,
    code_challenge_method: "S256",
    ...overrides,
  };
  const defined = Object.entries(params).filter(([, v]) => v !== undefined) as [string, string][];
  return `/oauth/authorize?${new URLSearchParams(defined)}`;
}

/** Opens the consent page and sends its form back with `fields` (the hidden ones as the page has them). */
async function consent(service: Service, fields: Record<string, string>, query = authorizeQuery()) {
  const browser = new Browser(service);
  const page = await browser.get(query);
  expect(page.status).toBe(200);
  const hidden: Record<string, string> = {};
  for (const name of [
    "csrf_token",
    "client_id",
    "redirect_uri",
    "scope",
    "response_type",
    "code_challenge",
    "code_challenge_method",
    "state",
  ]) {
    const value = hiddenField(page.body, name);
    if (value !== undefined) hidden[name] = value;
  }
  return browser.post("/oauth/authorize", { ...hidden, ...fields });
}

function redirectParams(location: string | undefined): URLSearchParams {
  expect(location).toBeDefined();
  const url = new URL(location!);
  expect(`${url.origin}${url.pathname}`).toBe(REDIRECT);
  return url.searchParams;
}

function exchange(service: Service, code: string, extra: Record<string, string> = {}) {
  return send(service, "POST", "/oauth/token", {
    grant_type: "authorization_code",
    code,
    redirect_uri: REDIRECT,
    client_id: CLI_CLIENT_ID,
    code_verifier: VERIFIER,
    ...extra,
  });
}

async function approvedCode(service: Service): Promise<string> {
  const reply = await consent(service, {
    username: "ada",
    password: PASSWORD,
    decision: "approve",
  });
  expect(reply.status).toBe(302);
  const params = redirectParams(reply.headers.location);
  expect(params.get("state")).toBe("xyz-42");
  return params.get("code")!;
}

describe("the authorization code grant", () => {
  it("shows the client and scopes, redirects with a code, and the code buys tokens once", async () => {
    const { service } = await serve();
    const page = await new Browser(service).get(authorizeQuery());
    expect(page.body).toContain("the tourney command line");
    expect(page.body).toContain("<code>tournaments:read</code>");
    expect(page.headers["content-security-policy"]).toContain(
      "form-action 'self' http://127.0.0.1:53682",
    );
    const code = await approvedCode(service);
    const tokens = await exchange(service, code);
    expect(tokens.status).toBe(200);
    expect(tokens.json.scope).toBe("me tournaments:read");
    const me = await send(service, "GET", "/v2.1/me", undefined, {
      authorization: `Bearer ${tokens.json.access_token}`,
    });
    expect(me.json.data.attributes.username).toBe("ada");
  });

  it("refuses a replayed code and revokes the tokens the first exchange issued", async () => {
    const { service } = await serve();
    const code = await approvedCode(service);
    const first = (await exchange(service, code)).json;
    const replay = await exchange(service, code);
    expect(replay.status).toBe(400);
    expect(replay.json.error).toBe("invalid_grant");
    expect(replay.json.access_token).toBeUndefined();
    const me = await send(service, "GET", "/v2.1/me", undefined, {
      authorization: `Bearer ${first.access_token}`,
    });
    expect(me.status).toBe(401);
  });

  it("refuses a bad PKCE verifier, a missing one, another redirect_uri, another client", async () => {
    const { service } = await serve();
    const wrong = await exchange(service, await approvedCode(service), {
      code_verifier: "b".repeat(43),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toMatchObject({ error: "invalid_grant" });
    expect(wrong.json.error_description).toContain("code_verifier");
    const missing = await send(service, "POST", "/oauth/token", {
      grant_type: "authorization_code",
      code: await approvedCode(service),
      redirect_uri: REDIRECT,
      client_id: CLI_CLIENT_ID,
    });
    expect(missing.json.error).toBe("invalid_request");
    const elsewhere = await exchange(service, await approvedCode(service), {
      redirect_uri: "http://127.0.0.1:1/other",
    });
    expect(elsewhere.json.error).toBe("invalid_grant");
    const other = await exchange(service, await approvedCode(service), { client_id: "other" });
    expect(other.status).toBe(401);
    expect(other.json.error).toBe("invalid_client");
    expect((await exchange(service, "tac_unknown")).json.error).toBe("invalid_grant");
  });

  it("refuses a code a minute old", async () => {
    const { service, clock } = await serve();
    const code = await approvedCode(service);
    clock.advance(60);
    const late = await exchange(service, code);
    expect(late.json.error).toBe("invalid_grant");
    expect(late.json.error_description).toContain("expired");
  });

  it("redirects a denial as access_denied, and issues no code", async () => {
    const { service } = await serve();
    const reply = await consent(service, { decision: "deny" });
    expect(reply.status).toBe(302);
    const params = redirectParams(reply.headers.location);
    expect(params.get("error")).toBe("access_denied");
    expect(params.get("state")).toBe("xyz-42");
    expect(params.get("code")).toBeNull();
  });

  it("answers a wrong password with the form again (401), no redirect and no code", async () => {
    const { service } = await serve();
    const reply = await consent(service, {
      username: "ada",
      password: "guess",
      decision: "approve",
    });
    expect(reply.status).toBe(401);
    expect(reply.headers.location).toBeUndefined();
    expect(reply.body).toContain("Wrong username or password");
    expect(reply.body).toContain('name="password"');
  });

  it("never redirects for an unknown client or a redirect_uri the client may not use", async () => {
    const { service } = await serve();
    for (const query of [
      authorizeQuery({ client_id: "evil" }),
      authorizeQuery({ client_id: undefined }),
      authorizeQuery({ redirect_uri: "https://evil.example/steal" }),
      authorizeQuery({ redirect_uri: "http://127.0.0.1:53682/cb#frag" }),
      authorizeQuery({ redirect_uri: undefined }),
    ]) {
      const page = await new Browser(service).get(query);
      expect(page.status, query).toBe(400);
      expect(page.headers.location, query).toBeUndefined();
      expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    }
  });

  it("redirects the other faults as errors: no PKCE, plain PKCE, a response_type, a scope", async () => {
    const { service } = await serve();
    const cases: [Record<string, string | undefined>, string][] = [
      [{ code_challenge: undefined }, "invalid_request"],
      [{ code_challenge_method: "plain" }, "invalid_request"],
      [{ response_type: "token" }, "unsupported_response_type"],
      [{ scope: "me admin" }, "invalid_scope"],
    ];
    for (const [overrides, error] of cases) {
      const reply = await new Browser(service).get(authorizeQuery(overrides));
      expect(reply.status).toBe(302);
      const params = redirectParams(reply.headers.location);
      expect(params.get("error")).toBe(error);
      expect(params.get("state")).toBe("xyz-42");
    }
  });

  it("refuses the consent form without its CSRF token", async () => {
    const { service } = await serve();
    const reply = await consent(service, {
      csrf_token: "forged",
      username: "ada",
      password: PASSWORD,
      decision: "approve",
    });
    expect(reply.status).toBe(403);
    expect(reply.headers.location).toBeUndefined();
  });
});
