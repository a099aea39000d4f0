/**
 * Stations during a group stage, through the command line: every group has its
 * match A, B, ..., so `station assign` and `station queue add|move|remove` take
 * `--group`, as the ambiguity error says (before, these verbs had no such flag:
 * "unknown option '--group'", exit 2, while the error told to give it).
 */
import { afterEach, beforeEach, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { ok } from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

async function groupStage(): Promise<(group: number, identifier: string) => number> {
  const create = ["tournament", "create", "--name", "Groups", "--type", "single elimination"];
  ok(await sb.run([...create, "--group-stage", "--group-size", "4", "--advance-per-group", "2"]));
  const names = Array.from({ length: 8 }, (_, i) => `Player ${i + 1}`).join("\n");
  ok(await sb.run(["participants", "bulk-add", "groups"], { stdin: `${names}\n` }));
  ok(await sb.run(["tournament", "start-group-stage", "groups"]));
  ok(await sb.run(["station", "create", "groups", "Table 1"]));
  const matches: any[] = ok(await sb.run(["match", "list", "groups", "--json"])).json();
  const groups = [...new Set(matches.map((m) => m.group_id))];
  return (group, identifier) =>
    Number(matches.find((m) => m.identifier === identifier && m.group_id === groups[group]).id);
}

const queue = async () =>
  ok(await sb.run(["station", "queue", "list", "groups", "Table 1", "--json"]))
    .json()
    .map((q: any) => Number(q.match_id));

it("assign and queue add, move, remove name a group's match with --group", async () => {
  const idOf = await groupStage();
  const refused = await sb.run(["station", "assign", "groups", "Table 1", "A"]);
  expect(refused.code).toBe(2);
  expect(refused.stderr).toMatch(/ambiguous.*or its group with --group/);
  ok(await sb.run(["station", "assign", "groups", "Table 1", "A", "--group", "B"]));
  const [station] = ok(await sb.run(["station", "list", "groups", "--json"])).json();
  expect(Number(station.match_id)).toBe(idOf(1, "A"));
  ok(await sb.run(["station", "queue", "add", "groups", "Table 1", "B", "--group", "A"]));
  ok(await sb.run(["station", "queue", "add", "groups", "Table 1", "B", "--group", "B"]));
  ok(await sb.run(["station", "queue", "move", "groups", "Table 1", "B", "1", "--group", "B"]));
  expect(await queue()).toEqual([idOf(1, "B"), idOf(0, "B")]);
  ok(await sb.run(["station", "queue", "remove", "groups", "Table 1", "B", "--group", "A"]));
  expect(await queue()).toEqual([idOf(1, "B")]);
});

it("station list and station queue list show the group of a match, as match list does", async () => {
  const idOf = await groupStage();
  const matches: any[] = ok(await sb.run(["match", "list", "groups", "--json"])).json();
  const groupOf = (id: number) => matches.find((m) => Number(m.id) === id).group_id;
  ok(await sb.run(["station", "create", "groups", "Table 2"]));
  ok(await sb.run(["station", "assign", "groups", "Table 1", "A", "--group", "B"]));
  ok(await sb.run(["station", "queue", "add", "groups", "Table 1", "A", "--group", "A"]));
  ok(await sb.run(["station", "queue", "add", "groups", "Table 1", "B", "--group", "B"]));
  const [a1, a0, b1] = [idOf(1, "A"), idOf(0, "A"), idOf(1, "B")];
  expect(groupOf(a1)).not.toBe(groupOf(a0));

  // Piped (tsv): ID, NAME, MATCH ID, MATCH, GROUP, STREAM URL, DETAILS.
  const stations = ok(await sb.run(["station", "list", "groups"]))
    .stdout.trim()
    .split("\n")
    .map((line) => line.split("\t").slice(1, 5));
  expect(stations).toEqual([
    ["Table 1", String(a1), "A", String(groupOf(a1))],
    ["Table 2", "-", "-", "-"],
  ]);
  const entries = ok(await sb.run(["station", "queue", "list", "groups", "Table 1"]))
    .stdout.trim()
    .split("\n")
    .map((line) => line.split("\t").slice(0, 4));
  expect(entries).toEqual([
    ["1", String(a0), "A", String(groupOf(a0))],
    ["2", String(b1), "B", String(groupOf(b1))],
  ]);
  const table = await sb.run(["station", "list", "groups"], { tty: true });
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the table's bold headers
  expect(table.stdout.replace(/\x1b\[[0-9;]*m/g, "")).toMatch(/MATCH\s+GROUP$/m);
});
