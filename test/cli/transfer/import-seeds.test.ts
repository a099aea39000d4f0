/**
 * `tournament import` of a file whose seeds are not 1 to the participants' count, each once
 * (a hand edit): refused by the file check, exit 2 naming the participant, nothing sent.
 * Before, the import created the tournament on the target, then its bulk add was refused
 * ("seed 1 is given twice in this request", "seed must be between 1 and 4, not 9"), exit 5.
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

const MISTAKES: [string, (doc: Doc) => void, RegExp][] = [
  [
    "a seed twice",
    (d) => {
      d.participants[1].seed = d.participants[0].seed;
    },
    /participants\[1\]\.seed is 1, participants\[0\]'s seed too/,
  ],
  [
    "a seed past the count",
    (d) => {
      d.participants[1].seed = d.participants.length + 5;
    },
    /participants\[1\]\.seed is \d+, past the \d+ participants/,
  ],
];

it.each(MISTAKES)("refuses %s with exit 2, sending nothing", async (_, edit, message) => {
  const doc: Doc = JSON.parse(readFileSync(FIXTURE, "utf8"));
  edit(doc);
  const file = join(h.dir, "edited.json");
  writeFileSync(file, JSON.stringify(doc));
  const error = await runTournamentImport(h.make().factory, { file }).then(
    () => undefined,
    (e: unknown) => e,
  );
  const outcome = outcomeOf(error);
  expect(outcome.code).toBe(2);
  expect(outcome.lines.join("\n")).toMatch(message);
  expect(outcome.lines.join("\n")).toMatch(/edited\.json: .*nothing was sent/);
  expect(await (await h.client()).tournaments.listAll()).toEqual([]);
});
