/**
 * `tourney serve key create`, `app add`, `user add` and `community add` write the database
 * themselves: their `--json` fields are checked before the write (exit 2, nothing made), and
 * a failure to print after it (here --jq failing on the result) exits 8 saying what was made,
 * and, for a secret shown once, how to undo it. Before, `--json id` of a key (no such field)
 * exited 2 after the key was made, its secret never shown (review I, 5).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

const db = () => ["--db", sb.servedDb];
/** `serve key create --label ci` on the sandbox's served database, `extra` added. */
const createCiKey = (...extra: string[]) =>
  sb.run(["serve", "key", "create", "--label", "ci", ...db(), ...extra]);
const labels = async () =>
  (await sb.run(["serve", "key", "list", ...db(), "--json", "label"]))
    .json()
    .map((k: { label: string }) => k.label);

describe("serve admin verbs: output checked before, said after", () => {
  it("key create --json id prints the key's id, which key revoke takes", async () => {
    const made = await createCiKey("--json", "id,api_key");
    expect(made.code, made.stderr).toBe(0);
    const { id, api_key } = made.json();
    expect(typeof id).toBe("number");
    expect(api_key).toMatch(/^tk_/);
    const listed = await sb.run(["serve", "key", "list", ...db(), "--json", "id,label"]);
    expect(listed.json()).toContainEqual({ id, label: "ci" });
    const revoked = await sb.run(["serve", "key", "revoke", String(id), ...db()]);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(await labels()).not.toContain("ci");
  });

  it.each([
    [["serve", "key", "create", "--label", "ci"]],
    [["serve", "app", "add", "ciapp", "--confidential"]],
    [["serve", "user", "add", "ciuser", "--no-password"]],
    [["serve", "community", "add", "ciclub"]],
  ])("%j --json nosuch: exit 2, nothing made", async (args) => {
    const r = await sb.run([...args, ...db(), "--json", "nosuch"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown JSON field "nosuch"/);
    expect(r.stdout).toBe("");
    expect(await labels()).not.toContain("ci");
    const apps = await sb.run(["serve", "app", "list", ...db(), "--json", "name"]);
    expect(apps.json()).toEqual([]);
    const users = await sb.run(["serve", "user", "list", ...db(), "--json", "username"]);
    expect(users.json().map((u: { username: string }) => u.username)).not.toContain("ciuser");
    const clubs = await sb.run(["serve", "community", "list", ...db(), "--json", "identifier"]);
    expect(clubs.json()).toEqual([]);
  });

  it("key create whose output fails after the write: exit 8, the key named, and the revoke that undoes it", async () => {
    const r = await createCiKey("--jq", 'error("x")');
    expect(r.code).toBe(8);
    const [done, error, hint] = r.stderr.trim().split("\n");
    const id =
      /^done: the change was made \(API key (\d+) "ci" created in (.+)\); do not run the command again$/.exec(
        done!,
      );
    expect(id, r.stderr).not.toBeNull();
    expect(id![2]).toBe(sb.servedDb);
    expect(error).toMatch(/^error: printing its result failed: /);
    expect(hint).toBe(
      `hint: its key was not shown and cannot be shown again: \`tourney serve key revoke ${id![1]} --db ${sb.servedDb}\` revokes it; then create another`,
    );
    expect(await labels()).toContain("ci");
    const revoked = await sb.run(["serve", "key", "revoke", id![1]!, ...db()]);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(await labels()).not.toContain("ci");
  });

  it("app add --confidential whose output fails: exit 8, the app named, and its remove", async () => {
    const r = await sb.run([
      "serve",
      "app",
      "add",
      "ciapp",
      "--confidential",
      ...db(),
      "--jq",
      'error("x")',
    ]);
    expect(r.code).toBe(8);
    const m =
      /^done: the change was made \(OAuth application "ciapp" \(client id (\S+)\) registered in .+\); do not run the command again\n/.exec(
        r.stderr,
      );
    expect(m, r.stderr).not.toBeNull();
    expect(r.stderr).toContain(
      `hint: its client secret was not shown and cannot be shown again: \`tourney serve app remove ${m![1]} --db ${sb.servedDb}\` removes it; then add it again`,
    );
    const removed = await sb.run(["serve", "app", "remove", m![1]!, ...db()]);
    expect(removed.code, removed.stderr).toBe(0);
  });

  it.each([
    [
      ["serve", "user", "add", "ciuser", "--no-password"],
      /^done: the change was made \(user ciuser \(id \d+\) added to .+\)/,
    ],
    [
      ["serve", "community", "add", "ciclub"],
      /^done: the change was made \(community ciclub added to .+\)/,
    ],
  ])("%j whose output fails: exit 8 naming what was added", async (args, said) => {
    const r = await sb.run([...args, ...db(), "--jq", 'error("x")']);
    expect(r.code).toBe(8);
    expect(r.stderr).toMatch(said);
  });
});
