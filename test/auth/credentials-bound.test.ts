/**
 * Stored credentials are bound to the origin `tourney login` checked them at, and go only
 * there. Before, credentials.json kept no address: `tourney config set base_url
 * https://elsewhere --profile lan` (what a redirect's hint says to run) made the next command
 * send lan's key to the new address (an outside review). Entries stored before origins were
 * kept are bound to the profile's base_url at their first use, or before `config set
 * base_url` changes it. Real loopback services record what came.
 */
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CredentialStore } from "../../src/auth/credentials.js";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { type Loopback, startLoopback } from "../helpers/loopback.js";

type Service = Loopback & { seen: (string | undefined)[] };

/** GET /me answers 200 to `key`, 401 to anything else; every Authorization is recorded. */
async function service(key: string): Promise<Service> {
  const seen: (string | undefined)[] = [];
  const server = await startLoopback((req, res) => {
    seen.push(req.headers.authorization);
    const ok = req.headers.authorization === key;
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

let sb: Sandbox;
let own: Service;
let other: Service;
beforeEach(async () => {
  sb = createSandbox();
  own = await service("KEY-OWN-0123456789");
  other = await service("KEY-OTHER-0123456789");
});
afterEach(async () => {
  await own.close();
  await other.close();
  sb.cleanup();
});

const credentialsFile = () => join(sb.env.TOURNEY_CONFIG_DIR!, "credentials.json");
const entry = () => JSON.parse(readFileSync(credentialsFile(), "utf8")).profiles.lan;
const loginAt = (url: string, key: string, extra: string[] = []) =>
  sb.run(["login", "--profile", "lan", ...extra, "--api-key"], {
    stdin: `${key}\n`,
    env: url === "" ? {} : { TOURNEY_BASE_URL: url },
  });
const moveTo = (url: string) => sb.run(["config", "set", "base_url", url, "--profile", "lan"]);
const whoami = () => sb.run(["--profile", "lan", "whoami"]);

/** A credentials.json written by a tourney that kept no origin. */
async function legacyKey(): Promise<void> {
  expect((await sb.run(["profile", "add", "lan", "--base-url", own.url])).code).toBe(0);
  writeFileSync(
    credentialsFile(),
    JSON.stringify({ profiles: { lan: { api_key: "KEY-OWN-0123456789" } } }),
    { mode: 0o600 },
  );
}

describe("credentials stay with the origin they were stored for", () => {
  it("login records the origin; after config set base_url the key is not sent there", async () => {
    expect((await loginAt(own.url, "KEY-OWN-0123456789")).code).toBe(0);
    expect(entry()).toEqual({ api_key: "KEY-OWN-0123456789", origin: own.url });
    const moved = await moveTo(other.url);
    expect(moved.code).toBe(0);
    expect(moved.stderr).toBe(
      `Set base_url for profile lan\nThe credentials stored for profile lan are for ${own.url} and are not sent to ${other.url}; \`tourney login --profile lan\` signs in there\n`,
    );
    const r = await whoami();
    expect(r.code).toBe(4);
    expect(other.seen).toEqual([undefined]);
    expect(r.stderr).toContain(
      `hint: the credentials stored for profile lan are for ${own.url}, where \`tourney login\` stored them, and are not sent to ${other.url}, the profile's base_url since; \`tourney login --profile lan\` signs in there`,
    );
    const status = await sb.run(["--profile", "lan", "auth", "status", "--json", "source"]);
    expect(JSON.parse(status.stdout).source).toBe(
      `none sent: those stored are for ${own.url}, not the profile's base_url since (\`tourney login --profile lan\` signs in there)`,
    );
    const token = await sb.run(["--profile", "lan", "auth", "token"]);
    expect(token.code).toBe(4);
    expect(token.stdout).toBe("");
    expect(token.stderr).toContain(`profile lan's credentials are for ${own.url}`);
  });

  it("logging in again at the new address binds the new key there", async () => {
    expect((await loginAt(own.url, "KEY-OWN-0123456789")).code).toBe(0);
    await moveTo(other.url);
    const again = await loginAt("", "KEY-OTHER-0123456789");
    expect(again.code, again.stderr).toBe(0);
    expect(entry()).toEqual({ api_key: "KEY-OTHER-0123456789", origin: other.url });
    expect((await whoami()).code).toBe(0);
    expect(other.seen.at(-1)).toBe("KEY-OTHER-0123456789");
    // Back at the old address, the new key is not sent there either.
    own.seen.length = 0;
    await moveTo(own.url);
    expect((await whoami()).code).toBe(4);
    expect(own.seen).toEqual([undefined]);
  });

  it("a key stored without an origin is bound at its first use, the file kept 0600", async () => {
    await legacyKey();
    expect((await whoami()).code).toBe(0);
    expect(own.seen).toEqual(["KEY-OWN-0123456789"]);
    expect(entry()).toEqual({ api_key: "KEY-OWN-0123456789", origin: own.url });
    expect(statSync(credentialsFile()).mode & 0o777).toBe(0o600);
    await moveTo(other.url);
    expect((await whoami()).code).toBe(4);
    expect(other.seen).toEqual([undefined]);
  });

  it("a key stored without an origin is bound before config set base_url moves the profile", async () => {
    await legacyKey();
    expect((await moveTo(other.url)).code).toBe(0);
    expect(entry()).toEqual({ api_key: "KEY-OWN-0123456789", origin: own.url });
    expect((await whoami()).code).toBe(4);
    expect(other.seen).toEqual([undefined]);
    await moveTo(own.url);
    expect((await whoami()).code).toBe(0);
    expect(own.seen).toEqual(["KEY-OWN-0123456789"]);
  });
});

describe("the store keeps one origin per profile", () => {
  it("a login at another origin replaces the other secrets; a renewal keeps the origin", () => {
    const store = new CredentialStore(join(sb.dir, "store"));
    store.setToken("lan", { accessToken: "tok-a", refreshToken: "ref-a", origin: own.url });
    store.setApiKey("lan", "KEY-B-0123456789", other.url);
    expect(store.get("lan")).toEqual({ apiKey: "KEY-B-0123456789", origin: other.url });
    store.setToken("lan", { accessToken: "tok-b", refreshToken: "ref-b" });
    expect(store.get("lan")).toEqual({
      apiKey: "KEY-B-0123456789",
      token: "tok-b",
      refreshToken: "ref-b",
      origin: other.url,
    });
  });
});
