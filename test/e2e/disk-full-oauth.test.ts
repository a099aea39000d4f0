/**
 * serve's OAuth endpoints when the disk is full, as the person running `serve` and the
 * person signing in meet it: the built `serve` runs under `ulimit -f` (the kernel refuses
 * to let its files grow: SQLite reports SQLITE_FULL or SQLITE_IOERR_WRITE), filled with
 * tournaments until a write is refused. The v2.1 routes answered that 503 (disk-full.test.ts);
 * the OAuth endpoints answered 500 "internal error" in v2.1's shape, or, when the commit
 * failed, 503 in v2.1's shape. Now: 503 with Retry-After in the endpoint's own shape, RFC
 * 6749 JSON (`temporarily_unavailable`) to a client and a page to a person's browser.
 */
import { mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CLI_CLIENT_ID } from "../../src/model/oauth.js";
import { BUILT, runBinary, startServe } from "../helpers/binary.js";
import { hiddenField } from "../helpers/oauth.js";
import { serveLimited } from "../helpers/serve-limited.js";

const PASSWORD = "correct horse battery";

describe.runIf(BUILT)("serve's OAuth endpoints on a full disk", () => {
  const dir = mkdtempSync(join(tmpdir(), "tourney-e2e-disk-full-oauth-"));
  const db = join(dir, "served.db");
  const env = {
    PATH: process.env.PATH ?? "",
    HOME: join(dir, "home"),
    TOURNEY_CONFIG_DIR: join(dir, "config"),
    TOURNEY_DATA_DIR: join(dir, "data"),
  };
  let limited: ReturnType<typeof serveLimited> | undefined;
  afterAll(() => {
    limited?.child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  });

  it("answer 503 with Retry-After in their own shape: JSON to a client, a page to a person", async () => {
    mkdirSync(env.HOME, { recursive: true });
    const first = await startServe(["--db", db], env);
    await first.stop();
    const key = await runBinary(["serve", "key", "create", "--db", db], env);
    expect(key.code, key.stderr).toBe(0);
    const user = await runBinary(["serve", "user", "add", "ada", "--db", db], env, PASSWORD);
    expect(user.code, user.stderr).toBe(0);
    limited = serveLimited(db, Math.ceil(statSync(db).size / 1024) + 256, env);
    const base = `http://127.0.0.1:${await limited.port}`;
    const form = (path: string, fields: Record<string, string>, cookie?: string) =>
      fetch(`${base}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          ...(cookie === undefined ? {} : { cookie }),
        },
        body: new URLSearchParams(fields),
      });

    // Before the disk fills: device codes, each signed in for, their approval pages open.
    const approvals: { cookie: string; html: string }[] = [];
    for (let i = 0; i < 6; i++) {
      const started = await form("/oauth/device/code", { client_id: CLI_CLIENT_ID });
      expect(started.status).toBe(200);
      const device = (await started.json()) as Record<string, string>;
      const page = await fetch(`${base}/oauth/device`);
      const cookie = page.headers.get("set-cookie")!.split(";")[0]!;
      const signIn = await form(
        "/oauth/device",
        {
          username: "ada",
          password: PASSWORD,
          user_code: device.user_code!,
          csrf_token: hiddenField(await page.text(), "csrf_token")!,
        },
        cookie,
      );
      expect(signIn.status).toBe(200);
      approvals.push({ cookie, html: await signIn.text() });
    }

    // Consent pages of the authorization code grant: their forms write after the password is
    // hashed, outside any group commit, so the insert itself is refused (before: 500).
    const consents: { cookie: string; fields: Record<string, string> }[] = [];
    const query = new URLSearchParams({
      response_type: "code",
      client_id: CLI_CLIENT_ID,
      redirect_uri: "http://127.0.0.1:53682/callback",
      scope: "me",
      state: "s",
      code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
      code_challenge_method: "S256",
    });
    for (let i = 0; i < 6; i++) {
      const consent = await fetch(`${base}/oauth/authorize?${query}`);
      expect(consent.status).toBe(200);
      const html = await consent.text();
      const fields: Record<string, string> = {
        username: "ada",
        password: PASSWORD,
        decision: "approve",
      };
      for (const name of ["csrf_token", ...query.keys()]) {
        const value = hiddenField(html, name);
        if (value !== undefined) fields[name] = value;
      }
      consents.push({ cookie: consent.headers.get("set-cookie")!.split(";")[0]!, fields });
    }

    // Fill the disk: tournaments until a write is refused.
    let last = 0;
    for (let i = 0; i < 400 && last !== 503; i++) {
      const answer = await fetch(`${base}/v2.1/tournaments.json`, {
        method: "POST",
        headers: {
          Authorization: key.stdout.trim(),
          "Authorization-Type": "v1",
          "Content-Type": "application/vnd.api+json",
        },
        body: JSON.stringify({
          data: {
            type: "tournaments",
            attributes: {
              name: `Cup ${i}`,
              tournament_type: "swiss",
              description: "x".repeat(9000),
            },
          },
        }),
      });
      last = answer.status;
      await answer.text();
    }
    expect(last).toBe(503);

    // The database's file has a few frames left at most: each endpoint is asked until its
    // write does not fit (the v2.1 writes that filled it were larger).
    // A person: a page saying nothing was saved.
    let decided: Response | undefined;
    for (const { cookie, html } of approvals) {
      decided = await form(
        "/oauth/device/approve",
        {
          csrf_token: hiddenField(html, "csrf_token")!,
          ticket: hiddenField(html, "ticket")!,
          decision: "approve",
        },
        cookie,
      );
      if (decided.status !== 200) break;
      await decided.text();
    }
    const html = await decided!.text();
    expect(decided!.status, html).toBe(503);
    expect(decided!.headers.get("content-type"), html).toBe("text/html; charset=utf-8");
    expect(Number(decided!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toMatch(/could not be saved/);

    let consented: Response | undefined;
    for (const { cookie, fields } of consents) {
      consented = await form("/oauth/authorize", fields, cookie);
      if (consented.status !== 302) break;
    }
    const consentPage = await consented!.text();
    expect(consented!.status, consentPage).toBe(503);
    expect(consented!.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(consentPage).toMatch(/could not be saved/);

    // A client: RFC 6749's error, 503, Retry-After.
    let code: Response | undefined;
    for (let i = 0; i < 12; i++) {
      code = await form("/oauth/device/code", { client_id: CLI_CLIENT_ID });
      if (code.status !== 200) break;
      await code.text();
    }
    const codeText = await code!.text();
    expect(code!.status, codeText).toBe(503);
    expect(code!.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(code!.headers.get("cache-control")).toBe("no-store");
    expect(Number(code!.headers.get("retry-after"))).toBeGreaterThan(0);
    const body = JSON.parse(codeText) as Record<string, string>;
    expect(body.error).toBe("temporarily_unavailable");
    expect(body.error_description).toMatch(/could not be saved/);
  });
});
