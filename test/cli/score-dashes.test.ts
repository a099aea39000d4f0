/**
 * `--scores` with the dash a phone keyboard or copy-paste gives (an outside review: `--scores
 * 3–1`, an en dash, was refused as not "sets like 3-1"): en dash, em dash and minus sign are
 * read as the hyphen, through `match report` to the stored result.
 */
import { afterEach, beforeEach, expect, it } from "vitest";
import { parseScores } from "../../src/cli/commands/match/report-input.js";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { createWith, ok, viewMatch } from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

it("match report --scores '3–1,1−3,3—0' (en dash, minus sign, em dash) stores 3-1, 1-3, 3-0", async () => {
  await createWith(sb, ["--name", "Cup"], ["Ann", "Bob"]);
  ok(await sb.run(["tournament", "start", "cup"]));
  const r = await sb.run([
    "match",
    "report",
    "cup",
    "A",
    "--winner",
    "Ann",
    "--scores",
    "3\u20131, 1 \u2212 3,3\u20140",
  ]);
  expect([r.code, r.stderr]).toEqual([0, ""]);
  const match = await viewMatch(sb, "cup", "A");
  expect([match.state, match.score_in_sets]).toEqual([
    "complete",
    [
      [3, 1],
      [1, 3],
      [3, 0],
    ],
  ]);
});

it("every dash of the list, and a fullwidth hyphen-minus; other text still refused", () => {
  for (const dash of [
    "\u2010",
    "\u2011",
    "\u2012",
    "\u2013",
    "\u2014",
    "\u2015",
    "\u2212",
    "\uFE63",
    "\uFF0D",
  ])
    expect(parseScores(`2${dash}0`), dash).toEqual([[2, 0]]);
  expect(() => parseScores("3~1")).toThrow("--scores takes sets like 3-1,2-3,3-0");
  expect(() => parseScores("3\u20131\u20132")).toThrow("--scores takes sets like");
});
