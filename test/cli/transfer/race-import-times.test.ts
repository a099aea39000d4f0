/**
 * `tourney race import` of a file whose round times the service would refuse: a
 * participant timed twice in one round, a time of 100 hours or more. Refused by the
 * file check (exit 2, naming the field, no race on the target). Before, the check
 * passed them: the import created the race, added its participants and started it,
 * then stopped (exit 5) on the round's times.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { runRaceImport } from "../../../src/cli/commands/race/import.js";
import { outcomeOf } from "../../../src/cli/exit-codes.js";
import { createFactoryHarness, type FactoryHarness } from "../../helpers/factory.js";

const FIXTURE = "test/fixtures/race-export-v1.json";
let h: FactoryHarness;
beforeEach(() => {
  h = createFactoryHarness();
});
afterEach(async () => h.cleanup());

type Doc = Record<string, any>;

async function importEdited(edit: (doc: Doc) => void) {
  const doc: Doc = JSON.parse(readFileSync(FIXTURE, "utf8"));
  edit(doc);
  const file = join(h.dir, "edited.json");
  writeFileSync(file, JSON.stringify(doc));
  return runRaceImport(h.make().factory, { file }).then(
    () => undefined,
    (e: unknown) => e,
  );
}

const MISTAKES: [string, (doc: Doc) => void, RegExp][] = [
  [
    "a participant timed twice in a round",
    (d) => {
      d.rounds[0].times.push({ ...d.rounds[0].times[0], elapsedTime: 70000 });
    },
    /rounds\[0\]\.times\[4\]\.participant "Ada" is timed twice in this round/,
  ],
  [
    "a time of 100 hours or more",
    (d) => {
      d.rounds[0].times[0].elapsedTime = 999999999999;
    },
    /rounds\[0\]\.times\[0\]\.elapsedTime must be a whole number of milliseconds under 100 hours \(at most 359999999\) or null, not 999999999999/,
  ],
  [
    "a time of exactly 100 hours",
    (d) => {
      d.rounds[1].times[2].elapsedTime = 360000000;
    },
    /rounds\[1\]\.times\[2\]\.elapsedTime must be .*not 360000000/,
  ],
];

it.each(MISTAKES)(
  "refuses %s with exit 2, naming it, sending nothing",
  async (_, edit, message) => {
    const outcome = outcomeOf(await importEdited(edit));
    expect(outcome.code).toBe(2);
    expect(outcome.lines.join("\n")).toMatch(message);
    expect(outcome.lines.join("\n")).toMatch(/edited\.json: .*nothing was sent/);
    expect(await (await h.client()).races.listAll()).toEqual([]);
  },
);

it("takes the longest time the service holds, and one participant timed in each round", async () => {
  const error = await importEdited((d) => {
    d.rounds[0].times[0].elapsedTime = 359999999;
  });
  expect(error).toBeUndefined();
  expect(await (await h.client()).races.listAll()).toHaveLength(1);
});
