/**
 * `tourney serve app add|list|remove` (issue 25) through the CLI harness,
 * checked against the served database they write: the printed client id and
 * secret are the ones the OAuth server accepts.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { send } from "../helpers/oauth.js";
import { startService } from "../helpers/service.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

describe("tourney serve app", () => {
  it("adds a confidential application: client id and secret printed once, the secret accepted by the token endpoint", async () => {
    const added = await sb.run([
      "serve",
      "app",
      "add",
      "Score board",
      "--confidential",
      "--scope",
      "tournaments:read",
      "--db",
      sb.servedDb,
    ]);
    expect(added.code, added.stderr).toBe(0);
    const lines = added.stdout
      .trim()
      .split("\n")
      .map((l) => l.split("\t"));
    expect(lines.map(([k]) => k)).toEqual(["client_id", "client_secret"]);
    const [[, clientId], [, secret]] = lines as [[string, string], [string, string]];
    expect(added.stderr).toMatch(/shown once/);

    const list = await sb.run(["serve", "app", "list", "--db", sb.servedDb, "--json"]);
    expect(list.json()).toEqual([
      expect.objectContaining({
        id: clientId,
        name: "Score board",
        type: "confidential",
        user: "owner",
        scopes: "tournaments:read",
      }),
    ]);
    expect(list.stdout).not.toContain(secret);

    const served = await startService({ dbPath: sb.servedDb, requireAuth: true });
    const token = () =>
      send(served.service, "POST", "/oauth/token", {
        grant_type: "client_credentials",
        client_id: clientId,
        client_secret: secret,
      });
    expect((await token()).status).toBe(200);
    const removed = await sb.run(["serve", "app", "remove", clientId, "--db", sb.servedDb]);
    expect(removed.code).toBe(0);
    expect((await token()).status).toBe(401);
    const again = await sb.run(["serve", "app", "remove", clientId, "--db", sb.servedDb]);
    expect(again.code).toBe(3);
    served.service.close();
  });

  it("adds a public application with redirect URIs and prints no secret; refuses a bad URI, scope or user, writing nothing", async () => {
    const added = await sb.run([
      "serve",
      "apps",
      "add",
      "Site",
      "--redirect-uri",
      "https://site.example/cb",
      "--redirect-uri",
      "com.example.app:/cb",
      "--db",
      sb.servedDb,
      "--json",
    ]);
    expect(added.code, added.stderr).toBe(0);
    const app = added.json() as Record<string, unknown>;
    expect(app).toMatchObject({
      name: "Site",
      confidential: false,
      redirect_uris: ["https://site.example/cb", "com.example.app:/cb"],
    });
    expect(app.client_secret).toBeUndefined();
    for (const [flag, value, message] of [
      ["--redirect-uri", "https://site.example/cb#x", /fragment/],
      ["--redirect-uri", "/relative", /not an absolute URI/],
      ["--redirect-uri", "javascript:alert(1)", /use http, https/],
      ["--scope", "everything", /unknown scope everything/],
    ] as const) {
      const r = await sb.run(["serve", "app", "add", "Bad", flag, value, "--db", sb.servedDb]);
      expect(r.code, `${flag} ${value}`).toBe(2);
      expect(r.stderr).toMatch(message);
    }
    const nobody = await sb.run([
      "serve",
      "app",
      "add",
      "Bad",
      "--user",
      "zed",
      "--db",
      sb.servedDb,
    ]);
    expect(nobody.code).toBe(3);
    const list = await sb.run(["serve", "app", "list", "--db", sb.servedDb, "--json"]);
    expect((list.json() as unknown[]).length).toBe(1);
  });
});
