/**
 * A base URL with a query or a fragment is refused wherever one is typed (exit 2, the part
 * to remove named), as `serve --public-url` refuses one: requests go to the base URL's path
 * and dropped them without a word. Before, `login --base-url 'http://127.0.0.1:48322/?a=b#frag'`
 * was accepted and stored as it was (an outside review). One stored before is read without
 * them, as requests used it; device_url, an endpoint's own URL, keeps its query. A real
 * loopback service records what came.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { type Loopback, startLoopback } from "../helpers/loopback.js";

let sb: Sandbox;
let svc: Loopback & { seen: string[] };
beforeEach(async () => {
  sb = createSandbox();
  const seen: string[] = [];
  const server = await startLoopback((req, res) => {
    seen.push(req.url ?? "");
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ data: { id: "1", type: "user", attributes: { username: "ada" } } }));
  });
  svc = { ...server, seen };
});
afterEach(async () => {
  await svc.close();
  sb.cleanup();
});

const config = () => join(sb.env.TOURNEY_CONFIG_DIR!, "config.json");
const both = "the query '?a=b' and the fragment '#frag'";

describe("a base URL with a query or a fragment is refused where it is typed", () => {
  const cases: [string, (url: string) => Promise<{ code: number; stderr: string }>, string][] = [
    [
      "login --base-url",
      (url) =>
        sb.run(["login", "--profile", "lan", "--base-url", url, "--api-key"], { stdin: "KEY\n" }),
      "--base-url",
    ],
    [
      "profile add --base-url",
      (url) => sb.run(["profile", "add", "lan", "--base-url", url]),
      "base_url",
    ],
    [
      "--base-url",
      (url) => sb.run(["--base-url", url, "whoami"], { env: { TOURNEY_API_KEY: "k" } }),
      "--base-url",
    ],
    [
      "TOURNEY_BASE_URL",
      (url) => sb.run(["whoami"], { env: { TOURNEY_BASE_URL: url, TOURNEY_API_KEY: "k" } }),
      "TOURNEY_BASE_URL",
    ],
  ];
  for (const [where, run, key] of cases) {
    it(`${where}: exit 2 naming both parts, nothing sent or stored`, async () => {
      const url = `${svc.url}/?a=b#frag`;
      const r = await run(url);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(
        `error: invalid value for ${key}: '${url}' has ${both}; remove them`,
      );
      expect(svc.seen).toEqual([]);
      if (existsSync(config())) expect(readFileSync(config(), "utf8")).not.toContain("a=b");
    });
  }

  it("config set base_url: a query alone, or an empty fragment, is named", async () => {
    expect((await sb.run(["profile", "add", "lan", "--base-url", svc.url])).code).toBe(0);
    const query = await sb.run([
      "config",
      "set",
      "base_url",
      `${svc.url}/api?x=1`,
      "--profile",
      "lan",
    ]);
    expect(query.code).toBe(2);
    expect(query.stderr).toContain("has the query '?x=1'; remove it");
    const hash = await sb.run(["config", "set", "base_url", `${svc.url}#`, "--profile", "lan"]);
    expect(hash.code).toBe(2);
    expect(hash.stderr).toContain("has the fragment '#'; remove it");
    expect(JSON.parse(readFileSync(config(), "utf8")).profiles.lan.base_url).toBe(svc.url);
  });

  it("one stored before is read without them, as requests used it", async () => {
    mkdirSync(sb.env.TOURNEY_CONFIG_DIR!, { recursive: true });
    writeFileSync(
      config(),
      JSON.stringify({
        profiles: { lan: { backend: "remote", base_url: `${svc.url}/p?a=b#frag` } },
      }),
    );
    const got = await sb.run(["config", "get", "base_url", "--profile", "lan"]);
    expect(got.stdout).toBe(`${svc.url}/p\n`);
    const r = await sb.run(["--profile", "lan", "whoami"], { env: { TOURNEY_API_KEY: "k" } });
    expect(r.code, r.stderr).toBe(0);
    expect(svc.seen).toEqual(["/p/v2.1/me.json"]);
  });

  it("device_url, an endpoint's own URL, keeps its query", async () => {
    expect((await sb.run(["profile", "add", "lan", "--base-url", svc.url])).code).toBe(0);
    const url = `${svc.url}/device?tenant=7`;
    const r = await sb.run(["config", "set", "device_url", url, "--profile", "lan"]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(readFileSync(config(), "utf8")).profiles.lan.device_url).toBe(url);
  });
});
