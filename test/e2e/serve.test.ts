/**
 * End to end: the built binary serves the embedded service over HTTP on a
 * random loopback port, and the built binary drives it through a remote profile.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN, BUILT, runBinary, type Served, startServe } from "../helpers/binary.js";

describe.runIf(BUILT)("tourney serve, driven by the built binary", () => {
  const dir = mkdtempSync(join(tmpdir(), "tourney-e2e-"));
  const env = {
    PATH: process.env.PATH ?? "",
    TOURNEY_CONFIG_DIR: join(dir, "config"),
    TOURNEY_DATA_DIR: join(dir, "data"),
  };
  let served: Served;
  let base: string;

  beforeAll(async () => {
    served = await startServe(["--db", join(dir, "served.db")], env);
    base = `http://127.0.0.1:${served.port}/v2.1`;
  });
  afterAll(async () => {
    expect(await served.stop()).toBe(0);
    rmSync(dir, { recursive: true, force: true });
  });

  const api = (path: string, init: RequestInit & { key?: string | null } = {}) => {
    const headers: Record<string, string> = {
      "content-type": "application/vnd.api+json",
      ...(init.headers as Record<string, string>),
    };
    if (init.key !== null) headers.authorization = init.key ?? served.apiKey;
    return fetch(`${base}${path}`, { ...init, headers });
  };

  it("runs the create / bulk-add / list job through a remote profile, exactly as on the embedded default", async () => {
    expect(
      (
        await runBinary(
          ["profile", "add", "lan", "--base-url", `http://127.0.0.1:${served.port}`],
          env,
        )
      ).code,
    ).toBe(0);
    expect(
      (
        await runBinary(
          ["auth", "login", "--api-key", "--profile", "lan"],
          env,
          `${served.apiKey}\n`,
        )
      ).code,
    ).toBe(0);
    for (const profile of ["local", "lan"]) {
      const created = await runBinary(
        [
          "--profile",
          profile,
          "tournament",
          "create",
          "--name",
          "Spring Cup",
          "--type",
          "single elimination",
          "--json",
        ],
        env,
      );
      expect(created.code, created.stderr).toBe(0);
      const id = String(JSON.parse(created.stdout).id);
      const added = await runBinary(
        ["--profile", profile, "participants", "bulk-add", id],
        env,
        Array.from({ length: 24 }, (_, i) => `Player ${i + 1}`).join("\n"),
      );
      expect(added.code, added.stderr).toBe(0);
      const listed = await runBinary(
        ["--profile", profile, "participants", "list", id, "--json"],
        env,
      );
      expect(JSON.parse(listed.stdout)).toHaveLength(24);
    }
    const viaHttp = (await (await api("/tournaments/1/participants?per_page=100")).json()) as any;
    expect(viaHttp.meta.count).toBe(24);
  });

  it("answers curl-style requests with the documented statuses and shapes", async () => {
    const create = await api("/tournaments.json", {
      method: "POST",
      body: JSON.stringify({
        data: { type: "tournament", attributes: { name: "Curl Cup", tournament_type: "swiss" } },
      }),
    });
    expect(create.status).toBe(201);
    const id = ((await create.json()) as any).data.id;
    const list = (await (await api("/tournaments")).json()) as any;
    expect(Object.keys(list).sort()).toEqual(["data", "links", "meta"]);
    expect((await api("/tournaments", { key: null })).status).toBe(401);
    expect((await api("/tournaments", { key: "tk_wrong" })).status).toBe(401);
    expect(
      (
        await api("/tournaments", {
          method: "POST",
          body: "x",
          headers: { "content-type": "text/plain" },
        })
      ).status,
    ).toBe(415);
    expect((await api("/tournaments", { headers: { accept: "text/html" } })).status).toBe(406);
    expect((await api("/tournaments/9999")).status).toBe(404);
    const invalid = await api("/tournaments", {
      method: "POST",
      body: JSON.stringify({
        data: { type: "tournament", attributes: { name: "", tournament_type: "swiss" } },
      }),
    });
    expect(invalid.status).toBe(422);
    expect(((await invalid.json()) as any).errors[0].source.pointer).toBe("/data/attributes/name");
    const big = await api("/tournaments", { method: "POST", body: "x".repeat(1024 * 1024 + 10) });
    expect(big.status).toBe(413);
    expect((await api(`/tournaments/${id}`, { method: "DELETE" })).status).toBe(204);
  });

  it("exits 4 with a hint when the profile's key is wrong, and 7 when nothing listens", async () => {
    expect(
      (
        await runBinary(
          ["profile", "add", "wrongkey", "--base-url", `http://127.0.0.1:${served.port}`],
          env,
        )
      ).code,
    ).toBe(0);
    const stored = await runBinary(
      ["auth", "login", "--api-key", "--profile", "wrongkey"],
      env,
      "tk_not_a_key\n",
    );
    // The login checks the key first (GET /me): nothing is stored.
    expect(stored.code).toBe(4);
    expect(stored.stderr).toContain("API key is not valid");
    expect(stored.stderr).toContain("nothing was stored");
    const refused = await runBinary(["--profile", "wrongkey", "tournament", "list"], {
      ...env,
      TOURNEY_API_KEY: "tk_not_a_key",
    });
    expect(refused.code).toBe(4);
    expect(refused.stderr).toContain("API key is not valid");
    const down = await runBinary(["--base-url", "http://127.0.0.1:9", "tournament", "list"], env);
    expect(down.code).toBe(7);
  });

  it("creates more API keys that the server accepts", async () => {
    const made = await runBinary(
      ["serve", "key", "create", "--label", "scoreboard", "--db", join(dir, "served.db")],
      env,
    );
    expect(made.code).toBe(0);
    const key = made.stdout.trim();
    expect(key).toMatch(/^tk_/);
    expect((await api("/tournaments", { key })).status).toBe(200);
  });

  it("stops quietly when the reader of a pipe leaves (| head -c 100)", async () => {
    const names = Array.from({ length: 400 }, (_, i) => `Pipe Player ${i + 1}`).join("\n");
    const created = await runBinary(["tournament", "create", "--name", "Pipe Cup", "--json"], env);
    const id = String(JSON.parse(created.stdout).id);
    expect((await runBinary(["participants", "bulk-add", id], env, names)).code).toBe(0);
    const { spawnSync } = await import("node:child_process");
    const script = `set -o pipefail; "${process.execPath}" "${BIN}" participants list ${id} --json | head -c 100; echo "status=\${PIPESTATUS[0]}" >&2`;
    const r = spawnSync("bash", ["--norc", "--noprofile", "-c", script], { env, encoding: "utf8" });
    expect(r.stdout).toHaveLength(100);
    expect(r.stdout.startsWith('[{"id":')).toBe(true);
    expect(r.stderr.split("\n").filter((l) => !l.includes("bashrc"))).toEqual(["status=0", ""]);
  });
});
