/**
 * A profile's stored credentials go only to its own base URL (docs/profiles.md). A command
 * given another address (--base-url, TOURNEY_BASE_URL) sent the stored API key, or the
 * token and then, on a 401, the refresh token to /oauth/token, to whatever listened there
 * (an outside review: a listener printed them). Real loopback listeners record what came.
 */
import { writeFileSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { type Loopback, startLoopback } from "../helpers/loopback.js";

interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  body: string;
}

/** A loopback listener answering every request 401 as the service does, recording each. */
async function listener(): Promise<Loopback & { seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = await startLoopback((req: IncomingMessage, res) => {
    let body = "";
    req.on("data", (c: Buffer) => {
      body += c.toString();
    });
    req.on("end", () => {
      seen.push({
        method: req.method ?? "",
        url: req.url ?? "",
        authorization: req.headers.authorization,
        body,
      });
      res.writeHead(401, { "content-type": "application/json" });
      res.end(JSON.stringify({ errors: [{ status: 401, detail: "credentials needed" }] }));
    });
  });
  return { ...server, seen };
}

let sb: Sandbox;
let own: Awaited<ReturnType<typeof listener>>;
let other: Awaited<ReturnType<typeof listener>>;
beforeEach(async () => {
  sb = createSandbox();
  own = await listener();
  other = await listener();
  expect((await sb.run(["profile", "add", "lan", "--base-url", own.url])).code).toBe(0);
});
afterEach(async () => {
  await own.close();
  await other.close();
  sb.cleanup();
});

const store = (secrets: Record<string, string>) =>
  writeFileSync(
    join(sb.env.TOURNEY_CONFIG_DIR!, "credentials.json"),
    JSON.stringify({ profiles: { lan: secrets } }),
    { mode: 0o600 },
  );

const leaked = (secret: string) =>
  other.seen.filter((s) => JSON.stringify(s).includes(secret)).map((s) => `${s.method} ${s.url}`);

describe("stored credentials go only to the profile's own address", () => {
  it("an API key is not sent to --base-url elsewhere; exit 4 and a hint saying why", async () => {
    store({ api_key: "tk_stored_key_0123456789" });
    const r = await sb.run(["--profile", "lan", "--base-url", other.url, "tournament", "list"]);
    expect(r.code).toBe(4);
    expect(other.seen.length).toBeGreaterThan(0);
    expect(leaked("tk_stored_key")).toEqual([]);
    expect(other.seen.every((s) => s.authorization === undefined)).toBe(true);
    expect(r.stderr).toContain(
      `hint: the credentials stored for profile lan belong to ${own.url} and are not sent to ${other.url}`,
    );
    // The profile's own address still gets them.
    await sb.run(["--profile", "lan", "tournament", "list"]);
    expect(own.seen.at(-1)?.authorization).toBe("tk_stored_key_0123456789");
  });

  it("a token and its refresh token are not sent to TOURNEY_BASE_URL elsewhere, nor renewed there", async () => {
    store({
      token: "tat_stored_access_0123456789",
      refresh_token: "trt_stored_refresh_0123456789",
      expires_at: "2000-01-01T00:00:00.000Z",
    });
    const r = await sb.run(["--profile", "lan", "whoami"], {
      env: { TOURNEY_BASE_URL: other.url },
    });
    expect(r.code).toBe(4);
    expect(leaked("tat_stored")).toEqual([]);
    expect(leaked("trt_stored")).toEqual([]);
    expect(other.seen.map((s) => s.url).filter((u) => u.includes("oauth"))).toEqual([]);
    const status = await sb.run(["--profile", "lan", "auth", "status", "--json", "source"], {
      env: { TOURNEY_BASE_URL: other.url },
    });
    expect(JSON.parse(status.stdout)).toEqual({
      source: "none sent: those stored are for the profile's own base URL",
    });
    const token = await sb.run(["--profile", "lan", "auth", "token"], {
      env: { TOURNEY_BASE_URL: other.url },
    });
    expect(token.code).toBe(4);
    expect(token.stdout).toBe("");
    expect(token.stderr).toContain(
      `profile lan's credentials are for ${own.url}, not ${other.url}`,
    );
  });

  it("the hint names a new profile (login --base-url alone would re-point this one)", async () => {
    store({ api_key: "tk_stored_key_0123456789" });
    const r = await sb.run(["--profile", "lan", "--base-url", other.url, "tournament", "list"]);
    expect(r.stderr).toContain(
      `\`tourney login --profile NEW --base-url ${other.url}\` signs in there as a new profile`,
    );
  });

  it("a profile with no base URL of its own (an embedded one given a key) sends it where the command goes", async () => {
    expect((await sb.run(["profile", "add", "ci"])).code).toBe(0);
    writeFileSync(
      join(sb.env.TOURNEY_CONFIG_DIR!, "credentials.json"),
      JSON.stringify({ profiles: { ci: { api_key: "tk_ci_key_0123456789" } } }),
      { mode: 0o600 },
    );
    await sb.run(["tournament", "list"], {
      env: { TOURNEY_PROFILE: "ci", TOURNEY_BASE_URL: other.url },
    });
    expect(other.seen.at(-1)?.authorization).toBe("tk_ci_key_0123456789");
  });

  it("the same origin with another path still gets them", async () => {
    store({ api_key: "tk_stored_key_0123456789" });
    await sb.run(["--profile", "lan", "--base-url", `${own.url}/`, "tournament", "list"]);
    expect(own.seen.at(-1)?.authorization).toBe("tk_stored_key_0123456789");
  });
});
