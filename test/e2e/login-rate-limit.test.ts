/**
 * Issue 24, item 5, as the user meets it: when `tourney serve` rate-limits device
 * codes (429 with Retry-After), `tourney login` (the built binary) exits 6 and
 * says when to retry, instead of exiting 4 as if the sign-in were refused.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CLI_CLIENT_ID } from "../../src/model/oauth.js";
import { BUILT, runBinary } from "../helpers/binary.js";
import { useServedSandbox } from "../helpers/served-sandbox.js";

describe.runIf(BUILT)("tourney login against a serve that rate-limits device codes", () => {
  const box = useServedSandbox("login-429");
  const { env } = box;

  it("exits 6 (rate limited) naming when to retry, and stores nothing", async () => {
    // Someone at this address asks for device codes until serve says to wait.
    let status = 200;
    for (let i = 0; i < 30 && status === 200; i++) {
      const asked = await fetch(`${box.base}/oauth/device/code`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ client_id: CLI_CLIENT_ID }),
      });
      status = asked.status;
      await asked.text();
    }
    expect(status).toBe(429);
    const login = await runBinary(["login", "--base-url", box.base, "--no-browser"], env);
    expect(login.code, login.stderr).toBe(6);
    expect(login.stderr).toMatch(/rate limited .*from this address.*; retry in \d+ s/);
    expect(login.stderr).not.toContain("tourney login` starts again");
    expect(existsSync(join(env.TOURNEY_CONFIG_DIR, "credentials.json"))).toBe(false);
  });
});
