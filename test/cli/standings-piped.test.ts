/**
 * Issue 26, item 12: piped standings have a header line and the same columns on every
 * row; a two-stage tournament's group rows (with tie-breaks) and final rows (without)
 * were 16 and 13 columns in one stream.
 */
import { afterEach, beforeEach, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { ok } from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

it("a header naming the JSON fields, then every stage's rows with as many columns", async () => {
  ok(await sb.run(["demo", "--keep", "--seed", "3"]));
  const lines = ok(await sb.run(["tournament", "standings", "1"]))
    .stdout.trimEnd()
    .split("\n");
  const rows = lines.map((line) => line.split("\t"));
  expect(rows[0]!.slice(0, 5)).toEqual(["stage", "group_id", "rank", "participant_id", "name"]);
  expect(rows[0]).toContain("match wins vs tied");
  expect(new Set(rows.map((r) => r.length))).toEqual(new Set([rows[0]!.length]));
  const stages = new Set(rows.slice(1).map((r) => r[0]));
  expect(stages).toEqual(new Set(["group", "final"]));
  const finalRow = rows.find((r) => r[0] === "final")!;
  expect(finalRow.at(-1)).toBe("-");
});
