/**
 * Credentials as a user meets them against `tourney serve` (issue 10, item 18):
 * `auth status` says where the credentials come from and `--check` verifies
 * them with one request; hints name `--profile` and the variable in use;
 * `tourney login` on the embedded profile says it needs none.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BUILT, runBinary } from "../helpers/binary.js";
import { useServeWithProfile } from "../helpers/served-sandbox.js";

describe.runIf(BUILT)("auth status and hints over tourney serve", () => {
  const dir = mkdtempSync(join(tmpdir(), "tourney-e2e-auth-"));
  const env = {
    PATH: process.env.PATH ?? "",
    TOURNEY_CONFIG_DIR: join(dir, "config"),
    TOURNEY_DATA_DIR: join(dir, "data"),
  };
  const served = useServeWithProfile(dir, env, { login: false });

  it("without credentials: status says none, --check exits 4, the hint names --profile", async () => {
    const r = await runBinary(["auth", "status", "--profile", "lan", "--check"], env);
    expect(r.code).toBe(4);
    expect(r.stdout).toContain("source\tnone\n");
    expect(r.stdout).toMatch(/check\trefused \(401\): /);
    expect(r.stderr).toContain(
      "hint: `tourney login --profile lan` logs in (the device grant), or stores a key with --api-key",
    );
    const list = await runBinary(["tournament", "list", "--profile", "lan"], env);
    expect(list.code).toBe(4);
    expect(list.stderr).toContain("`tourney login --profile lan`");
  });

  it("a key from TOURNEY_API_KEY: status names the variable, --check refuses a wrong one", async () => {
    const bad = { ...env, TOURNEY_API_KEY: "tk_wrong" };
    const r = await runBinary(["auth", "status", "--profile", "lan", "--check"], bad);
    expect(r.code).toBe(4);
    expect(r.stdout).toContain("source\tenvironment variable TOURNEY_API_KEY\n");
    expect(r.stderr).toContain("hint: the credentials come from TOURNEY_API_KEY");
    const good = { ...env, TOURNEY_API_KEY: served().apiKey };
    const ok = await runBinary(["auth", "status", "--profile", "lan", "--check"], good);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toContain("check\tok\nuser\towner\n");
  });

  it("a stored key: status says stored and --check verifies it", async () => {
    const login = await runBinary(
      ["auth", "login", "--api-key", "--profile", "lan"],
      env,
      `${served().apiKey}\n`,
    );
    expect(login.code, login.stderr).toBe(0);
    const r = await runBinary(["auth", "status", "--profile", "lan", "--check"], env);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("credentials\tapi key\nsource\tstored (credentials.json)\n");
    expect(r.stdout).toContain("check\tok\n");
    expect((await runBinary(["auth", "logout", "--profile", "lan"], env)).code).toBe(0);
  });

  it("`tourney login` on the embedded profile is a usage error naming --base-url", async () => {
    const r = await runBinary(["login", "--no-browser"], env);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      "error: profile local uses the embedded backend, which needs no login; pass --base-url URL to log in to a service, or --api-key to store a key anyway\n",
    );
  });
});
