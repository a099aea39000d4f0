/**
 * A confirming verb looks its target up before it asks: a tournament, race, round, match,
 * attachment or user that is not there exits 3 ("not found"), a profile that is not there
 * gets the profile's "does not exist" (exit 2), without a terminal and without --yes, as
 * `tournament delete` does. Before, `participants clear nope`, `profile remove nope` and
 * others said "pass --yes to confirm without a prompt" (exit 2), and only a run with --yes
 * told the real reason (review I #13). Embedded, and remote (serve's HTTP adapter on
 * loopback, in process); a target that is there is still asked about.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openService, startHttpServer } from "../../src/service/index.js";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { createGrandPrix, createWith, ok } from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

/** Exit 3, the service's "not found", and no word of --yes. */
async function expectNotFound(args: readonly string[], said: string | RegExp): Promise<void> {
  const r = await sb.run(args);
  expect(r.stderr).toMatch(said);
  expect(r.stderr).not.toContain("--yes");
  expect(r.code, r.stderr).toBe(3);
}

/** Still asked about: without a terminal, the "pass --yes" refusal (exit 2). */
async function expectAsked(args: readonly string[]): Promise<void> {
  const r = await sb.run(args);
  expect(r.stderr).toContain("pass --yes");
  expect(r.code).toBe(2);
}

const MISSING: readonly (readonly string[])[] = [
  ["participants", "clear", "nope"],
  ["participants", "unregister", "nope"],
  ["race", "participants", "clear", "nope"],
  ["race", "round", "reset", "nope", "1"],
  ["attachment", "delete", "nope", "A", "1"],
  ["attachment", "delete", "nope", "1", "1"],
];

describe("embedded: the target is looked up before the confirmation", () => {
  it.each(MISSING)("%s %s %s: exit 3, not found", async (...args) => {
    await expectNotFound(args, /not found/);
  });

  it("a round or an attachment that is not there: exit 3; one that is: asked", async () => {
    const { race } = await createGrandPrix(sb, 2, ["Ada", "Bo"]);
    ok(await sb.run(["race", "start", race]));
    await expectNotFound(["race", "round", "reset", race, "9"], /not found/);
    await expectAsked(["race", "round", "reset", race, "1"]);

    await createWith(
      sb,
      ["--name", "Cup", "--set", "match_options.accept_attachments=true"],
      ["P1", "P2"],
    );
    ok(await sb.run(["tournament", "start", "cup"]));
    await expectNotFound(["attachment", "delete", "cup", "A", "7"], "attachment 7 not found");
    const added = ok(
      await sb.run(["attachment", "add", "cup", "A", "--description", "x", "--json"]),
    );
    await expectAsked(["attachment", "delete", "cup", "A", String(added.json().id)]);
    await expectAsked(["participants", "clear", "cup"]);
    await expectAsked(["race", "participants", "clear", race]);
  });

  it("profile remove: a profile not there is said so (exit 2); local cannot go; one there is asked", async () => {
    const missing = await sb.run(["profile", "remove", "nope"]);
    expect(missing.stderr).toContain("profile 'nope' does not exist");
    expect(missing.stderr).not.toContain("--yes");
    expect(missing.code).toBe(2);
    const local = await sb.run(["profile", "remove", "local"]);
    expect(local.stderr).toContain("built-in profile and cannot be removed");
    expect(local.stderr).not.toContain("--yes");
    expect(local.code).toBe(2);
    ok(await sb.run(["profile", "add", "lan", "--base-url", "http://127.0.0.1:9"]));
    await expectAsked(["profile", "remove", "lan"]);
  });

  it("serve user remove: a user not there exits 3; one there (any case) is asked", async () => {
    await expectNotFound(["serve", "user", "remove", "nope", "--db", sb.servedDb], "no user nope");
    ok(await sb.run(["serve", "user", "add", "ada", "--no-password", "--db", sb.servedDb]));
    await expectAsked(["serve", "user", "remove", "Ada", "--db", sb.servedDb]);
  });
});

describe("remote: the target is looked up before the confirmation", () => {
  it("clear, unregister, round reset, attachment delete of what is not there: exit 3", async () => {
    const key = ok(await sb.run(["serve", "key", "create", "--db", sb.servedDb, "--json"])).json();
    const service = await openService({ dbPath: sb.servedDb });
    const server = await startHttpServer(service, { host: "127.0.0.1", port: 0 });
    try {
      const url = `http://127.0.0.1:${server.port}`;
      ok(await sb.run(["profile", "add", "lan", "--base-url", url]));
      ok(await sb.run(["login", "--profile", "lan", "--api-key"], { stdin: `${key.api_key}\n` }));
      for (const args of MISSING) await expectNotFound(["--profile", "lan", ...args], /not found/);
      ok(await sb.run(["--profile", "lan", "tournament", "create", "--name", "Cup"]));
      await expectAsked(["--profile", "lan", "participants", "clear", "cup"]);
    } finally {
      await server.close();
      service.close();
    }
  });
});
