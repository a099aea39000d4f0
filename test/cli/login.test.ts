/**
 * `tourney login` and the credentials it leaves, with a stub at the network edge toward the
 * OAuth server (and, for renewal, toward the API): the device grant end to end on the
 * client (code on stderr, profile created from --base-url, credentials.json 0600), its
 * refusals (denied: exit 4; Ctrl-C: exit 130; nothing written either way), the refusal
 * under TOURNEY_TOKEN, --with-token with `auth token` and `auth status`, and the renewal of
 * an expired token once (a refused renewal exits 4 naming `tourney login`). No secret of
 * these tests appears in any output, --verbose included.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CredentialStore } from "../../src/auth/credentials.js";
import { parseLogin, runLogin } from "../../src/cli/commands/auth/login.js";
import { UsageError } from "../../src/cli/errors.js";
import { outcomeOf } from "../../src/cli/exit-codes.js";
import { Factory, type GlobalOptions } from "../../src/cli/factory.js";
import type { HttpRequest } from "../../src/model/http.js";
import { CLI_CLIENT_ID } from "../../src/model/oauth.js";
import { virtualClock } from "../auth/oauth-stub.js";
import { json, type Reply, routeTransport, type StubTransport } from "../client/stub-transport.js";
import { createSandbox, type Sandbox } from "../helpers/cli.js";

const BASE = "http://127.0.0.1:9";
const SECRETS = ["dc-secret-77", "at-secret-77", "rt-secret-77", "at-renewed-88", "rt-renewed-88"];

let sandbox: Sandbox;
beforeEach(() => {
  sandbox = createSandbox();
});
afterEach(() => sandbox.cleanup());

class Capture {
  text = "";
  readonly isTTY = false;
  write(chunk: string): boolean {
    this.text += chunk;
    return true;
  }
}

/** An OAuth server answering the device code request, then `tokens` in order. */
function oauthServer(
  tokens: Reply[],
): StubTransport & { reply: (r: HttpRequest) => Reply | Error } {
  const reply = (request: HttpRequest): Reply | Error => {
    if (request.path.endsWith("/oauth/device/code"))
      return json(200, {
        device_code: "dc-secret-77",
        user_code: "WDJB-MJHT",
        verification_uri: `${BASE}/oauth/device`,
        verification_uri_complete: `${BASE}/oauth/device?user_code=WDJB-MJHT`,
        expires_in: 600,
        interval: 5,
      });
    if (request.path.endsWith("/oauth/token"))
      return tokens.shift() ?? new Error("no more answers");
    return new Error(`unexpected ${request.path}`);
  };
  return Object.assign(routeTransport(reply), { reply });
}

const pendingReply = json(400, { error: "authorization_pending" });
const grantedReply = json(200, {
  access_token: "at-secret-77",
  token_type: "Bearer",
  expires_in: 3600,
  refresh_token: "rt-secret-77",
  scope: "me tournaments:read tournaments:write",
});

function loginFactory(oauth: StubTransport, globals: Partial<GlobalOptions> = {}) {
  const stdout = new Capture();
  const stderr = new Capture();
  const stdin = Object.assign(Readable.from([]), { isTTY: false });
  // The service behind the profile: GET /me names the user.
  const api = routeTransport((request) =>
    request.path === "/v2.1/me.json"
      ? json(200, { data: { id: "2", type: "user", attributes: { username: "ada" } } })
      : new Error(`unexpected ${request.path}`),
  );
  const f = new Factory(
    {
      io: { stdout, stderr, stdin },
      env: sandbox.env,
      homeDir: join(sandbox.dir, "home"),
      oauthTransport: () => oauth,
      makeTransport: async () => api,
    },
    { json: false, verbose: false, input: true, yes: false, color: false, ...globals },
  );
  return { f, stdout, stderr, api };
}

const credentialsFile = () => join(sandbox.env.TOURNEY_CONFIG_DIR!, "credentials.json");
const configFile = () => join(sandbox.env.TOURNEY_CONFIG_DIR!, "config.json");

function expectNoSecret(...outputs: string[]): void {
  for (const output of outputs) for (const secret of SECRETS) expect(output).not.toContain(secret);
}

