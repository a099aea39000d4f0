/**
 * `--json FIELDS` of the transfer verbs (`tournament import`, `pull`, `publish`, `race import`,
 * `race publish`) naming a field their summary lacks: refused before anything is read or sent
 * (exit 2), as `tournament create` and the other writing verbs refuse it (docs/scripting.md:
 * "a command that writes checks its record's fields before it sends anything"). Before, the
 * check came once the import was made: publish exited 2 with the target changed and no
 * "done:" line, import and pull exited 8 (review I #4 and #10). The other profile is an
 * embedded one on a database of its own (`profile add lan --db`), so both sides are real.
 */
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../../helpers/cli.js";
import { ok } from "../../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(async () => {
  sb = createSandbox();
  ok(await sb.run(["profile", "add", "lan", "--db", join(sb.dir, "lan.db")]));
  ok(await sb.run(["tournament", "create", "--name", "Cup", "--url", "cup"]));
  ok(await sb.run(["participants", "bulk-add", "cup", "Ann", "Bob"]));
  ok(await sb.run(["race", "create", "--name", "Lap", "--url", "lap"]));
});
afterEach(() => sb.cleanup());

/** The urls of the tournaments and races of a profile (`here` for the active one). */
async function urls(profile: "here" | "lan"): Promise<string[]> {
  const on = profile === "here" ? [] : ["--profile", profile];
  const t = ok(await sb.run([...on, "tournament", "list", "--json", "url"])).json();
  const r = ok(await sb.run([...on, "race", "list", "--json", "url"])).json();
  return [...t, ...r].map((x: { url: string }) => x.url);
}

const TOURNAMENT_FIELDS = [
  "added",
  "attachments",
  "checked_in",
  "created",
  "deactivated",
  "misc",
  "open",
  "renamed",
  "reported",
  "skipped",
  "stations",
  "url",
];
const RACE_FIELDS = ["added", "adjusted", "created", "renamed", "rounds", "times", "url"];
const refusal = (fields: readonly string[]) =>
  `error: unknown JSON field "nosuch"; available fields:\n${fields.map((f) => `  ${f}\n`).join("")}`;

describe("publish: nothing sent to the target", () => {
  it.each([
    [["tournament", "publish", "cup", "--to", "lan", "--json", "nosuch"], TOURNAMENT_FIELDS],
    [
      ["tournament", "publish", "cup", "--to", "lan", "--json", "nosuch", "--dry-run"],
      TOURNAMENT_FIELDS,
    ],
    [["race", "publish", "lap", "--to", "lan", "--json", "nosuch"], RACE_FIELDS],
  ])("%j: exit 2, the target unchanged", async (args, fields) => {
    const r = await sb.run(args);
    expect([r.code, r.stdout, r.stderr]).toEqual([2, "", refusal(fields)]);
    expect(await urls("lan")).toEqual([]);
  });

  it("a field the summary has: published, only that field printed", async () => {
    const r = ok(
      await sb.run(["tournament", "publish", "cup", "--to", "lan", "--json", "url,added"]),
    );
    expect(r.json()).toEqual({ url: "cup", added: 2 });
    expect(await urls("lan")).toEqual(["cup"]);
  });
});

describe("pull and import: nothing sent here", () => {
  it("tournament pull --json nosuch: exit 2, nothing pulled", async () => {
    ok(await sb.run(["tournament", "publish", "cup", "--to", "lan"]));
    ok(await sb.run(["tournament", "delete", "cup", "--yes"]));
    const r = await sb.run(["tournament", "pull", "cup", "--from", "lan", "--json", "nosuch"]);
    expect([r.code, r.stdout, r.stderr]).toEqual([2, "", refusal(TOURNAMENT_FIELDS)]);
    expect(await urls("here")).toEqual(["lap"]);
  });

  it.each([
    ["tournament", "cup", TOURNAMENT_FIELDS],
    ["race", "lap", RACE_FIELDS],
  ])("%s import --json nosuch: exit 2, nothing imported", async (noun, url, fields) => {
    const file = join(sb.dir, `${url}.json`);
    ok(await sb.run([noun, "export", url, "--output", file]));
    ok(await sb.run([noun, "delete", url, "--yes"]));
    const before = await urls("here");
    const r = await sb.run([noun, "import", file, "--json", "nosuch"]);
    expect([r.code, r.stdout, r.stderr]).toEqual([2, "", refusal(fields)]);
    expect(await urls("here")).toEqual(before);
    const imported = ok(await sb.run([noun, "import", file, "--json", "url,created"]));
    expect(imported.json()).toEqual({ url, created: true });
  });
});
