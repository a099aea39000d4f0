/**
 * The completion cache keeps names per profile (docs/scripting.md). A list run at another
 * address (--base-url, TOURNEY_BASE_URL) is not the active profile's service: before, its
 * names replaced the `local` profile's (`__complete tournament` then offered only the
 * server's). Now such a run records nothing; a profile whose stored address is the server
 * keeps the server's names under its own name. Through the built binary (the list's fast
 * path, dist/core-list.js, included) against the built `tourney serve`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT, runBinary, type Served, startServe } from "../helpers/binary.js";

describe.runIf(BUILT)("list names from an ad-hoc address", () => {
  const dir = mkdtempSync(join(tmpdir(), "tourney-e2e-adhoc-names-"));
  const env = {
    PATH: process.env.PATH ?? "",
    HOME: dir,
    TOURNEY_CONFIG_DIR: join(dir, "config"),
    TOURNEY_DATA_DIR: join(dir, "data"),
  };
  let served: Served;
  let base: string;
  const ok = async (args: string[], extra: Record<string, string> = {}) => {
    const r = await runBinary(args, { ...env, ...extra });
    expect(r.code, r.stderr).toBe(0);
    return r.stdout;
  };
  const complete = async (kind: string, profile: string[] = []) =>
    (await ok(["__complete", kind, ...profile])).split("\n").filter(Boolean);

  beforeAll(async () => {
    served = await startServe(["--db", join(dir, "served.db")], env);
    base = `http://127.0.0.1:${served.port}`;
    const remote = { TOURNEY_API_KEY: served.apiKey };
    await ok(["--base-url", base, "tournament", "create", "--name", "Server Cup"], remote);
    await ok(["--base-url", base, "race", "create", "--name", "Server GP"], remote);
    await ok(["tournament", "create", "--name", "Local Cup"]);
    await ok(["race", "create", "--name", "Local GP"]);
    await ok(["tournament", "list"]);
    await ok(["race", "list"]);
  });
  afterAll(async () => {
    expect(await served.stop()).toBe(0);
    rmSync(dir, { recursive: true, force: true });
  });

  it("keeps the local profile's names after lists run with --base-url or TOURNEY_BASE_URL", async () => {
    expect(await complete("tournament")).toEqual(["local_cup"]);
    expect(await complete("race")).toEqual(["local_gp"]);
    const key = { TOURNEY_API_KEY: served.apiKey };
    const flag = await ok(["--base-url", base, "tournament", "list"], key);
    expect(flag).toContain("server_cup");
    await ok(["--base-url", base, "tournament", "list", "--json"], key);
    await ok(["--base-url", base, "race", "list"], key);
    const variable = { ...key, TOURNEY_BASE_URL: base };
    expect(await ok(["tournament", "list"], variable)).toContain("server_cup");
    await ok(["race", "list"], variable);
    expect(await complete("tournament")).toEqual(["local_cup"]);
    expect(await complete("race")).toEqual(["local_gp"]);
  });

  it("a profile stored with the server's address keeps the server's names as its own", async () => {
    await ok(["profile", "add", "lan", "--base-url", base]);
    const key = { TOURNEY_API_KEY: served.apiKey };
    await ok(["--profile", "lan", "tournament", "list"], key);
    expect(await complete("tournament", ["--profile", "lan"])).toEqual(["server_cup"]);
    expect(await complete("tournament")).toEqual(["local_cup"]);
  });
});
