/**
 * The OAuth endpoints while another process holds the database's write lock, over
 * serve's HTTP adapter: each waits its busy timeout, then answers 503 with
 * `Retry-After: 1` in its own shape (RFC 6749 JSON for the endpoints clients call, an
 * HTML page for the forms a person sends), as the v2.1 routes do; before, a JSON 500
 * "internal error". The device grant's poll (`tourney login`) waits and asks again.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { pollForToken, startDeviceAuthorization } from "../../src/auth/device-grant.js";
import { OAuthEndpointError } from "../../src/auth/errors.js";
import { createFormPoster } from "../../src/client/form-post.js";
import { CLI_CLIENT_ID, DEVICE_CODE_GRANT_TYPE } from "../../src/model/oauth.js";
import { useLoopbackService } from "../helpers/loopback-service.js";
import { hiddenField } from "../helpers/oauth.js";

const PASSWORD = "correct horse battery";
const scratch = mkdtempSync(join(tmpdir(), "tourney-oauth-busy-"));
const dbPath = join(scratch, "t.db");
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const served = useLoopbackService({
  dbPath,
  requireAuth: true,
  busyTimeoutMs: 100,
  oauth: { pollIntervalSeconds: 1 },
});

function post(path: string, fields: Record<string, string>, cookie?: string) {
  return fetch(`${served.base}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      ...(cookie === undefined ? {} : { cookie }),
    },
    body: new URLSearchParams(fields),
  });
}

/** Runs `fn` while another connection holds the write lock (BEGIN IMMEDIATE). */
async function whileLocked<T>(fn: () => Promise<T>): Promise<T> {
  const other = new Database(dbPath);
  other.exec("BEGIN IMMEDIATE");
  try {
    return await fn();
  } finally {
    other.exec("ROLLBACK");
    other.close();
  }
}

async function deviceCode(): Promise<Record<string, string>> {
  const started = await post("/oauth/device/code", { client_id: CLI_CLIENT_ID });
  expect(started.status).toBe(200);
  return (await started.json()) as Record<string, string>;
}

/** The sign-in page's cookie and CSRF field. */
async function signInForm(): Promise<{ cookie: string; csrf: string }> {
  const page = await fetch(`${served.base}/oauth/device`);
  expect(page.status).toBe(200);
  const cookie = page.headers.get("set-cookie")!.split(";")[0]!;
  return { cookie, csrf: hiddenField(await page.text(), "csrf_token")! };
}

async function signIn(userCode: string) {
  const { cookie, csrf } = await signInForm();
  const fields = { username: "ada", password: PASSWORD, user_code: userCode, csrf_token: csrf };
  return { cookie, reply: await post("/oauth/device", fields, cookie) };
}

async function expectJsonBusy(reply: Response) {
  expect(reply.status).toBe(503);
  expect(reply.headers.get("retry-after")).toBe("1");
  expect(reply.headers.get("content-type")).toBe("application/json; charset=utf-8");
  expect(reply.headers.get("cache-control")).toBe("no-store");
  const body = (await reply.json()) as Record<string, string>;
  expect(body.error).toBe("temporarily_unavailable");
  expect(body.error_description).toMatch(/busy: another process is writing/);
}

async function expectPageBusy(reply: Response) {
  expect(reply.status).toBe(503);
  expect(reply.headers.get("retry-after")).toBe("1");
  expect(reply.headers.get("content-type")).toBe("text/html; charset=utf-8");
  const html = await reply.text();
  expect(html).toMatch(/^<!doctype html>/);
  expect(html).toMatch(/busy/);
}

