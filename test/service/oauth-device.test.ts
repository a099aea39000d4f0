/**
 * The device grant of `tourney serve` (RFC 8628), through the in-process
 * service with a clock the test moves: a person signs in at the approval page
 * and types the user code while the client polls; every bad input of issue 14
 * gets the RFC's error response and no token.
 */
import { describe, expect, it } from "vitest";
import { CLI_CLIENT_ID, DEVICE_CODE_GRANT_TYPE } from "../../src/model/oauth.js";
import { openService, type Service } from "../../src/service/index.js";
import {
  Browser,
  decideDevice,
  deviceCode,
  handClock,
  hiddenField,
  pollToken,
  send,
  signInDevice,
} from "../helpers/oauth.js";

const PASSWORD = "correct horse battery";

async function serve() {
  const clock = handClock();
  const service = await openService({ dbPath: ":memory:", requireAuth: true, now: clock.now });
  for (const username of ["ada", "grace"]) {
    const added = service.admin.addUser({ username, password: PASSWORD });
    if (!added.ok) throw new Error(added.reason);
  }
  return { service, clock };
}

function bearer(token: string) {
  return { authorization: `Bearer ${token}`, "authorization-type": "v2" };
}

function tokenCount(service: Service): Promise<number> {
  // Tokens are not listed anywhere; a fresh sign-in of the other user shows none leaked here.
  return Promise.resolve(service.admin.listUsers().length);
}

describe("the device authorization endpoint", () => {
  it("answers RFC 8628 §3.2: device and user code, verification URIs, expiry and interval", async () => {
    const { service } = await serve();
    const r = await deviceCode(service, "me tournaments:read");
    expect(r.status).toBe(200);
    expect(r.headers["cache-control"]).toBe("no-store");
    expect(r.json.user_code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    expect(r.json.device_code).toMatch(/^tdc_[A-Za-z0-9_-]{43}$/);
    expect(r.json.verification_uri).toBe("http://tourney.test:4870/oauth/device");
    expect(r.json.verification_uri_complete).toBe(
      `http://tourney.test:4870/oauth/device?user_code=${r.json.user_code}`,
    );
    expect(r.json).toMatchObject({ expires_in: 600, interval: 5 });
  });

  it("hands out the verification URI at serve --public-url, never at a Host that is not host[:port]", async () => {
    const proxied = await openService({
      dbPath: ":memory:",
      requireAuth: true,
      publicUrl: "https://t.example.org/club",
    });
    const form = { client_id: CLI_CLIENT_ID };
    const behind = await send(proxied, "POST", "/oauth/device/code", form, {
      host: "backend:4870",
    });
    expect(behind.json.verification_uri).toBe("https://t.example.org/club/oauth/device");
    const { service } = await serve();
    const hostile = await send(service, "POST", "/oauth/device/code", form, { host: "a..b:1" });
    expect(hostile.json.verification_uri).toBe("http://localhost/oauth/device");
    const dotted = await send(service, "POST", "/oauth/device/code", form, { host: "T.example." });
    expect(dotted.json.verification_uri).toBe("http://t.example./oauth/device");
  });

  it("behind serve --public-url's path, its pages post and scope their cookie below that path", async () => {
    const proxied = await openService({
      dbPath: ":memory:",
      requireAuth: true,
      publicUrl: "https://t.example.org/club/",
    });
    const page = await send(proxied, "GET", "/oauth/device", undefined, { host: "backend:4870" });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<form method="post" action="/club/oauth/device">');
    expect(page.headers["set-cookie"]).toMatch(/; Path=\/club\/oauth;/);
    const { service } = await serve();
    const plain = await send(service, "GET", "/oauth/device");
    expect(plain.body).toContain('<form method="post" action="/oauth/device">');
    expect(plain.headers["set-cookie"]).toMatch(/; Path=\/oauth;/);
  });

  it("refuses an unknown client (401 invalid_client), no client, and an unknown scope", async () => {
    const { service } = await serve();
    const unknown = await send(service, "POST", "/oauth/device/code", { client_id: "evil" });
    expect(unknown.status).toBe(401);
    expect(unknown.json.error).toBe("invalid_client");
    const none = await send(service, "POST", "/oauth/device/code", {});
    expect(none.status).toBe(400);
    expect(none.json.error).toBe("invalid_request");
    const scope = await deviceCode(service, "me tournaments:delete");
    expect(scope.status).toBe(400);
    expect(scope.json).toMatchObject({ error: "invalid_scope" });
    expect(scope.json.error_description).toContain("tournaments:delete");
    const json = await service.handle({
      method: "POST",
      path: "/oauth/device/code",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ client_id: CLI_CLIENT_ID }),
    });
    expect(json.status).toBe(400);
    expect(JSON.parse(json.body).error).toBe("invalid_request");
  });
});

