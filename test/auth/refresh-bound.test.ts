/**
 * A stored refresh token goes only to the origin of the token endpoint `tourney login` got it
 * from (credentials.json: auth_origin beside it). Before, 0560413 had bound the credentials
 * to the base_url's origin only: `tourney config set auth_url https://elsewhere --profile
 * lan` made the next renewal POST lan's refresh token to the new token endpoint. Refresh
 * tokens stored before the origin was kept are bound to the profile's token endpoint at
 * their first use, or before `config set/unset auth_url` changes it. Real loopback services
 * (the API, and two OAuth servers) record what came.
 */
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { type Loopback, startLoopback } from "../helpers/loopback.js";

type Recorded = Loopback & { seen: string[] };

/** GET /me answers 200 to any Bearer token, 401 without one. */
async function api(): Promise<Recorded> {
  const seen: string[] = [];
  const server = await startLoopback((req, res) => {
    const auth = req.headers.authorization ?? "";
    seen.push(auth);
    const ok = auth.startsWith("Bearer ");
    res.writeHead(ok ? 200 : 401, { "content-type": "application/json" });
    res.end(
      JSON.stringify(
        ok
          ? { data: { id: "1", type: "user", attributes: { username: "ada" } } }
          : { errors: [{ status: 401, detail: "credentials needed" }] },
      ),
    );
  });
  return { ...server, seen };
}

/** An OAuth server approving the device grant at once; every form body posted is recorded. */
async function oauth(name: string): Promise<Recorded> {
  const seen: string[] = [];
  const server = await startLoopback((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      seen.push(body);
      const form = new URLSearchParams(body);
      res.writeHead(200, { "content-type": "application/json" });
      if (req.url?.endsWith("/oauth/device/code")) {
        res.end(
          JSON.stringify({
            device_code: `dc-${name}`,
            user_code: "WDJB-MJHT",
            verification_uri: "http://127.0.0.1/device",
            expires_in: 600,
            interval: 1,
          }),
        );
        return;
      }
      const n = seen.length;
      res.end(
        JSON.stringify({
          access_token: `at-${name}-${n}`,
          token_type: "Bearer",
          refresh_token:
            form.get("grant_type") === "refresh_token" ? `rt-${name}-${n}` : "RT-A-SECRET",
          expires_in: 3600,
        }),
      );
    });
  });
  return { ...server, seen };
}

let sb: Sandbox;
let service: Recorded;
let authA: Recorded;
let authB: Recorded;
beforeEach(async () => {
  sb = createSandbox();
  service = await api();
  authA = await oauth("a");
  authB = await oauth("b");
});
afterEach(async () => {
  await service.close();
  await authA.close();
  await authB.close();
  sb.cleanup();
});

const credentialsFile = () => join(sb.env.TOURNEY_CONFIG_DIR!, "credentials.json");
const readEntry = () => JSON.parse(readFileSync(credentialsFile(), "utf8")).profiles.lan;
const writeEntry = (entry: Record<string, string>) =>
  writeFileSync(credentialsFile(), JSON.stringify({ profiles: { lan: entry } }), { mode: 0o600 });
/** The stored access token made expired, so that the next command renews first. */
const expire = () => writeEntry({ ...readEntry(), expires_at: "2000-01-01T00:00:00.000Z" });
const whoami = () => sb.run(["--profile", "lan", "whoami"]);
const refreshesTo = (server: Recorded) =>
  server.seen.filter((body) => body.includes("RT-A-SECRET"));

async function deviceLoginAtA(): Promise<void> {
  const login = await sb.run([
    "login",
    "--profile",
    "lan",
    "--base-url",
    service.url,
    "--auth-url",
    authA.url,
    "--no-browser",
  ]);
  expect(login.code, login.stderr).toBe(0);
}

describe("a refresh token stays with the token endpoint it was got from", () => {
  it("after config set auth_url, an expired sign-in sends no refresh token there: exit 4", async () => {
    await deviceLoginAtA();
    expect(readEntry()).toMatchObject({
      refresh_token: "RT-A-SECRET",
      origin: service.url,
      auth_origin: authA.url,
    });
    const moved = await sb.run(["config", "set", "auth_url", authB.url, "--profile", "lan"]);
    expect(moved.code).toBe(0);
    expect(moved.stderr).toContain(
      `The refresh token stored for profile lan is for the token endpoint at ${authA.url} and is not sent to ${authB.url}; \`tourney login --profile lan\` signs in there`,
    );
    expire();
    const r = await whoami();
    expect(r.code).toBe(4);
    expect(authB.seen).toEqual([]);
    expect(r.stderr).toContain(
      `its refresh token is for the token endpoint at ${authA.url}, where \`tourney login\` got it, so it was not sent to ${authB.url}`,
    );
    expect(r.stderr).toContain("`tourney login --profile lan`");
    // Back at A, the renewal goes there as before.
    expect((await sb.run(["config", "unset", "auth_url", "--profile", "lan"])).code).toBe(0);
    await sb.run(["config", "set", "auth_url", authA.url, "--profile", "lan"]);
    const back = await whoami();
    expect(back.code, back.stderr).toBe(0);
    expect(refreshesTo(authA)).toHaveLength(1);
    expect(readEntry().auth_origin).toBe(authA.url);
    expect(statSync(credentialsFile()).mode & 0o777).toBe(0o600);
  });

  it("a refresh token stored without its endpoint's origin is bound before config set auth_url", async () => {
    await deviceLoginAtA();
    const { auth_origin: _, ...legacy } = readEntry();
    writeEntry(legacy);
    expect((await sb.run(["config", "set", "auth_url", authB.url, "--profile", "lan"])).code).toBe(
      0,
    );
    expect(readEntry().auth_origin).toBe(authA.url);
    expire();
    expect((await whoami()).code).toBe(4);
    expect(authB.seen).toEqual([]);
  });

  it("a refresh token stored without its endpoint's origin is bound at its first use", async () => {
    await deviceLoginAtA();
    const { auth_origin: _, ...legacy } = readEntry();
    writeEntry(legacy);
    expect((await whoami()).code).toBe(0);
    expect(readEntry().auth_origin).toBe(authA.url);
    expect(statSync(credentialsFile()).mode & 0o777).toBe(0o600);
  });
});
