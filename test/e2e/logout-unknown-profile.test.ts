/**
 * `tourney logout` of a profile that does not exist (a typo in --profile or
 * TOURNEY_PROFILE) exits 2 naming it, as `profile use`, `config get` and
 * `auth status` do, and leaves every stored credential; before, it said the
 * profile "had no stored credentials" and exited 0, the real one's kept.
 * `login --with-token` asks GET /me before it stores the token: `lan` points at a
 * loopback server that answers it for any token.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT, runBinary } from "../helpers/binary.js";

describe.runIf(BUILT)("logout of a profile that does not exist", () => {
  const dir = mkdtempSync(join(tmpdir(), "tourney-e2e-logout-"));
  const env = {
    PATH: process.env.PATH ?? "",
    HOME: dir,
    TOURNEY_CONFIG_DIR: join(dir, "config"),
    TOURNEY_DATA_DIR: join(dir, "data"),
  };
  const me = createServer((_request, response) => {
    response.writeHead(200, { "Content-Type": "application/vnd.api+json" });
    response.end(
      JSON.stringify({ data: { id: "1", type: "user", attributes: { username: "ci" } } }),
    );
  });
  let base = "";
  beforeAll(async () => {
    await new Promise<void>((done) => me.listen(0, "127.0.0.1", done));
    base = `http://127.0.0.1:${(me.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((done) => me.close(() => done()));
    rmSync(dir, { recursive: true, force: true });
  });

  const hint =
    "does not exist; `tourney profile list` shows the profiles, `tourney profile add nosuch --base-url URL` creates one\n";

  it("exits 2 naming the profile and how it was chosen; the stored token stays", async () => {
    const add = await runBinary(["profile", "add", "lan", "--base-url", base], env);
    expect(add.code, add.stderr).toBe(0);
    const login = await runBinary(
      ["login", "--profile", "lan", "--with-token"],
      env,
      "key-of-lan\n",
    );
    expect(login.code, login.stderr).toBe(0);
    const flag = await runBinary(["logout", "--profile", "nosuch"], env);
    expect(flag).toMatchObject({ code: 2, stdout: "" });
    expect(flag.stderr).toBe(`error: profile 'nosuch' (chosen by --profile) ${hint}`);
    const variable = await runBinary(["auth", "logout"], { ...env, TOURNEY_PROFILE: "nosuch" });
    expect(variable.code).toBe(2);
    expect(variable.stderr).toBe(`error: profile 'nosuch' (chosen by TOURNEY_PROFILE) ${hint}`);
    const token = await runBinary(["auth", "token", "--profile", "lan"], env);
    expect(token).toMatchObject({ code: 0, stdout: "key-of-lan\n" });
    const real = await runBinary(["logout", "--profile", "lan"], env);
    expect(real).toMatchObject({ code: 0, stderr: "Removed the credentials of profile lan\n" });
  });
});
