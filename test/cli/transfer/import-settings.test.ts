/**
 * Import into a tournament of the same url whose settings shaping the competition differ from
 * the file's (ranking, third place, ...): refused (exit 5) before anything is sent, naming each
 * setting with the file's and the target's values and the way out; the target's settings are
 * never changed by the import. Before, only the name and type were compared: a round robin
 * ranked by points scored imported into one ranked by match wins gave other final ranks, and a
 * third-place match the target did not have shifted the identifiers, exit 0 (a reviewer found
 * it). Settings that shape nothing (description, game name) may differ.
 */
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../../helpers/cli.js";
import { ok } from "../../helpers/cli-tournament.js";

let source: Sandbox;
let target: Sandbox;
beforeEach(() => {
  source = createSandbox();
  target = createSandbox();
});
afterEach(() => {
  source.cleanup();
  target.cleanup();
});

/** `url` exported from the source into a file; its path. */
async function exportFile(url: string): Promise<string> {
  const file = join(source.dir, `${url}.json`);
  ok(await source.run(["tournament", "export", url, "--output", file]));
  return file;
}

async function league(): Promise<string> {
  const run = async (...args: string[]) => ok(await source.run(args));
  await run(
    "tournament",
    "create",
    "--name",
    "League",
    "--type",
    "round robin",
    "--ranking",
    "points scored",
  );
  await run("participants", "bulk-add", "league", "Ann", "Bob", "Cat");
  await run("tournament", "start", "league");
  await run("match", "report", "league", "A", "--winner", "id:2", "--scores", "1-0");
  await run("match", "report", "league", "B", "--winner", "id:1", "--scores", "1-0");
  await run("match", "report", "league", "C", "--winner", "id:3", "--scores", "9-0");
  await run("tournament", "finalize", "league");
  return exportFile("league");
}

const ranksOf = async (sb: Sandbox, url: string) =>
  ok(await sb.run(["tournament", "export", url])).json().final_ranks;

it("another ranking, target pending: refused naming it, nothing sent; aligned, the same ranks", async () => {
  const file = await league();
  ok(await target.run(["tournament", "create", "--name", "League", "--type", "round robin"]));
  const r = await target.run(["tournament", "import", file]);
  expect([r.code, r.stdout, r.stderr]).toEqual([
    5,
    "",
    `error: the target's tournament league has other settings than the file's; its engine would pair or rank it otherwise
  round_robin_options.ranking: file "points scored", target "match wins"
nothing was sent; while it is pending, give it the file's settings (tourney tournament update league --set round_robin_options.ranking='points scored') and import again; once started, delete it (tourney tournament delete league) or import the file under another url (change "url" in its "tournament")
`,
  ]);
  const people = ok(await target.run(["participants", "list", "league", "--json", "name"])).json();
  expect(people).toEqual([]);
  // The way out the message gives, taken as it is written.
  ok(
    await target.run([
      "tournament",
      "update",
      "league",
      "--set",
      "round_robin_options.ranking=points scored",
    ]),
  );
  ok(await target.run(["tournament", "import", file]));
  expect(await ranksOf(target, "league")).toEqual(await ranksOf(source, "league"));
  expect((await ranksOf(target, "league")).map((x: any) => x.participant)).toEqual([
    "Cat",
    "Ann",
    "Bob",
  ]);
});

it("a third-place match the target lacks, target started: refused, naming it; nothing sent", async () => {
  const run = async (...args: string[]) => ok(await source.run(args));
  await run("tournament", "create", "--name", "Cup", "--third-place");
  await run("participants", "bulk-add", "cup", "Ann", "Bob", "Cy", "Dee");
  await run("tournament", "start", "cup");
  await run("match", "report", "cup", "A", "--winner", "Ann", "--scores", "2-0");
  const file = await exportFile("cup");
  ok(await target.run(["tournament", "create", "--name", "Cup"]));
  ok(await target.run(["participants", "bulk-add", "cup", "Ann", "Bob", "Cy", "Dee"]));
  ok(await target.run(["tournament", "start", "cup"]));
  const r = await target.run(["tournament", "import", file]);
  expect(r.code).toBe(5);
  expect(r.stderr).toContain(
    "\n  match_options.consolation_matches_target_rank: file 3, target null\n",
  );
  const open = ok(await target.run(["tournament", "export", "cup"])).json();
  expect(open.matches.filter((m: any) => m.state === "complete")).toEqual([]);
});

it("settings that shape nothing (description, game name) may differ: imported", async () => {
  const file = await league();
  ok(
    await target.run([
      "tournament",
      "create",
      "--name",
      "League",
      "--type",
      "round robin",
      "--ranking",
      "points scored",
      "--description",
      "ours",
      "--game",
      "Chess",
    ]),
  );
  ok(await target.run(["tournament", "import", file]));
  expect(await ranksOf(target, "league")).toEqual(await ranksOf(source, "league"));
});