describe("the device grant", () => {
  it("issues tokens once the user approves, for that user and the scopes asked", async () => {
    const { service, clock } = await serve();
    const device = (await deviceCode(service, "me tournaments:read tournaments:write")).json;
    const pending = await pollToken(service, device.device_code);
    expect(pending.status).toBe(400);
    expect(pending.json.error).toBe("authorization_pending");
    const done = await decideDevice(service, "ada", PASSWORD, device.user_code);
    expect(done.status).toBe(200);
    expect(done.body).toContain("Device approved");
    clock.advance(5);
    const granted = await pollToken(service, device.device_code);
    expect(granted.status).toBe(200);
    expect(granted.headers["cache-control"]).toBe("no-store");
    expect(granted.json).toMatchObject({
      token_type: "Bearer",
      expires_in: 7 * 24 * 3600,
      scope: "me tournaments:read tournaments:write",
    });
    expect(granted.json.refresh_token).toMatch(/^trt_/);
    const me = await send(service, "GET", "/v2.1/me", undefined, bearer(granted.json.access_token));
    expect(me.status).toBe(200);
    expect(me.json.data.attributes.username).toBe("ada");
    // Without the Authorization-Type header too (inferred from "Bearer ").
    const inferred = await send(service, "GET", "/v2.1/me", undefined, {
      authorization: `Bearer ${granted.json.access_token}`,
    });
    expect(inferred.status).toBe(200);
  });

  it("answers slow_down to a poll within the interval, and makes the interval 5 s longer", async () => {
    const { service, clock } = await serve();
    const device = (await deviceCode(service)).json;
    expect((await pollToken(service, device.device_code)).json.error).toBe("authorization_pending");
    clock.advance(2);
    const fast = await pollToken(service, device.device_code);
    expect(fast.status).toBe(400);
    expect(fast.json.error).toBe("slow_down");
    // 5 s after the last poll is now too soon: the interval is 10 s, then 15 s.
    clock.advance(5);
    expect((await pollToken(service, device.device_code)).json.error).toBe("slow_down");
    clock.advance(15);
    expect((await pollToken(service, device.device_code)).json.error).toBe("authorization_pending");
  });

  it("answers access_denied when the user denies, and issues nothing", async () => {
    const { service, clock } = await serve();
    const device = (await deviceCode(service)).json;
    const denied = await decideDevice(service, "ada", PASSWORD, device.user_code, "deny");
    expect(denied.body).toContain("Device denied");
    clock.advance(5);
    const r = await pollToken(service, device.device_code);
    expect(r.status).toBe(400);
    expect(r.json.error).toBe("access_denied");
    expect(r.json.access_token).toBeUndefined();
  });

  it("answers expired_token once the device code expired, approved or not", async () => {
    const { service, clock } = await serve();
    const device = (await deviceCode(service)).json;
    clock.advance(601);
    // Another sign-in starting (which forgets rows expired a day ago) keeps it known as expired.
    expect((await deviceCode(service)).status).toBe(200);
    const r = await pollToken(service, device.device_code);
    expect(r.status).toBe(400);
    expect(r.json.error).toBe("expired_token");
    // Its user code is no longer accepted either.
    const late = await signInDevice(new Browser(service), "ada", PASSWORD, device.user_code);
    expect(late.status).toBe(400);
    expect(late.body).toContain("not valid, or it has expired");
    expect(hiddenField(late.body, "ticket")).toBeUndefined();
  });

  it("refuses a device code used already, an unknown one, and one of another client", async () => {
    const { service, clock } = await serve();
    const device = (await deviceCode(service)).json;
    await decideDevice(service, "ada", PASSWORD, device.user_code);
    expect((await pollToken(service, device.device_code)).status).toBe(200);
    clock.advance(10);
    const again = await pollToken(service, device.device_code);
    expect(again.status).toBe(400);
    expect(again.json).toMatchObject({ error: "invalid_grant" });
    expect(again.json.error_description).toContain("used already");
    const unknown = await pollToken(service, "tdc_nothing");
    expect(unknown.json.error).toBe("invalid_grant");
    const other = await send(service, "POST", "/oauth/token", {
      grant_type: DEVICE_CODE_GRANT_TYPE,
      device_code: device.device_code,
      client_id: "someone-else",
    });
    expect(other.status).toBe(401);
    expect(other.json.error).toBe("invalid_client");
  });

  it("refuses a wrong user code with the sign-in form again, and a wrong password", async () => {
    const { service, clock } = await serve();
    const device = (await deviceCode(service)).json;
    const wrongCode = await signInDevice(new Browser(service), "ada", PASSWORD, "BCDF-GHJK");
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body).toContain("not valid, or it has expired");
    expect(wrongCode.body).toContain('name="user_code"');
    const wrongPassword = await signInDevice(
      new Browser(service),
      "ada",
      "guess",
      device.user_code,
    );
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.body).toContain("Wrong username or password");
    expect(hiddenField(wrongPassword.body, "ticket")).toBeUndefined();
    const noUser = await signInDevice(new Browser(service), "nobody", PASSWORD, device.user_code);
    expect(noUser.status).toBe(401);
    expect(noUser.body).toContain("Wrong username or password");
    clock.advance(5);
    expect((await pollToken(service, device.device_code)).json.error).toBe("authorization_pending");
  });

  it("stops user-code guesses: past 5 wrong codes a user's next try is 429, even the right code", async () => {
    const { service, clock } = await serve();
    const device = (await deviceCode(service)).json;
    for (const guess of ["BBBB-BBBB", "CCCC-CCCC", "DDDD-DDDD", "FFFF-FFFF", "GGGG-GGGG"]) {
      expect((await signInDevice(new Browser(service), "ada", PASSWORD, guess)).status).toBe(400);
    }
    const blocked = await signInDevice(new Browser(service), "ada", PASSWORD, device.user_code);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    expect(blocked.body).toContain("Too many wrong codes");
    // Another user is not blocked by ada's guesses (below the limit in all).
    const grace = await signInDevice(new Browser(service), "grace", PASSWORD, device.user_code);
    expect(grace.status).toBe(200);
    // A quarter of an hour later ada may try again.
    clock.advance(15 * 60);
    const other = (await deviceCode(service)).json;
    expect(
      (await signInDevice(new Browser(service), "ada", PASSWORD, other.user_code)).status,
    ).toBe(200);
  });

  it("slows password guesses: past 3 wrong passwords for a user (here), 429 before the password is checked", async () => {
    const { service } = await serve();
    const device = (await deviceCode(service)).json;
    for (let i = 0; i < 3; i++) {
      expect(
        (await signInDevice(new Browser(service), "ada", `guess${i}`, device.user_code)).status,
      ).toBe(401);
    }
    const right = await signInDevice(new Browser(service), "ADA", PASSWORD, device.user_code);
    expect(right.status).toBe(429);
    expect(right.headers["retry-after"]).toBe("1");
    expect(right.body).toContain("Too many wrong passwords: try again in a second.");
  });

  it("takes a user code typed in lower case, with spaces or without the dash", async () => {
    const { service, clock } = await serve();
    const device = (await deviceCode(service)).json;
    const typed = ` ${device.user_code.toLowerCase().replace("-", " ")} `;
    await decideDevice(service, "grace", PASSWORD, typed);
    clock.advance(5);
    const granted = await pollToken(service, device.device_code);
    expect(granted.status).toBe(200);
    const me = await send(service, "GET", "/v2.1/me", undefined, bearer(granted.json.access_token));
    expect(me.json.data.attributes.username).toBe("grace");
    expect(await tokenCount(service)).toBe(3);
  });
});

