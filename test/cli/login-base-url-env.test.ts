/**
 * `tourney login` takes TOURNEY_BASE_URL as it takes --base-url (flag > environment >
 * profile, as every command: docs/scripting.md). Before, it ignored the variable: the key
 * piped was checked at the active profile's address and stored as that profile's, over its
 * working key (an outside review: "Stored the API key for profile lan", exit 0, the /me
 * check sent to the other service). Two real loopback services record what came.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { hostProfileName } from "../../src/cli/commands/auth/login-target.js";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { type Loopback, startLoopback } from "../helpers/loopback.js";

/** A service whose GET /me takes any key, recording the keys it was sent. */
async function service(): Promise<Loopback & { keys: (string | undefined)[] }> {
  const keys: (string | undefined)[] = [];
  const server = await startLoopback((req, res) => {
    keys.push(req.headers.authorization);
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ data: { id: "1", type: "user", attributes: { username: "ada" } } }));
  });
  return { ...server, keys };
}

let sb: Sandbox;
let lan: Awaited<ReturnType<typeof service>>;
let other: Awaited<ReturnType<typeof service>>;
beforeEach(async () => {
  sb = createSandbox();
  lan = await service();
  other = await service();
  const add = await sb.run(["login", "--profile", "lan", "--base-url", lan.url, "--api-key"], {
    stdin: "KEY-FOR-LAN\n",
  });
  expect(add.code, add.stderr).toBe(0);
  expect((await sb.run(["profile", "use", "lan"])).code).toBe(0);
  lan.keys.length = 0;
});
afterEach(async () => {
  await lan.close();
  await other.close();
  sb.cleanup();
});

const file = (name: string) =>
  JSON.parse(readFileSync(join(sb.env.TOURNEY_CONFIG_DIR!, name), "utf8"));
const keyOf = (profile: string) => file("credentials.json").profiles[profile]?.api_key;
const login = (args: string[], env: Record<string, string> = { TOURNEY_BASE_URL: other.url }) =>
  sb.run(["login", ...args, "--api-key"], { stdin: "KEY-FOR-OTHER\n", env });

describe("login with TOURNEY_BASE_URL, as with --base-url", () => {
  it("checks the key at that address and stores it for the profile of that address", async () => {
    const r = await login([]);
    const made = hostProfileName(other.url);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe(`Stored the API key for profile ${made}\n`);
    expect(other.keys).toEqual(["KEY-FOR-OTHER"]);
    expect(lan.keys).toEqual([]);
    expect(keyOf("lan")).toBe("KEY-FOR-LAN");
    expect(keyOf(made)).toBe("KEY-FOR-OTHER");
    expect(file("config.json").profiles[made].base_url).toBe(other.url);
    expect(file("config.json").profiles.lan.base_url).toBe(lan.url);
  });

  it("with --profile, points that profile at the address, as --base-url does", async () => {
    const r = await login(["--profile", "lan"]);
    expect(r.code, r.stderr).toBe(0);
    expect(other.keys).toEqual(["KEY-FOR-OTHER"]);
    expect(lan.keys).toEqual([]);
    expect(file("config.json").profiles.lan.base_url).toBe(other.url);
    expect(keyOf("lan")).toBe("KEY-FOR-OTHER");
  });

  it("the flag wins over the variable", async () => {
    const r = await login(["--base-url", lan.url]);
    expect(r.code, r.stderr).toBe(0);
    expect(lan.keys).toEqual(["KEY-FOR-OTHER"]);
    expect(other.keys).toEqual([]);
    expect(r.stderr).toBe("Stored the API key for profile lan\n");
  });

  it("the embedded local profile is refused, naming the variable; nothing stored", async () => {
    const r = await login(["--profile", "local"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("TOURNEY_BASE_URL");
    expect(r.stderr).toContain("`tourney login --profile NAME --base-url URL`");
    expect(other.keys).toEqual([]);
    expect(keyOf("local")).toBeUndefined();
  });

  it("an address that is no URL is refused naming the variable (exit 2)", async () => {
    const r = await login([], { TOURNEY_BASE_URL: "ftp://127.0.0.1" });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("invalid value for TOURNEY_BASE_URL");
  });
});