describe("the device grant through runLogin", () => {
  it("prints the code, creates the profile from --base-url and stores the token 0600", async () => {
    const oauth = oauthServer([pendingReply, grantedReply]);
    const { f, stdout, stderr, api } = loginFactory(oauth, { verbose: true });
    // Virtual time from now: the token's expiry is then in the future of the real clock too.
    const start = Date.now();
    const clock = virtualClock(start);
    await runLogin(f, parseLogin({ baseUrl: BASE, browser: false }), { clock });
    expect(api.requests.map((r) => [r.path, r.headers.Authorization])).toEqual([
      ["/v2.1/me.json", "Bearer at-secret-77"],
    ]);
    expect(stderr.text).toContain(
      `To sign in, open ${BASE}/oauth/device and enter the code: WDJB-MJHT\n`,
    );
    expect(stderr.text).toContain(
      "Logged in to profile 127-0-0-1-9 (created, http://127.0.0.1:9) as ada; scopes: me tournaments:read tournaments:write\n",
    );
    // The verbose log shows the OAuth requests, never their bodies.
    expect(stderr.text).toContain("> POST /oauth/token\n");
    expect(stdout.text).toBe("");
    expectNoSecret(stdout.text, stderr.text);
    expect(clock.sleeps).toEqual([5_000, 5_000]);
    const [device, ...polls] = oauth.requests;
    expect(new URLSearchParams(device!.body ?? "").get("client_id")).toBe(CLI_CLIENT_ID);
    expect(new URLSearchParams(device!.body ?? "").get("scope")!.split(" ")).toHaveLength(10);
    expect(polls).toHaveLength(2);
    expect(JSON.parse(readFileSync(configFile(), "utf8")).profiles["127-0-0-1-9"]).toEqual({
      backend: "remote",
      base_url: BASE,
    });
    expect(statSync(credentialsFile()).mode & 0o777).toBe(0o600);
    expect(new CredentialStore(sandbox.env.TOURNEY_CONFIG_DIR!).get("127-0-0-1-9")).toEqual({
      token: "at-secret-77",
      refreshToken: "rt-secret-77",
      expiresAt: new Date(start + 10_000 + 3_600_000).toISOString(),
      scope: "me tournaments:read tournaments:write",
      origin: BASE,
      // The token endpoint's origin, the only one the refresh token goes to (refresh-bound.test.ts).
      authOrigin: BASE,
    });
  });

  it("--scopes asks for fewer scopes; --auth-url moves the OAuth endpoints and is stored", async () => {
    const oauth = oauthServer([grantedReply]);
    const { f } = loginFactory(oauth, { profile: "lan" });
    const o = parseLogin(
      {
        baseUrl: BASE,
        authUrl: "http://127.0.0.1:9/auth",
        scopes: "matches:read,me",
        browser: false,
      },
      { profile: "lan" },
    );
    await runLogin(f, o, { clock: virtualClock(Date.now()) });
    expect(oauth.requests.map((r) => r.path)).toEqual([
      "/auth/oauth/device/code",
      "/auth/oauth/token",
    ]);
    expect(new URLSearchParams(oauth.requests[0]!.body ?? "").get("scope")).toBe("me matches:read");
    expect(JSON.parse(readFileSync(configFile(), "utf8")).profiles.lan.auth_url).toBe(
      "http://127.0.0.1:9/auth",
    );
  });

  it("access_denied exits 4 and writes nothing", async () => {
    const oauth = oauthServer([pendingReply, json(400, { error: "access_denied" })]);
    const { f, stderr } = loginFactory(oauth, { profile: "lan" });
    const error = await runLogin(f, parseLogin({ baseUrl: BASE, browser: false }), {
      clock: virtualClock(),
    }).catch((e) => e);
    expect(outcomeOf(error)).toEqual({
      code: 4,
      lines: [
        "error: the sign-in was denied on the verification page",
        "hint: `tourney login` starts again",
      ],
    });
    expect(existsSync(configFile())).toBe(false);
    expect(existsSync(credentialsFile())).toBe(false);
    expectNoSecret(stderr.text);
  });

  it("Ctrl-C while polling exits 130 and writes nothing", async () => {
    const oauth = oauthServer([pendingReply, pendingReply]);
    const { f } = loginFactory(oauth, { profile: "lan" });
    const abort = new AbortController();
    const clock = virtualClock(Date.UTC(2025, 0, 1), (n) => n === 2 && abort.abort());
    const error = await runLogin(f, parseLogin({ baseUrl: BASE, browser: false }), {
      clock,
      signal: abort.signal,
    }).catch((e) => e);
    expect(outcomeOf(error)).toEqual({
      code: 130,
      lines: ["login interrupted: nothing was stored"],
    });
    expect(oauth.requests).toHaveLength(2);
    expect(existsSync(credentialsFile())).toBe(false);
  });

  it("Ctrl-C while waiting to ask for the device code again (a busy server) exits 130 too", async () => {
    const oauth = routeTransport(() =>
      json(503, { error: "temporarily_unavailable" }, { "retry-after": "2" }),
    );
    const { f } = loginFactory(oauth, { profile: "lan" });
    const abort = new AbortController();
    const clock = virtualClock(Date.UTC(2025, 0, 1), (n) => n === 1 && abort.abort());
    const error = await runLogin(f, parseLogin({ baseUrl: BASE, browser: false }), {
      clock,
      signal: abort.signal,
    }).catch((e) => e);
    expect(outcomeOf(error)).toEqual({
      code: 130,
      lines: ["login interrupted: nothing was stored"],
    });
    expect(existsSync(credentialsFile())).toBe(false);
  });

  it("a busy server's 503 to the device-code request is waited for (Retry-After) and asked again", async () => {
    // The server's first answer to the device-code request: busy; then it answers as oauthServer.
    const answers = oauthServer([grantedReply]);
    let busy = true;
    const oauth = routeTransport((request: HttpRequest) => {
      if (!busy) return answers.reply(request);
      busy = false;
      return json(
        503,
        { error: "temporarily_unavailable", error_description: "the database is busy" },
        { "retry-after": "2" },
      );
    });
    const { f, stderr } = loginFactory(oauth, { profile: "lan" });
    const clock = virtualClock(Date.now());
    await runLogin(f, parseLogin({ baseUrl: BASE, browser: false }, { profile: "lan" }), {
      clock,
    });
    expect(oauth.requests.map((r) => r.path)).toEqual([
      "/oauth/device/code",
      "/oauth/device/code",
      "/oauth/token",
    ]);
    // Retry-After: 2 before the second device-code request, then the poll's interval.
    expect(clock.sleeps).toEqual([2_000, 5_000]);
    expect(stderr.text).toContain("enter the code: WDJB-MJHT\n");
    expect(new CredentialStore(sandbox.env.TOURNEY_CONFIG_DIR!).get("lan")?.token).toBe(
      "at-secret-77",
    );
  });

  it("an embedded profile needs no login: a usage error naming --base-url", async () => {
    const { f } = loginFactory(oauthServer([]));
    await expect(runLogin(f, parseLogin({ browser: false }))).rejects.toThrow(
      /embedded backend, which needs no login; pass --base-url URL/,
    );
  });
});