describe("OAuth endpoints while the database is busy", () => {
  it("answer 503 with Retry-After: 1, JSON to clients and a page to a person", async () => {
    served.service.admin.addUser({ username: "ada", password: PASSWORD });
    const device = await deviceCode();
    const approved = await deviceCode();
    const { cookie, reply } = await signIn(approved.user_code!);
    expect(reply.status).toBe(200);
    const html = await reply.text();
    const decision = {
      csrf_token: hiddenField(html, "csrf_token")!,
      ticket: hiddenField(html, "ticket")!,
      decision: "approve",
    };
    // The consent page of the authorization code grant, and its form filled in.
    const query = new URLSearchParams({
      response_type: "code",
      client_id: CLI_CLIENT_ID,
      redirect_uri: "http://127.0.0.1:53682/callback",
      scope: "me",
      state: "s",
      code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
      code_challenge_method: "S256",
    });
    const consent = await fetch(`${served.base}/oauth/authorize?${query}`);
    expect(consent.status).toBe(200);
    const consentCookie = consent.headers.get("set-cookie")!.split(";")[0]!;
    const consentHtml = await consent.text();
    const consentForm: Record<string, string> = {
      username: "ada",
      password: PASSWORD,
      decision: "approve",
    };
    for (const name of ["csrf_token", ...query.keys()]) {
      const value = hiddenField(consentHtml, name);
      if (value !== undefined) consentForm[name] = value;
    }
    await whileLocked(async () => {
      await expectJsonBusy(await post("/oauth/device/code", { client_id: CLI_CLIENT_ID }));
      const poll = {
        grant_type: DEVICE_CODE_GRANT_TYPE,
        device_code: device.device_code!,
        client_id: CLI_CLIENT_ID,
      };
      await expectJsonBusy(await post("/oauth/token", poll));
      await expectJsonBusy(
        await post("/oauth/revoke", { client_id: CLI_CLIENT_ID, token: "trt_unknown" }),
      );
      await expectPageBusy((await signIn(device.user_code!)).reply);
      await expectPageBusy(await post("/oauth/device/approve", decision, cookie));
      await expectPageBusy(await post("/oauth/authorize", consentForm, consentCookie));
    });
    const approved302 = await post("/oauth/authorize", consentForm, consentCookie);
    expect(approved302.status).toBe(302);
    expect(approved302.headers.get("location")).toMatch(
      /^http:\/\/127\.0\.0\.1:53682\/callback\?code=/,
    );
    // Nothing of them was kept: the same requests go through once the lock is gone.
    const decided = await post("/oauth/device/approve", decision, cookie);
    expect(decided.status).toBe(200);
    const token = await post("/oauth/token", {
      grant_type: DEVICE_CODE_GRANT_TYPE,
      device_code: approved.device_code!,
      client_id: CLI_CLIENT_ID,
    });
    expect(token.status).toBe(200);
    expect(((await token.json()) as Record<string, string>).access_token).toMatch(/^tat_/);
  });

  it("makes tourney login's poll ask again, not fail", async () => {
    const device = await deviceCode();
    const { cookie, reply } = await signIn(device.user_code!);
    const html = await reply.text();
    const decided = await post(
      "/oauth/device/approve",
      {
        csrf_token: hiddenField(html, "csrf_token")!,
        ticket: hiddenField(html, "ticket")!,
        decision: "approve",
      },
      cookie,
    );
    expect(decided.status).toBe(200);
    // The first poll meets the lock; the lock is gone by the second.
    let other: Database.Database | undefined;
    const statuses: number[] = [];
    let time = 0;
    const clock = {
      now: () => time,
      sleep: async (ms: number) => {
        time += ms;
        if (other === undefined) {
          other = new Database(dbPath);
          other.exec("BEGIN IMMEDIATE");
        } else if (other.inTransaction) {
          other.exec("ROLLBACK");
          other.close();
        }
      },
    };
    const poster = createFormPoster({ env: {} });
    try {
      const tokens = await pollForToken({
        post: async (url, form) => {
          const answer = await poster.post(url, form);
          statuses.push(answer.status);
          return answer;
        },
        tokenUrl: `${served.base}/oauth/token`,
        grant: {
          deviceCode: device.device_code!,
          userCode: device.user_code!,
          verificationUri: device.verification_uri!,
          expiresInSeconds: 600,
          intervalSeconds: 1,
        },
        clock,
      });
      expect(tokens.accessToken).toMatch(/^tat_/);
    } finally {
      await poster.close();
      if (other?.open === true) {
        if (other.inTransaction) other.exec("ROLLBACK");
        other.close();
      }
    }
    expect(statuses).toEqual([503, 200]);
  });

  /**
   * The device-code request (`tourney login`'s first) met while another connection holds the
   * write lock: before, it failed at once (OAuthError "HTTP 503"); now it waits the
   * Retry-After serve gives and asks again, a bounded number of times.
   */
  async function deviceCodeWhileLocked(freeAfterSleeps: number) {
    let other: Database.Database | undefined = new Database(dbPath);
    other.exec("BEGIN IMMEDIATE");
    const statuses: number[] = [];
    const sleeps: number[] = [];
    let time = 0;
    const clock = {
      now: () => time,
      sleep: async (ms: number) => {
        sleeps.push(ms);
        time += ms;
        if (other !== undefined && sleeps.length >= freeAfterSleeps) {
          other.exec("ROLLBACK");
          other.close();
          other = undefined;
        }
      },
    };
    const poster = createFormPoster({ env: {} });
    try {
      const post = async (url: string, form: Readonly<Record<string, string>>) => {
        const answer = await poster.post(url, form);
        statuses.push(answer.status);
        return answer;
      };
      const started = startDeviceAuthorization(post, `${served.base}/oauth/device/code`, ["me"], {
        clock,
      }).then(
        (grant) => ({ grant }),
        (error: unknown) => ({ error }),
      );
      return { ...(await started), statuses, sleeps };
    } finally {
      await poster.close();
      if (other !== undefined) {
        other.exec("ROLLBACK");
        other.close();
      }
    }
  }

  it("makes tourney login's device-code request ask again after Retry-After, not fail", async () => {
    const got = await deviceCodeWhileLocked(1);
    expect(got).not.toHaveProperty("error");
    expect(got.statuses).toEqual([503, 200]);
    // serve's Retry-After: 1, waited before the second request.
    expect(got.sleeps).toEqual([1000]);
    expect((got as { grant: { userCode: string } }).grant.userCode).toMatch(/\S/);
  });

  it("gives the device-code request up after a few busy answers, saying the server is busy", async () => {
    const got = await deviceCodeWhileLocked(Number.POSITIVE_INFINITY);
    expect(got.statuses.length).toBeGreaterThan(1);
    expect(got.statuses.every((s) => s === 503)).toBe(true);
    expect(got.sleeps).toHaveLength(got.statuses.length - 1);
    const error = (got as { error: unknown }).error;
    // The server failing, no refusal of the sign-in (exit 1, not 4), its words kept.
    expect(error).toBeInstanceOf(OAuthEndpointError);
    expect((error as OAuthEndpointError).status).toBe(503);
    expect((error as OAuthEndpointError).message).toMatch(
      /^the device authorization endpoint \S+ answered HTTP 503 \(temporarily_unavailable: the database is busy.*\), the service failed; asked \d+ times/,
    );
  });
});
