/**
 * An API key is trimmed wherever it comes from, as `login --api-key` trims stdin: a
 * TOURNEY_API_KEY read from a CRLF file by `$(cat f)` keeps its CR, and was refused with
 * exit 4 (authentication refused) though nothing was sent (review I #14). What no header can
 * carry once trimmed is a usage error (exit 2) naming where it came from, nothing sent:
 * TOURNEY_API_KEY, TOURNEY_TOKEN, a stored key (a hand edit), a key piped to `login`.
 * A real HTTP server on loopback records the Authorization headers it is sent.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { ok } from "../helpers/cli-tournament.js";
import { type Loopback, startLoopback } from "../helpers/loopback.js";

let sb: Sandbox;
let service: Loopback;
let sent: (string | undefined)[];

beforeEach(async () => {
  sb = createSandbox();
  sent = [];
  service = await startLoopback((req, res) => {
    sent.push(req.headers.authorization);
    res.setHeader("content-type", "application/vnd.api+json");
    if ((req.url ?? "").startsWith("/v2.1/me"))
      return res.end('{"data":{"id":"1","type":"user","attributes":{"username":"u"}}}');
    res.end('{"data":[]}');
  });
});
afterEach(async () => {
  await service.close();
  sb.cleanup();
});

const list = (env: Record<string, string>) =>
  sb.run(["tournament", "list", "--json"], { env: { TOURNEY_BASE_URL: service.url, ...env } });

describe("TOURNEY_API_KEY and TOURNEY_TOKEN", () => {
  it("are trimmed: a CR (from a CRLF file), a line break, spaces and tabs at the ends", async () => {
    for (const value of ["tk_abc\r", "tk_abc\r\n", " \ttk_abc \r"]) {
      const r = ok(await list({ TOURNEY_API_KEY: value }));
      expect(r.json()).toEqual([]);
    }
    ok(await list({ TOURNEY_TOKEN: "tok_1\r" }));
    expect(sent).toEqual(["tk_abc", "tk_abc", "tk_abc", "Bearer tok_1"]);
  });

  it("holding what no header carries once trimmed: exit 2 naming the variable, nothing sent", async () => {
    for (const [variable, value] of [
      ["TOURNEY_API_KEY", "tk_a\rbc"],
      ["TOURNEY_API_KEY", "tk_é"],
      ["TOURNEY_TOKEN", "tok\u0001"],
    ] as const) {
      const r = await list({ [variable]: value });
      expect(r.stderr).toContain(`error: ${variable}: the `);
      expect(r.stderr).toContain("holds characters an HTTP header cannot carry");
      expect(r.stderr).toContain("nothing was sent");
      expect(r.stderr).toContain(`hint: set ${variable} to the`);
      expect(r.code, r.stderr).toBe(2);
    }
    expect(sent).toEqual([]);
  });
});

describe("a key piped to login, and a stored key", () => {
  beforeEach(async () => {
    ok(await sb.run(["profile", "add", "lan", "--base-url", service.url]));
  });

  it("login --api-key refuses a key no header carries (exit 2), before its check is sent", async () => {
    const r = await sb.run(["login", "--profile", "lan", "--api-key"], { stdin: "tk_é\n" });
    expect(r.stderr).toContain("holds characters an HTTP header cannot carry");
    expect(r.code, r.stderr).toBe(2);
    expect(sent).toEqual([]);
    ok(await sb.run(["login", "--profile", "lan", "--api-key"], { stdin: "tk_abc\r\n" }));
    expect(sent).toEqual(["tk_abc"]);
  });

  it("a stored key edited by hand: trimmed; with a control character inside, exit 2 and the login that fixes it", async () => {
    ok(await sb.run(["login", "--profile", "lan", "--api-key"], { stdin: "tk_abc\n" }));
    const file = join(sb.dir, "config", "credentials.json");
    const stored = readFileSync(file, "utf8");
    writeFileSync(file, stored.replace('"tk_abc"', '"tk_abc\\r"'));
    ok(await sb.run(["--profile", "lan", "tournament", "list"]));
    writeFileSync(file, stored.replace('"tk_abc"', '"tk_a\\u0000bc"'));
    const r = await sb.run(["--profile", "lan", "tournament", "list"]);
    expect(r.stderr).toContain("error: the API key holds characters an HTTP header cannot carry");
    expect(r.stderr).toContain("hint: `tourney login --profile lan --api-key` stores it again");
    expect(r.code, r.stderr).toBe(2);
    expect(sent).toEqual(["tk_abc", "tk_abc"]);
  });
});
