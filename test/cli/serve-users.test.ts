/**
 * `tourney serve user add|list|remove|password` and `serve key create --user
 * --scope`, `serve key list` through the CLI harness, checked against a service
 * on the database they write: the key acts for its user within its scopes.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { startService, tournamentBody } from "../helpers/service.js";

const PASSWORD = "correct horse battery";
let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

/** A request with the key to a service (requiring keys) opened on the served database for it. */
async function asKey(key: string, method: "GET" | "POST", path: string, body?: unknown) {
  const served = await startService({ dbPath: sb.servedDb, requireAuth: true });
  try {
    return await served.request(method, path, body, { authorization: key });
  } finally {
    served.service.close();
  }
}

describe("tourney serve user", () => {
  it("adds a user with the password from stdin, lists users, refuses bad input with exit 2", async () => {
    const added = await sb.run(
      ["serve", "user", "add", "ada", "--email", "ada@example.com", "--db", sb.servedDb],
      { stdin: `${PASSWORD}\n` },
    );
    expect(added.code, added.stderr).toBe(0);
    expect(added.stderr).toContain("Added user ada");
    expect(added.stdout + added.stderr).not.toContain(PASSWORD);
    const keysOnly = await sb.run([
      "serve",
      "user",
      "add",
      "bot",
      "--no-password",
      "--db",
      sb.servedDb,
    ]);
    expect(keysOnly.code).toBe(0);
    const list = await sb.run(["serve", "user", "list", "--db", sb.servedDb, "--json"]);
    expect(list.json()).toEqual([
      expect.objectContaining({ id: 1, username: "owner", password: false }),
      expect.objectContaining({ username: "ada", email: "ada@example.com", password: true }),
      expect.objectContaining({ username: "bot", password: false, keys: 0 }),
    ]);
    const refusals: [string[], string | undefined, RegExp][] = [
      [["ada"], PASSWORD, /there is a user ada already/],
      [["bad name"], PASSWORD, /a username is 1 to 40 letters/],
      [["eve"], "short", /at least 8 characters/],
      [["eve"], "", /no password on stdin/],
      [["eve", "--email", "not-an-address"], PASSWORD, /not an email address/],
    ];
    for (const [args, stdin, message] of refusals) {
      const r = await sb.run(["serve", "user", "add", ...args, "--db", sb.servedDb], {
        ...(stdin === undefined ? {} : { stdin }),
      });
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr).toMatch(message);
    }
  });

  it("asks for the password twice at a terminal, and refuses two that differ", async () => {
    const answers = ["first password", "other password"];
    const prompter = {
      confirm: async () => true,
      input: async () => "",
      password: async () => answers.shift() ?? "",
    };
    const r = await sb.run(["serve", "user", "add", "ada", "--db", sb.servedDb], {
      tty: true,
      prompter,
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("the two passwords differ");
    const same = ["same password", "same password"];
    const ok = await sb.run(["serve", "user", "add", "ada", "--db", sb.servedDb], {
      tty: true,
      prompter: { ...prompter, password: async () => same.shift() ?? "" },
    });
    expect(ok.code, ok.stderr).toBe(0);
  });

  it("sets a password, the owner's too; an unknown user exits 3", async () => {
    const set = await sb.run(["serve", "user", "password", "owner", "--db", sb.servedDb], {
      stdin: PASSWORD,
    });
    expect(set.code, set.stderr).toBe(0);
    const list = await sb.run(["serve", "user", "list", "--db", sb.servedDb, "--json"]);
    expect(list.json()[0]).toMatchObject({ username: "owner", password: true });
    const unknown = await sb.run(["serve", "user", "password", "nobody", "--db", sb.servedDb], {
      stdin: PASSWORD,
    });
    expect(unknown.code).toBe(3);
  });

  it("removes a user after confirmation: records to the owner, keys refused", async () => {
    await sb.run(["serve", "user", "add", "ada", "--no-password", "--db", sb.servedDb]);
    const key = (
      await sb.run(["serve", "key", "create", "--user", "ada", "--db", sb.servedDb])
    ).stdout.trim();
    const cup = await asKey(
      key,
      "POST",
      "/v2.1/tournaments",
      tournamentBody({ name: "Ada Cup", tournament_type: "swiss", private: true }),
    );
    expect(cup.status).toBe(201);
    const unconfirmed = await sb.run(["serve", "user", "remove", "ada", "--db", sb.servedDb]);
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.stderr).toContain("--yes");
    const removed = await sb.run([
      "serve",
      "user",
      "remove",
      "ada",
      "--db",
      sb.servedDb,
      "--yes",
      "--json",
    ]);
    expect(removed.code).toBe(0);
    expect(removed.json()).toEqual({ username: "ada", removed: true, moved: 1 });
    expect((await asKey(key, "GET", "/v2.1/me")).status).toBe(401);
    expect(
      (await sb.run(["serve", "user", "remove", "owner", "--db", sb.servedDb, "--yes"])).code,
    ).toBe(2);
    expect(
      (await sb.run(["serve", "user", "remove", "ada", "--db", sb.servedDb, "--yes"])).code,
    ).toBe(3);
  });
});

describe("tourney serve key create --user --scope", () => {
  it("makes a key that acts for the user within its scopes; key list shows both", async () => {
    await sb.run(["serve", "user", "add", "ada", "--no-password", "--db", sb.servedDb]);
    const made = await sb.run([
      "serve",
      "key",
      "create",
      "--label",
      "ci",
      "--user",
      "ada",
      "--scope",
      "me,tournaments:read",
      "--db",
      sb.servedDb,
      "--json",
    ]);
    expect(made.code, made.stderr).toBe(0);
    const { api_key: key, ...rest } = made.json();
    expect(rest).toEqual({
      id: expect.any(Number),
      label: "ci",
      user: "ada",
      scopes: ["me", "tournaments:read"],
    });
    expect((await asKey(key, "GET", "/v2.1/me")).json.data.attributes.username).toBe("ada");
    const refused = await asKey(
      key,
      "POST",
      "/v2.1/tournaments",
      tournamentBody({ name: "No", tournament_type: "swiss" }),
    );
    expect(refused.status).toBe(403);
    expect(refused.json.errors[0].detail).toContain("tournaments:write");
    const list = await sb.run(["serve", "key", "list", "--db", sb.servedDb, "--json"]);
    expect(list.json()).toEqual([
      expect.objectContaining({ label: "ci", username: "ada", scopes: "me,tournaments:read" }),
    ]);
    const table = await sb.run(["serve", "key", "list", "--db", sb.servedDb]);
    expect(table.stdout).toMatch(/\tci\tada\tme,tournaments:read\t/);
  });

  it("refuses an unknown scope (exit 2) and an unknown user (exit 3), making no key", async () => {
    const scope = await sb.run(["serve", "key", "create", "--scope", "admin", "--db", sb.servedDb]);
    expect(scope.code).toBe(2);
    expect(scope.stderr).toContain("unknown scope admin");
    const user = await sb.run(["serve", "key", "create", "--user", "nobody", "--db", sb.servedDb]);
    expect(user.code).toBe(3);
    expect(user.stderr).toContain("no user nobody");
    const list = await sb.run(["serve", "key", "list", "--db", sb.servedDb, "--json"]);
    expect(list.json()).toEqual([]);
  });
});
