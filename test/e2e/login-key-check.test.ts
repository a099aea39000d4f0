/**
 * `tourney login --api-key` checks the key with GET /me before it writes anything
 * (docs/profiles.md: "a failed login writes nothing"). Before, a typo was stored over a
 * working key ("Stored the API key", exit 0) and the next command failed with exit 4, and a
 * login to an unreachable address created its profile. A key without the `me` scope (403
 * naming it) is a key the service knows: it is stored. `--with-token` checks its token the same
 * way (test/cli/login-token-check.test.ts has the rest): one serve never issued is refused.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT, runBinary, type Served, startServe } from "../helpers/binary.js";

describe.runIf(BUILT)("login --api-key against tourney serve", () => {
  const dir = mkdtempSync(join(tmpdir(), "tourney-e2e-login-key-"));
  const db = join(dir, "served.db");
  const env = {
    PATH: process.env.PATH ?? "",
    HOME: dir,
    TOURNEY_CONFIG_DIR: join(dir, "config"),
    TOURNEY_DATA_DIR: join(dir, "data"),
  };
  const files = () =>
    ["config.json", "credentials.json"].map((name) => {
      try {
        return readFileSync(join(dir, "config", name), "utf8");
      } catch {
        return undefined;
      }
    });
  let served: Served;
  let base: string;

  beforeAll(async () => {
    served = await startServe(["--db", db], env);
    base = `http://127.0.0.1:${served.port}`;
  });
  afterAll(async () => {
    expect(await served.stop()).toBe(0);
    rmSync(dir, { recursive: true, force: true });
  });

  it("stores a good key; refuses a wrong one (exit 4) and keeps the good one", async () => {
    const good = await runBinary(
      ["login", "--profile", "lan", "--base-url", base, "--api-key"],
      env,
      `${served.apiKey}\n`,
    );
    expect(good.code, good.stderr).toBe(0);
    const before = files();

    const typo = await runBinary(["login", "--profile", "lan", "--api-key"], env, "tk_typo\n");
    expect(typo.code).toBe(4);
    expect(typo.stderr).toContain(`error: the API key was refused by ${base} (401: `);
    expect(typo.stderr).toContain("nothing was stored");
    expect(typo.stderr).not.toContain("Stored");
    expect(files()).toEqual(before);

    const whoami = await runBinary(["--profile", "lan", "whoami"], env);
    expect(whoami.code, whoami.stderr).toBe(0);
    expect(whoami.stdout).toContain("owner");
  });

  it("an unreachable address: the network error's exit code, no profile created", async () => {
    const before = files();
    const r = await runBinary(
      ["login", "--profile", "nowhere", "--base-url", "http://127.0.0.1:9", "--api-key"],
      env,
      "tk_x\n",
    );
    expect(r.code).toBe(7);
    expect(r.stderr).toContain("could not connect to 127.0.0.1:9");
    expect(files()).toEqual(before);
    const list = await runBinary(["profile", "list"], env);
    expect(list.stdout).not.toContain("nowhere");
  });

  it("a key without the me scope (403) is valid: it is stored", async () => {
    const created = await runBinary(
      ["serve", "key", "create", "--label", "reader", "--scope", "tournaments:read", "--db", db],
      env,
    );
    expect(created.code, created.stderr).toBe(0);
    const key = /tk_[\w-]+/.exec(created.stdout + created.stderr)?.[0];
    expect(key).toBeDefined();
    const r = await runBinary(
      ["login", "--profile", "reader", "--base-url", base, "--api-key"],
      env,
      `${key}\n`,
    );
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(files()[1]!).profiles.reader).toEqual({ api_key: key, origin: base });
    const list = await runBinary(["--profile", "reader", "tournament", "list"], env);
    expect(list.code, list.stderr).toBe(0);
  });

  it("--with-token: a token serve never issued is refused (exit 4), nothing stored", async () => {
    const before = files();
    const r = await runBinary(
      ["login", "--profile", "ci", "--base-url", base, "--with-token"],
      env,
      "at-never-issued\n",
    );
    expect(r.code).toBe(4);
    expect(r.stderr).toContain(`error: the access token was refused by ${base} (401: `);
    expect(r.stderr).toContain("nothing was stored");
    expect(files()).toEqual(before);
    expect((await runBinary(["profile", "list"], env)).stdout).not.toMatch(/\bci\b/);
  });
});
