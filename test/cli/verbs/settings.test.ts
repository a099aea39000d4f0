/**
 * The profile, config, auth and serve verbs called as functions: the Factory's
 * sandbox holds the configuration, `runServe` serves a real loopback port
 * until the test says stop.
 */
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseLogin, runLogin } from "../../../src/cli/commands/auth/login.js";
import { runAuthStatus } from "../../../src/cli/commands/auth/status.js";
import { runConfigGet } from "../../../src/cli/commands/config/get.js";
import { runConfigSet } from "../../../src/cli/commands/config/set.js";
import { parseProfileAdd, runProfileAdd } from "../../../src/cli/commands/profile/add.js";
import { runProfileUse } from "../../../src/cli/commands/profile/use.js";
import { runServeKeyList } from "../../../src/cli/commands/serve/key-list.js";
import { parseServeKeyRevoke } from "../../../src/cli/commands/serve/key-revoke.js";
import { parseServe, runServe } from "../../../src/cli/commands/serve/serve.js";
import { UsageError } from "../../../src/cli/errors.js";
import { CLI_CLIENT_ID } from "../../../src/model/oauth.js";
import { createFactoryHarness, type FactoryHarness } from "../../helpers/factory.js";

let h: FactoryHarness;
beforeEach(() => {
  h = createFactoryHarness();
});
afterEach(() => h.cleanup());

describe("parse steps (no I/O)", () => {
  it("profile add: --base-url may come from the program's global flag", () => {
    expect(parseProfileAdd("lan", { timeout: "5" }, "http://10.0.0.2:4870")).toEqual({
      name: "lan",
      profile: { baseUrl: "http://10.0.0.2:4870", timeout: 5 },
    });
    expect(() => parseProfileAdd("lan", { timeout: "5s" })).toThrow(UsageError);
  });

  it("serve: a port from 0 to 65535; a key id is a number", () => {
    expect(parseServe({ host: "::1", port: "0" })).toEqual({ host: "::1", port: 0 });
    expect(() => parseServe({ host: "127.0.0.1", port: "65536" })).toThrow(/--port/);
    expect(() => parseServeKeyRevoke("first", undefined)).toThrow(/key id is a number/);
  });
});

describe("run functions on the Factory's sandbox", () => {
  it("a profile added, made active, configured and logged into", async () => {
    await runProfileAdd(h.make().factory, parseProfileAdd("lan", {}, "http://127.0.0.1:9"));
    await runProfileUse(h.make().factory, { name: "lan" });
    await runConfigSet(h.make().factory, { key: "timeout", value: "7" });
    const get = h.make();
    await runConfigGet(get.factory, { key: "timeout" });
    expect(get.stdout()).toBe("7\n");
    const login = h.make({ stdin: "secret-key\n" });
    await runLogin(login.factory, parseLogin({ apiKey: true }));
    expect(login.stderr()).toBe("Stored the API key for profile lan\n");
    const status = h.make({ globals: { json: true } });
    await runAuthStatus(status.factory, { check: false });
    // No profile named: every profile, the active one first (issue 26, item 14).
    const profiles = status.json() as Array<Record<string, unknown>>;
    expect(profiles.map((p) => [p.profile, p.active])).toEqual([
      ["lan", true],
      ["local", false],
    ]);
    expect(profiles[0]).toMatchObject({
      profile: "lan",
      backend: "remote",
      location: "http://127.0.0.1:9",
      credentials: "api key",
      source: "stored (credentials.json)",
    });
  });

  it("runServe serves a loopback port until told to stop, with the owner's key", async () => {
    const db = join(h.dir, "served.db");
    const t = h.make();
    let status = 0;
    let printed = "";
    await runServe(t.factory, {
      host: "127.0.0.1",
      port: 0,
      db,
      until: async () => {
        printed = t.stderr();
        const port = /Listening on http:\/\/127\.0\.0\.1:(\d+)\/v2\.1/.exec(printed)![1];
        const key = /only its hash is stored\):\n {2}(\S+)\n/.exec(printed)![1]!;
        const response = await fetch(`http://127.0.0.1:${port}/v2.1/tournaments`, {
          headers: { Authorization: key, "Authorization-Type": "v1" },
        });
        status = response.status;
      },
    });
    expect(status).toBe(200);
    expect(printed).toMatch(
      /Sign-in: `tourney login --base-url http:\/\/127\.0\.0\.1:\d+` \(approved at http:\/\/127\.0\.0\.1:\d+\/oauth\/device\)/,
    );
    const keys = h.make({ globals: { json: true } });
    await runServeKeyList(keys.factory, { db });
    expect(keys.json()).toMatchObject([{ id: 1, label: "owner" }]);
  });

  it("runServe with --public-url says to sign in there, and hands the device page out there", async () => {
    const t = h.make();
    let verification = "";
    let printed = "";
    await runServe(t.factory, {
      host: "127.0.0.1",
      port: 0,
      db: join(h.dir, "proxied.db"),
      publicUrl: "https://t.example.org/club",
      until: async () => {
        printed = t.stderr();
        const port = /Listening on http:\/\/127\.0\.0\.1:(\d+)\/v2\.1/.exec(printed)![1];
        const response = await fetch(`http://127.0.0.1:${port}/oauth/device/code`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: `client_id=${CLI_CLIENT_ID}`,
        });
        verification = ((await response.json()) as { verification_uri: string }).verification_uri;
      },
    });
    expect(verification).toBe("https://t.example.org/club/oauth/device");
    expect(printed).toContain(
      "Sign-in: `tourney login --base-url https://t.example.org/club` (approved at https://t.example.org/club/oauth/device)",
    );
  });
});
