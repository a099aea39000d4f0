/**
 * `tourney tournament import` of a hand-edited export with a mistake in it: refused
 * with exit 2 and a message naming the field and what is wrong, before anything is
 * sent (no tournament on the target). Before the check, these were found half-way
 * through the replay (the tournament created: exit 5), crashed (exit 1,
 * "score_in_sets.map is not a function") or were imported as they were (a score
 * giving the match to the other player). `--force` imports such a score, as
 * `match report --force` reported it.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { runTournamentImport } from "../../../src/cli/commands/tournament/import.js";
import { outcomeOf } from "../../../src/cli/exit-codes.js";
import { createFactoryHarness, type FactoryHarness } from "../../helpers/factory.js";

const FIXTURE = "test/fixtures/tournament-export-v1.json";
let h: FactoryHarness;
beforeEach(() => {
  h = createFactoryHarness();
});
afterEach(async () => h.cleanup());

type Doc = Record<string, any>;
const kept = (): Doc => JSON.parse(readFileSync(FIXTURE, "utf8"));
const matchA = (doc: Doc): Doc => doc.matches.find((m: Doc) => m.identifier === "A");

async function imported(doc: Doc, force = false) {
  const file = join(h.dir, "edited.json");
  writeFileSync(file, JSON.stringify(doc));
  const f = h.make();
  const error = await runTournamentImport(f.factory, { file, force }).then(
    () => undefined,
    (e: unknown) => e,
  );
  return { f, outcome: error === undefined ? undefined : outcomeOf(error) };
}

const MISTAKES: [string, (doc: Doc) => void, RegExp][] = [
  [
    "a winner who is not a player",
    (d) => {
      matchA(d).winner = "Zed";
    },
    /matches\[\d+\]\.winner "Zed" is not one of match final A's players \(Player 4, Player 5\)/,
  ],
  [
    "a player who is not a participant",
    (d) => {
      matchA(d).players = ["Player 4", "Zed"];
    },
    /matches\[\d+\]\.players names "Zed", who is not a participant of the file/,
  ],
  [
    "scores written as text",
    (d) => {
      matchA(d).score_in_sets = "2-1";
    },
    /matches\[\d+\]\.score_in_sets must be a list of \[player 1, player 2\] pairs .*not "2-1"/,
  ],
  [
    "players missing",
    (d) => {
      delete matchA(d).players;
    },
    /matches\[\d+\]\.players must be a list of names \(null: not known\), not nothing/,
  ],
  [
    "a name twice",
    (d) => {
      d.participants[1].name = d.participants[0].name;
    },
    /participants\[1\]\.name "Player 1" is there twice/,
  ],
  [
    "a seed that is not a number",
    (d) => {
      d.participants[0].seed = "one";
    },
    /participants\[0\]\.seed must be a whole number from 1, not "one"/,
  ],
  [
    "two matches with one identifier",
    (d) => {
      d.matches[1].identifier = d.matches[0].identifier;
    },
    /matches\[1\] is a second match final A \(identifiers are unique\)/,
  ],
  [
    "a score that contradicts the winner",
    (d) => {
      matchA(d).score_in_sets = [[0, 2]];
    },
    /match final A: its scores 0-2 \(from player 1's side: Player 4 0 sets, Player 5 1 set\) do not give the match to its winner Player 4; nothing was sent \(.*import with --force\)/,
  ],
];

it.each(MISTAKES)(
  "refuses %s with exit 2, naming it, sending nothing",
  async (_, edit, message) => {
    const doc = kept();
    edit(doc);
    const { outcome } = await imported(doc);
    expect(outcome?.code).toBe(2);
    expect(outcome?.lines.join("\n")).toMatch(message);
    expect(outcome?.lines.join("\n")).toMatch(/edited\.json: .*nothing was sent/);
    expect(await (await h.client()).tournaments.listAll()).toEqual([]);
  },
);

it("imports a score that contradicts the winner with --force, as reported", async () => {
  const doc = kept();
  matchA(doc).score_in_sets = [[0, 2]];
  const { f, outcome } = await imported(doc, true);
  expect(outcome).toBeUndefined();
  expect(f.stdout()).toMatch(/^lan_cup_2026: created, 6 participants added, 11 results sent/);
  const matches = await (await h.client()).matches.listAll("lan_cup_2026");
  const a = matches.find((m) => m.attributes.identifier === "A");
  expect(a?.attributes.score_in_sets).toEqual([[0, 2]]);
});
