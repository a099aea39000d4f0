/**
 * `tournament standings` shows a swiss stage's byes as --json does: piped, a `byes` column
 * after `points` when the tournament has a swiss stage (0 in its other stage); on a
 * terminal, a BYES column in a swiss stage's tables. Before, byes were in --json alone,
 * while docs/scripting.md says the piped header names the columns as --json names the
 * fields. A tournament without a swiss stage keeps its columns.
 */
import { afterEach, beforeEach, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { createWith, ok } from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

const FIVE = ["Ada", "Bo", "Cy", "Dee", "Eve"];

async function piped(t: string): Promise<Record<string, string>[]> {
  const [header, ...lines] = ok(await sb.run(["tournament", "standings", t]))
    .stdout.trimEnd()
    .split("\n")
    .map((line) => line.split("\t"));
  return lines.map((cells) => Object.fromEntries(header!.map((h, i) => [h, cells[i]!])));
}

const terminal = async (t: string) =>
  ok(
    await sb.run(["tournament", "standings", t], {
      tty: true,
      env: { NO_COLOR: "1", COLUMNS: "200" },
    }),
  ).stdout;

it("swiss: piped rows carry byes after points, as --json; the table a BYES column", async () => {
  const { t } = await createWith(sb, ["--name", "Sw", "--type", "swiss"], FIVE);
  ok(await sb.run(["tournament", "start", t]));
  const json = ok(await sb.run(["tournament", "standings", t, "--json"])).json();
  const holder = json.find((r: { byes: number }) => r.byes === 1);
  expect(holder).toBeDefined();
  const header = ok(await sb.run(["tournament", "standings", t])).stdout.split("\n")[0]!;
  expect(header.split("\t").slice(12, 14)).toEqual(["points", "byes"]);
  const rows = await piped(t);
  expect(rows.map((r) => [r.name, Number(r.byes)])).toEqual(
    json.map((r: { name: string; byes: number }) => [r.name, r.byes]),
  );
  const table = await terminal(t);
  expect(table).toMatch(/ POINTS +BYES/);
  expect(table).toMatch(new RegExp(`^\\d+ +${holder.participant_id} +${holder.name} .* 1 +1`, "m"));
});

it("swiss groups (6 by 3): each group's bye piped, and a BYES column in each group's table", async () => {
  const { t } = await createWith(
    sb,
    [
      "--name",
      "Two",
      "--group-stage",
      "--stage-type",
      "swiss",
      "--group-size",
      "3",
      "--advance-per-group",
      "1",
    ],
    ["Ada", "Bo", "Cy", "Dee", "Eve", "Fay"],
  );
  ok(await sb.run(["tournament", "start-group-stage", t]));
  const rows = await piped(t);
  expect(rows.length).toBe(6);
  expect(rows.every((r) => r.stage === "group" && (r.byes === "0" || r.byes === "1"))).toBe(true);
  expect(rows.filter((r) => r.byes === "1").length).toBe(2);
  const table = await terminal(t);
  expect(table.match(/ POINTS +BYES/g)?.length).toBe(2);
});

it("round robin: no byes column, piped or on a terminal", async () => {
  const { t } = await createWith(sb, ["--name", "Rr", "--type", "round robin"], FIVE);
  ok(await sb.run(["tournament", "start", t]));
  const header = ok(await sb.run(["tournament", "standings", t])).stdout.split("\n")[0]!;
  expect(header.split("\t")).not.toContain("byes");
  expect(await terminal(t)).not.toContain("BYES");
});
