/**
 * Issue 24, item 5, as the user meets it: when `tourney serve` rate-limits device
 * codes (429 with Retry-After), `tourney login` (the built binary) exits 6 and
 * says when to retry, instead of exiting 4 as if the sign-in were refused.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI_CLIENT_ID } from "../../src/model/oauth.js";
import { BUILT, runBinary, type Served, startServe } from "../helpers/binary.js";

describe.runIf(BUILT)("tourney login against a serve that rate-limits device codes", () => {
  const dir = mkdtempSync(join(tmpdir(), "tourney-e2e-login-429-"));
  const env = {
    PATH: process.env.PATH ?? "",
    HOME: join(dir, "home"),
    TOURNEY_CONFIG_DIR: join(dir, "config"),
    TOURNEY_DATA_DIR: join(dir, "data"),
  };
  let served: Served;
  let base: string;

  beforeAll(async () => {
    mkdirSync(env.HOME, { recursive: true });
    served = await startServe(["--db", join(dir, "served.db")], env);
    base = `http://127.0.0.1:${served.port}`;
  });
  afterAll(async () => {
    await served.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("exits 6 (rate limited) naming when to retry, and stores nothing", async () => {
    // Someone at this address asks for device codes until serve says to wait.
    let status = 200;
    for (let i = 0; i < 30 && status === 200; i++) {
      const asked = await fetch(`${base}/oauth/device/code`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ client_id: CLI_CLIENT_ID }),
      });
      status = asked.status;
      await asked.text();
    }
    expect(status).toBe(429);
    const login = await runBinary(["login", "--base-url", base, "--no-browser"], env);
    expect(login.code, login.stderr).toBe(6);
    expect(login.stderr).toMatch(/rate limited .*from this address.*; retry in \d+ s/);
    expect(login.stderr).not.toContain("tourney login` starts again");
    expect(existsSync(join(env.TOURNEY_CONFIG_DIR, "credentials.json"))).toBe(false);
  });
});