describe("parseLogin", () => {
  it("refuses two methods, unknown scopes and --scopes without the device grant", () => {
    expect(() => parseLogin({ withToken: true, apiKey: true })).toThrow(UsageError);
    expect(() => parseLogin({ scopes: "me,admin" })).toThrow(
      "unknown scope 'admin' in --scopes; the scopes are: me, tournaments:read,",
    );
    expect(() => parseLogin({ apiKey: true, scopes: "me" })).toThrow(
      /--scopes is for the device grant/,
    );
    expect(() => parseLogin({ baseUrl: "ftp://127.0.0.1" })).toThrow(/--base-url/);
  });
});

describe("login, auth token and auth status through the CLI", () => {
  it("refuses while TOURNEY_TOKEN or TOURNEY_API_KEY is set, saying why, and writes nothing", async () => {
    for (const name of ["TOURNEY_TOKEN", "TOURNEY_API_KEY"]) {
      const r = await sandbox.run(["login", "--profile", "lan", "--base-url", BASE], {
        env: { [name]: "from-env-secret-99" },
      });
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(
        `error: ${name} is set, and it overrides stored credentials: a login would not be used; unset ${name} to log in\n`,
      );
      expect(r.stderr + r.stdout).not.toContain("from-env-secret-99");
    }
    expect(existsSync(configFile())).toBe(false);
  });

  it("--with-token stores the token from stdin; auth token prints it, auth status masks it", async () => {
    // The token is checked with GET /me before it is stored.
    const api = routeTransport((request) =>
      request.path === "/v2.1/me.json"
        ? json(200, { data: { id: "2", type: "user", attributes: { username: "ada" } } })
        : new Error(`unexpected ${request.path}`),
    );
    const login = await sandbox.run(
      ["login", "--profile", "ci", "--base-url", BASE, "--with-token"],
      { stdin: "at-secret-77\n", makeTransport: async () => api },
    );
    expect(login.code, login.stderr).toBe(0);
    expect(login.stderr).toBe("Stored the access token for profile ci\n");
    const token = await sandbox.run(["auth", "token", "--profile", "ci"]);
    expect(token).toMatchObject({ code: 0, stdout: "at-secret-77\n" });
    const status = await sandbox.run(["auth", "status", "--profile", "ci", "--json"]);
    expect(status.json()).toMatchObject({
      credentials: "token",
      secret: "********",
      refresh: "no",
      scopes: "unknown",
    });
    expectNoSecret(status.stdout, status.stderr, login.stdout);
    expect(statSync(credentialsFile()).mode & 0o777).toBe(0o600);
    const logout = await sandbox.run(["logout", "--profile", "ci"]);
    expect(logout.stderr).toBe("Removed the credentials of profile ci\n");
    expect((await sandbox.run(["auth", "token", "--profile", "ci"])).code).toBe(4);
  });
});

