/**
 * A profile made from the address `tourney serve` prints (".../v2.1") works: the base URL is
 * stored without the interface's path, which the client adds itself. Before, requests went to
 * /v2.1/v2.1/tournaments: "no such path", exit 3. A proxy's prefix before it is kept.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkBaseUrl } from "../../src/config/settings.js";
import { BUILT, binaryEnv, runBinary, type Served, startServe } from "../helpers/binary.js";

it("checkBaseUrl drops a trailing /v2.1, and keeps a path before it", () => {
  expect(checkBaseUrl("http://127.0.0.1:4991/v2.1")).toBe("http://127.0.0.1:4991");
  expect(checkBaseUrl("https://api.example.com/v2.1/")).toBe("https://api.example.com");
  expect(checkBaseUrl("https://example.org/tourney/v2.1")).toBe("https://example.org/tourney");
  expect(checkBaseUrl("https://api.example.com")).toBe("https://api.example.com");
  expect(checkBaseUrl("https://example.org/v2.10")).toBe("https://example.org/v2.10");
});

describe.runIf(BUILT)("a profile from serve's printed address", () => {
  const home = mkdtempSync(join(tmpdir(), "tourney-base-url-"));
  const env = binaryEnv(home);
  let served: Served;
  beforeAll(async () => {
    served = await startServe(["--db", join(home, "served.db")], env);
  }, 60_000);
  afterAll(async () => {
    await served?.stop();
    rmSync(home, { recursive: true, force: true });
  });

  it("lists the served tournaments", async () => {
    const printed = `http://127.0.0.1:${served.port}/v2.1`;
    const added = await runBinary(["profile", "add", "lan", "--base-url", printed], env);
    expect(added.code, added.stderr).toBe(0);
    const lan = { ...env, TOURNEY_PROFILE: "lan" };
    const login = await runBinary(["auth", "login", "--api-key"], lan, `${served.apiKey}\n`);
    expect(login.code, login.stderr).toBe(0);
    const made = await runBinary(["tournament", "create", "--name", "Cup", "--json", "name"], lan);
    expect(made.code, made.stderr).toBe(0);
    const listed = await runBinary(["tournament", "list", "--json", "name"], lan);
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout)).toEqual([{ name: "Cup" }]);
    const shown = await runBinary(["profile", "list", "--json"], env);
    expect(shown.stdout).toContain(`"http://127.0.0.1:${served.port}"`);
  });
});
