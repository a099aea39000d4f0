/**
 * An error nobody foresaw inside the OAuth endpoints, over serve's HTTP adapter: here the
 * device codes' table gone from the database (another program's doing, or a damaged file),
 * so SQLite answers "no such table". A client is answered RFC 6749's shape, 500
 * `{"error": "server_error", "error_description": ...}`, a person's browser a page; before,
 * v2.1's `{"errors": [{"status": 500, "detail": "internal error"}]}`, which an OAuth client
 * cannot read. The busy and full-disk 503s keep theirs (oauth-busy, e2e/disk-full-oauth).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { CLI_CLIENT_ID } from "../../src/model/oauth.js";
import { useLoopbackService } from "../helpers/loopback-service.js";
import { hiddenField } from "../helpers/oauth.js";

const PASSWORD = "correct horse battery";
const scratch = mkdtempSync(join(tmpdir(), "tourney-oauth-server-error-"));
const dbPath = join(scratch, "t.db");
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const served = useLoopbackService({ dbPath, requireAuth: true });

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

const WHAT =
  "the server met an unexpected error and could not complete the request; nothing was done. Try again; if it happens again, whoever runs the server sees the error with TOURNEY_DEBUG=1 set";

describe("an unexpected error in the OAuth endpoints", () => {
  it("is answered server_error to a client and a page to a person, both 500", async () => {
    served.service.admin.addUser({ username: "ada", password: PASSWORD });
    const started = await post("/oauth/device/code", { client_id: CLI_CLIENT_ID });
    expect(started.status).toBe(200);
    const { user_code: userCode } = (await started.json()) as Record<string, string>;
    const page = await fetch(`${served.base}/oauth/device`);
    expect(page.status).toBe(200);
    const cookie = page.headers.get("set-cookie")!.split(";")[0]!;
    const csrf = hiddenField(await page.text(), "csrf_token")!;

    const other = new Database(dbPath);
    other.exec("DROP TABLE oauth_device_codes");
    other.close();

    const client = await post("/oauth/device/code", { client_id: CLI_CLIENT_ID });
    expect(client.status).toBe(500);
    expect(client.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(client.headers.get("cache-control")).toBe("no-store");
    expect(await client.json()).toEqual({ error: "server_error", error_description: WHAT });

    const fields = { username: "ada", password: PASSWORD, user_code: userCode!, csrf_token: csrf };
    const person = await post("/oauth/device", fields, cookie);
    expect(person.status).toBe(500);
    expect(person.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await person.text();
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain("<title>Server error - tourney</title>");
    expect(html).toContain(`<p>T${WHAT.slice(1)}.</p>`);
  });
});
