/**
 * End to end (issue 16): the built binary's `tourney api`, --json FIELDS and --jq on the
 * embedded default and against `tourney serve` on a loopback port through a remote
 * profile, logged in with --api-key (the key on stdin).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT, runBinary, type Served, startServe } from "../helpers/binary.js";

const COUNT = 7;
const PAGINATE = ["api", "/tournaments.json?per_page=3", "--paginate", "--jq", ".data | length"];

describe.runIf(BUILT)("tourney api and --jq, built, on both backends", () => {
  const dir = mkdtempSync(join(tmpdir(), "tourney-e2e-api-"));
  const base = {
    PATH: process.env.PATH ?? "",
    TOURNEY_CONFIG_DIR: join(dir, "config"),
    TOURNEY_DATA_DIR: join(dir, "data"),
  };
  const remote = { ...base, TOURNEY_PROFILE: "lan" };
  let served: Served;

  async function tourney(env: Record<string, string>, ...args: string[]): Promise<string> {
    const r = await runBinary(args, env);
    expect(r.code, r.stderr).toBe(0);
    return r.stdout;
  }

  beforeAll(async () => {
    served = await startServe(["--db", join(dir, "served.db")], base);
    const url = `http://127.0.0.1:${served.port}`;
    await tourney(base, "profile", "add", "lan", "--base-url", url);
    const login = await runBinary(["auth", "login", "--api-key"], remote, `${served.apiKey}\n`);
    expect(login.code, login.stderr).toBe(0);
    for (let i = 1; i <= COUNT; i++) {
      await tourney(base, "tournament", "create", "--name", `Local ${i}`);
      await tourney(remote, "tournament", "create", "--name", `Served ${i}`);
    }
  });
  afterAll(async () => {
    expect(await served.stop()).toBe(0);
    rmSync(dir, { recursive: true, force: true });
  });

  it("--paginate --jq '.data | length' counts every page's data, embedded and served", async () => {
    expect(await tourney(base, ...PAGINATE)).toBe(`${COUNT}\n`);
    expect(await tourney(remote, ...PAGINATE)).toBe(`${COUNT}\n`);
    // Three pages over HTTP: the verbose log shows each request, the key redacted.
    const logged = await runBinary([...PAGINATE, "-v"], remote);
    expect(logged.stderr.match(/^> GET \/v2\.1\/tournaments\.json/gm)).toHaveLength(3);
    expect(logged.stderr).not.toContain(served.apiKey);
  });

  it("-X POST with nested fields creates a tournament on serve; -i shows the 201", async () => {
    const r = await runBinary(
      [
        "api",
        "-i",
        "tournaments",
        "-f",
        "data[type]=tournaments",
        "-f",
        "data[attributes][name]=Raw Served",
        "-f",
        "data[attributes][tournament_type]=round robin",
        "-F",
        "data[attributes][private]=true",
      ],
      remote,
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^HTTP\/1\.1 201 Created\n/);
    expect(r.stdout).not.toContain(served.apiKey);
    expect(
      await tourney(remote, "tournament", "view", "raw_served", "--json", "name,private"),
    ).toBe('{"name":"Raw Served","private":true}\n');
  });

  it("an error body is printed and the exit code says which: 404 is 3, 401 is 4", async () => {
    const missing = await runBinary(["api", "tournaments/nope"], remote);
    expect(missing.code).toBe(3);
    expect(JSON.parse(missing.stdout).errors[0].status).toBe(404);
    const refused = await runBinary(["api", "me", "-H", "Authorization: wrong"], remote);
    expect(refused.code).toBe(4);
    expect(JSON.parse(refused.stdout).errors[0].status).toBe(401);
  });

  it("--jq on a verb's output, with fields, through the built bundle", async () => {
    expect(await tourney(remote, "tournament", "list", "--json", "name", "--jq", ".[0].name")).toBe(
      "Served 1\n",
    );
    const bad = await runBinary(["tournament", "list", "--jq", ".[] |"], base);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("syntax error");
  });
});
