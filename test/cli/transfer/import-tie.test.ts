/**
 * `tourney tournament import` of a file holding a tie where the service takes none: in an
 * elimination match (its result must move a winner on), or with scores that are not level.
 * Refused by the file check (exit 2, naming the match, no tournament on the target). Before,
 * the check passed a tie in an elimination match: the import created the tournament, added
 * its participants and started it, then stopped on the refused report (exit 5). The ties a
 * round robin or a swiss holds are imported (round-trip.test.ts plays them).
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
const matchA = (doc: Doc): Doc => doc.matches.find((m: Doc) => m.identifier === "A");

const tie = (m: Doc, sets: number[][]) => {
  m.tie = true;
  m.winner = null;
  m.loser = null;
  m.score_in_sets = sets;
};

const REFUSED: [string, (doc: Doc) => void, RegExp][] = [
  [
    "a tie in a double elimination's match",
    (d) => tie(matchA(d), [[1, 1]]),
    /match final A: is a tie, but it is a double elimination match, which cannot end in one/,
  ],
  [
    "a tie in a single elimination's match",
    (d) => {
      d.tournament.tournament_type = "single elimination";
      tie(matchA(d), [[1, 1]]);
    },
    /match final A: is a tie, but it is a single elimination match, which cannot end in one/,
  ],
  [
    "a tie in a group stage played as single elimination",
    (d) => {
      d.tournament.settings.group_stage_enabled = true;
      d.tournament.settings.group_stage_options.stage_type = "single elimination";
      matchA(d).group = 1;
      tie(matchA(d), [[0, 0]]);
    },
    /match group 1 A: is a tie, but it is a single elimination match, which cannot end in one/,
  ],
  [
    "a tie with scores that are not level",
    (d) => {
      d.tournament.tournament_type = "round robin";
      tie(matchA(d), [[2, 1]]);
    },
    /match final A: is a tie, but its scores 2-1 are not level/,
  ],
];

it.each(REFUSED)(
  "refuses %s with exit 2, naming the match, sending nothing",
  async (_, edit, message) => {
    const doc: Doc = JSON.parse(readFileSync(FIXTURE, "utf8"));
    edit(doc);
    const file = join(h.dir, "edited.json");
    writeFileSync(file, JSON.stringify(doc));
    const error = await runTournamentImport(h.make().factory, { file, force: true }).then(
      () => undefined,
      (e: unknown) => e,
    );
    const outcome = outcomeOf(error);
    expect(outcome.code).toBe(2);
    const text = outcome.lines.join("\n");
    expect(text).toMatch(message);
    expect(text).toMatch(/edited\.json: .*nothing was sent/);
    expect(await (await h.client()).tournaments.listAll()).toEqual([]);
  },
);
