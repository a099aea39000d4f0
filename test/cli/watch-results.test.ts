/**
 * `tourney watch` at a terminal tells a result as reported (an outside review of the League
 * example in docs/tournaments.md): the scores given to `match report --scores`, the winner's
 * first ("Grace won 3-1 against Ada", reported 1-3 with Grace player 2), a tie's player 1's
 * first as `match view` shows them ("Grace and Linus tied 1-1"), a result reported without
 * scores said so. Before, the sets won, and a tie as if a winner: "complete: tie won 0 - 0
 * (Grace vs Linus)", "Grace won 0 - 1 (Ada vs Grace)": player 1's sets won.
 */
import { afterAll, expect, it } from "vitest";
import { createSandbox } from "../helpers/cli.js";
import { ok } from "../helpers/cli-tournament.js";

const sb = createSandbox();
afterAll(() => sb.cleanup());

it("a tie, a win by player 2 with its scores, a win without scores", async () => {
  ok(await sb.run(["tournament", "create", "--name", "League", "--type", "round robin"]));
  ok(await sb.run(["participants", "bulk-add", "league", "Ada", "Grace", "Linus"]));
  ok(await sb.run(["tournament", "start", "league"]));
  const players = ok(await sb.run(["match", "list", "league", "--json"]))
    .json()
    .map((m: { identifier: string }) => m.identifier);
  expect(players).toEqual(["A", "B", "C"]);
  // A is Grace v Linus, B Ada v Grace, C Linus v Ada (match list, player 1 first).
  ok(await sb.run(["match", "report", "league", "A", "--tie", "--scores", "1-1"]));
  ok(await sb.run(["match", "report", "league", "B", "--winner", "Grace", "--scores", "1-3"]));
  ok(await sb.run(["match", "report", "league", "C", "--winner", "Ada"]));
  ok(await sb.run(["tournament", "finalize", "league", "--yes"]));
  const r = ok(
    await sb.run(["watch", "league", "--since", "1h", "--until", "complete"], {
      tty: true,
      env: { NO_COLOR: "1" },
    }),
  );
  const lines = r.stdout.split("\n").filter((l) => l.includes(" complete: "));
  expect(lines.map((l) => l.replace(/^\S+ {2}League: /, ""))).toEqual([
    "match A (round 1) complete: Grace and Linus tied 1-1",
    "match B (round 2) complete: Grace won 3-1 against Ada",
    "match C (round 3) complete: Ada won against Linus (no scores)",
  ]);
  // Piped, each event tells the scores as reported too, player 1's first.
  const piped = ok(
    await sb.run(["watch", "league", "--since", "1h", "--until", "complete", "--json"]),
  );
  const results = piped.stdout
    .trimEnd()
    .split("\n")
    .map((l) => JSON.parse(l))
    .filter((e) => e.type === "match.completed")
    .map((e) => [e.match.identifier, e.match.score_in_sets]);
  expect(results).toEqual([
    ["A", [[1, 1]]],
    ["B", [[1, 3]]],
    ["C", []],
  ]);
});