describe("--api-key at a terminal", () => {
  it("asks for the key at a hidden prompt; without prompts it says to pipe it", async () => {
    const asked: string[] = [];
    const prompter = {
      confirm: async () => true,
      input: async () => "",
      password: async (message: string) => {
        asked.push(message);
        return "tk_prompted_secret_77";
      },
    };
    const args = ["login", "--api-key", "--profile", "lan", "--base-url", BASE];
    // The key is checked with GET /me before it is stored.
    const api = routeTransport((request) =>
      request.path === "/v2.1/me.json"
        ? json(200, { data: { id: "2", type: "user", attributes: { username: "ada" } } })
        : new Error(`unexpected ${request.path}`),
    );
    const r = await sandbox.run(args, { tty: true, prompter, makeTransport: async () => api });
    expect(r.code, r.stderr).toBe(0);
    expect(asked).toEqual(["API key:"]);
    expect(api.requests.map((q) => q.path)).toEqual(["/v2.1/me.json"]);
    expect(new CredentialStore(sandbox.env.TOURNEY_CONFIG_DIR!).get("lan")).toEqual({
      apiKey: "tk_prompted_secret_77",
      origin: BASE,
    });
    const refused = await sandbox.run([...args, "--no-input"], { tty: true, prompter });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(
      "error: pipe the API key on stdin: tourney login --api-key < file\n",
    );
    expect(r.stdout + r.stderr + refused.stderr).not.toContain("tk_prompted_secret_77");
  });
});

describe("an expired token, renewed once (stub API and OAuth server)", () => {
  async function signedIn(expiresAt: string) {
    expect((await sandbox.run(["profile", "add", "lan", "--base-url", BASE])).code).toBe(0);
    new CredentialStore(sandbox.env.TOURNEY_CONFIG_DIR!).setToken("lan", {
      accessToken: "at-secret-77",
      refreshToken: "rt-secret-77",
      expiresAt,
      scope: "tournaments:read",
    });
  }
  const expired401 = json(401, {
    errors: [{ status: 401, detail: "the access token has expired" }],
  });

  it("a 401 renews the token, the request goes again with it, the rotated pair is stored", async () => {
    await signedIn("2999-01-01T00:00:00.000Z");
    const api = routeTransport((request) =>
      request.headers.Authorization === "Bearer at-renewed-88" ? json(200, []) : expired401,
    );
    const oauth = oauthServer([
      json(200, {
        access_token: "at-renewed-88",
        token_type: "bearer",
        expires_in: 60,
        refresh_token: "rt-renewed-88",
      }),
    ]);
    const r = await sandbox.run(["tournament", "list", "--profile", "lan", "--verbose"], {
      makeTransport: async () => api,
      oauthTransport: () => oauth,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(api.requests.map((q) => q.headers.Authorization)).toEqual([
      "Bearer at-secret-77",
      "Bearer at-renewed-88",
    ]);
    expect(api.requests[1]!.headers["Authorization-Type"]).toBe("v2");
    expect(new URLSearchParams(oauth.requests[0]!.body ?? "").get("refresh_token")).toBe(
      "rt-secret-77",
    );
    expect(new CredentialStore(sandbox.env.TOURNEY_CONFIG_DIR!).get("lan")).toMatchObject({
      token: "at-renewed-88",
      refreshToken: "rt-renewed-88",
      scope: "tournaments:read",
    });
    expectNoSecret(r.stdout, r.stderr);
  });

  it("a refused renewal exits 4 and says to run tourney login again", async () => {
    await signedIn("2000-01-01T00:00:00.000Z");
    const api = routeTransport(() => json(200, []));
    const oauth = oauthServer([json(400, { error: "invalid_grant" })]);
    const r = await sandbox.run(["tournament", "list", "--profile", "lan", "--verbose"], {
      env: { TOURNEY_DEBUG: "1" },
      makeTransport: async () => api,
      oauthTransport: () => oauth,
    });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain(
      "error: the sign-in of profile lan was refused on renewal (invalid_grant); run `tourney login --profile lan` again\n",
    );
    // --verbose logs the refresh request; TOURNEY_DEBUG adds the stack: neither shows a secret.
    expect(r.stderr).toContain("> POST /oauth/token\n");
    expect(r.stderr).toContain("SessionExpiredError");
    // The expiry was known: no request went with the expired token.
    expect(api.requests).toHaveLength(0);
    expectNoSecret(r.stdout, r.stderr);
  });
});
