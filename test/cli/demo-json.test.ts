/**
 * Issue 26, item 10: `tourney demo --json` prints its events as NDJSON (it drew the
 * bracket on stdout and ignored --json): one JSON object a line, a `round.played` per
 * round with the matches as reported, then `demo.finished` with the final ranks.
 */
import { afterEach, beforeEach, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { ok } from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

it("one event a line, rounds then the final ranks; --jq filters the events", async () => {
  const r = ok(await sb.run(["demo", "--json", "--seed", "7"]));
  const lines = r.stdout.trimEnd().split("\n");
  const events = lines.map((line) => JSON.parse(line));
  expect(events.map((e) => `${e.type} ${e.stage ?? ""} ${e.round ?? ""}`.trim())).toEqual([
    "round.played group 1",
    "round.played group 2",
    "round.played group 3",
    "round.played final 1",
    "round.played final 2",
    "demo.finished",
  ]);
  expect(events[0].matches).toHaveLength(4);
  expect(events[0].matches.every((m: { state: string }) => m.state === "complete")).toBe(true);
  const finished = events.at(-1);
  expect(finished.seed).toBe(7);
  expect(finished.ranks.map((x: { rank: number }) => x.rank)).toEqual([1, 2, 3, 4]);
  const first = ok(
    await sb.run([
      "demo",
      "--seed",
      "7",
      "-q",
      'select(.type == "demo.finished") | .ranks[0].name',
    ]),
  );
  expect(first.stdout).toBe(`${finished.ranks[0].name}\n`);
});