describe("the approval page", () => {
  it("refuses a form without the CSRF token of its cookie, and a ticket decided already", async () => {
    const { service, clock } = await serve();
    const device = (await deviceCode(service)).json;
    const browser = new Browser(service);
    const page = await browser.get("/oauth/device");
    expect(page.headers["set-cookie"]).toMatch(
      /^tourney_csrf=[^;]+; Path=\/oauth; HttpOnly; SameSite=Strict$/,
    );
    const fields = { username: "ada", password: PASSWORD, user_code: device.user_code };
    // No token; a token of another cookie; the right token without its cookie.
    expect((await browser.post("/oauth/device", fields)).status).toBe(403);
    const other = new Browser(service);
    const otherToken = hiddenField((await other.get("/oauth/device")).body, "csrf_token")!;
    expect(
      (await browser.post("/oauth/device", { ...fields, csrf_token: otherToken })).status,
    ).toBe(403);
    const token = hiddenField(page.body, "csrf_token")!;
    const cookieless = await send(service, "POST", "/oauth/device", {
      ...fields,
      csrf_token: token,
    });
    expect(cookieless.status).toBe(403);
    const approval = await browser.post("/oauth/device", { ...fields, csrf_token: token });
    expect(approval.status).toBe(200);
    const ticket = hiddenField(approval.body, "ticket")!;
    const decide = {
      csrf_token: hiddenField(approval.body, "csrf_token")!,
      ticket,
      decision: "approve",
    };
    expect(
      (await browser.post("/oauth/device/approve", { ...decide, csrf_token: "x" })).status,
    ).toBe(403);
    expect((await browser.post("/oauth/device/approve", decide)).status).toBe(200);
    expect((await browser.post("/oauth/device/approve", decide)).status).toBe(400);
    clock.advance(5);
    expect((await pollToken(service, device.device_code)).status).toBe(200);
  });

  it("is plain HTML that no one may frame, script or cache, and never says whether a code exists", async () => {
    const { service } = await serve();
    const device = (await deviceCode(service)).json;
    const page = await new Browser(service).get(`/oauth/device?user_code=${device.user_code}`);
    const unknown = await new Browser(service).get("/oauth/device?user_code=BCDF-GHJK");
    expect(page.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.headers["content-security-policy"]).toContain("default-src 'none'");
    expect(page.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(page.headers["x-frame-options"]).toBe("DENY");
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(page.body).not.toContain("<script");
    expect(page.body).toContain(`value="${device.user_code}"`);
    const strip = (html: string) => html.replace(/value="[^"]*"/g, "");
    expect(strip(page.body)).toBe(strip(unknown.body));
    const hostile = await new Browser(service).get('/oauth/device?user_code="><script>x</script>');
    expect(hostile.body).not.toContain("<script>");
  });
});
