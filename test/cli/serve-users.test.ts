/**
 * `tourney serve user add|list|remove|password` and `serve key create --user
 * --scope`, `serve key list` through the CLI harness, checked against a service
 * on the database they write: the key acts for its user within its scopes.
 */
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openService } from "../../src/service/index.js";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { tournamentBody } from "../helpers/service.js";

const PASSWORD = "correct horse battery";
let sb: Sandbox;
let db: string;
beforeEach(() => {
  sb = createSandbox();
  db = join(sb.dir, "served.db");
});
afterEach(() => sb.cleanup());

async function asKey(key: string, method: "GET" | "POST", path: string, body?: unknown) {
  const service = await openService({ dbPath: db, requireAuth: true });
  try {
    const r = await service.handle({
      method,
      path,
      headers: { authorization: key, "content-type": "application/vnd.api+json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: r.status, json: JSON.parse(r.body) };
  } finally {
    service.close();
  }
}

describe("tourney serve user", () => {
  it("adds a user with the password from stdin, lists users, refuses bad input with exit 2", async () => {
    const added = await sb.run(
      ["serve", "user", "add", "ada", "--email", "ada@example.com", "--db", db],
      { stdin: `${PASSWORD}\n` },
    );
    expect(added.code, added.stderr).toBe(0);
    expect(added.stderr).toContain("Added user ada");
    expect(added.stdout + added.stderr).not.toContain(PASSWORD);
    const keysOnly = await sb.run(["serve", "user", "add", "bot", "--no-password", "--db", db]);
    expect(keysOnly.code).toBe(0);
    const list = await sb.run(["serve", "user", "list", "--db", db, "--json"]);
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
      const r = await sb.run(["serve", "user", "add", ...args, "--db", db], {
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
    const r = await sb.run(["serve", "user", "add", "ada", "--db", db], { tty: true, prompter });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("the two passwords differ");
    const same = ["same password", "same password"];
    const ok = await sb.run(["serve", "user", "add", "ada", "--db", db], {
      tty: true,
      prompter: { ...prompter, password: async () => same.shift() ?? "" },
    });
    expect(ok.code, ok.stderr).toBe(0);
  });

  it("sets a password, the owner's too; an unknown user exits 3", async () => {
    const set = await sb.run(["serve", "user", "password", "owner", "--db", db], {
      stdin: PASSWORD,
    });
    expect(set.code, set.stderr).toBe(0);
    const list = await sb.run(["serve", "user", "list", "--db", db, "--json"]);
    expect(list.json()[0]).toMatchObject({ username: "owner", password: true });
    const unknown = await sb.run(["serve", "user", "password", "nobody", "--db", db], {
      stdin: PASSWORD,
    });
    expect(unknown.code).toBe(3);
  });

  it("removes a user after confirmation: records to the owner, keys refused", async () => {
    await sb.run(["serve", "user", "add", "ada", "--no-password", "--db", db]);
    const key = (
      await sb.run(["serve", "key", "create", "--user", "ada", "--db", db])
    ).stdout.trim();
    const cup = await asKey(
      key,
      "POST",
      "/v2.1/tournaments",
      tournamentBody({ name: "Ada Cup", tournament_type: "swiss", private: true }),
    );
    expect(cup.status).toBe(201);
    const unconfirmed = await sb.run(["serve", "user", "remove", "ada", "--db", db]);
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.stderr).toContain("--yes");
    const removed = await sb.run(["serve", "user", "remove", "ada", "--db", db, "--yes", "--json"]);
    expect(removed.code).toBe(0);
    expect(removed.json()).toEqual({ username: "ada", removed: true, moved: 1 });
    expect((await asKey(key, "GET", "/v2.1/me")).status).toBe(401);
    expect((await sb.run(["serve", "user", "remove", "owner", "--db", db, "--yes"])).code).toBe(2);
    expect((await sb.run(["serve", "user", "remove", "ada", "--db", db, "--yes"])).code).toBe(3);
  });
});

describe("tourney serve key create --user --scope", () => {
  it("makes a key that acts for the user within its scopes; key list shows both", async () => {
    await sb.run(["serve", "user", "add", "ada", "--no-password", "--db", db]);
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
      db,
      "--json",
    ]);
    expect(made.code, made.stderr).toBe(0);
    const { api_key: key, ...rest } = made.json();
    expect(rest).toEqual({ label: "ci", user: "ada", scopes: ["me", "tournaments:read"] });
    expect((await asKey(key, "GET", "/v2.1/me")).json.data.attributes.username).toBe("ada");
    const refused = await asKey(
      key,
      "POST",
      "/v2.1/tournaments",
      tournamentBody({ name: "No", tournament_type: "swiss" }),
    );
    expect(refused.status).toBe(403);
    expect(refused.json.errors[0].detail).toContain("tournaments:write");
    const list = await sb.run(["serve", "key", "list", "--db", db, "--json"]);
    expect(list.json()).toEqual([
      expect.objectContaining({ label: "ci", username: "ada", scopes: "me,tournaments:read" }),
    ]);
    const table = await sb.run(["serve", "key", "list", "--db", db]);
    expect(table.stdout).toMatch(/\tci\tada\tme,tournaments:read\t/);
  });

  it("refuses an unknown scope (exit 2) and an unknown user (exit 3), making no key", async () => {
    const scope = await sb.run(["serve", "key", "create", "--scope", "admin", "--db", db]);
    expect(scope.code).toBe(2);
    expect(scope.stderr).toContain("unknown scope admin");
    const user = await sb.run(["serve", "key", "create", "--user", "nobody", "--db", db]);
    expect(user.code).toBe(3);
    expect(user.stderr).toContain("no user nobody");
    const list = await sb.run(["serve", "key", "list", "--db", db, "--json"]);
    expect(list.json()).toEqual([]);
  });
});
