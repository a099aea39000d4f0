/**
 * `tourney race import` of a hand-edited export with a mistake in it: refused with
 * exit 2 and a message naming the field, before anything is sent (no race on the
 * target). Before the check these created the race and stopped (exit 5), crashed
 * (exit 1, "r.times.flatMap is not a function") or, for a round the race does not
 * have, were imported without that round's times (exit 0).
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

const MISTAKES: [string, (doc: Doc) => void, RegExp][] = [
  [
    "a time of someone who is not a participant",
    (d) => {
      d.rounds[0].times[0].participant = "Zed";
    },
    /rounds\[0\]\.times\[0\]\.participant "Zed" is not a participant of the file/,
  ],
  [
    "a time written as text",
    (d) => {
      d.rounds[0].times[0].elapsedTime = "61.5";
    },
    /rounds\[0\]\.times\[0\]\.elapsedTime must be a whole number of milliseconds under 100 hours \(at most 359999999\) or null, not "61\.5"/,
  ],
  [
    "a name twice",
    (d) => {
      d.participants[1].name = d.participants[0].name;
    },
    /participants\[1\]\.name "Ada" is there twice/,
  ],
  [
    "a round the race does not have",
    (d) => {
      d.rounds[0].number = 7;
    },
    /rounds\[0\]\.number must be a round of the race \(1 to 3\), not 7/,
  ],
  [
    "times that are not a list",
    (d) => {
      d.rounds[0].times = "x";
    },
    /rounds\[0\]\.times must be a list, not "x"/,
  ],
  [
    "negative points",
    (d) => {
      d.rounds[0].times[0].points = -5;
    },
    /rounds\[0\]\.times\[0\]\.points must be a whole number from 0 or null, not -5/,
  ],
];

it.each(MISTAKES)(
  "refuses %s with exit 2, naming it, sending nothing",
  async (_, edit, message) => {
    const doc: Doc = JSON.parse(readFileSync(FIXTURE, "utf8"));
    edit(doc);
    const file = join(h.dir, "edited.json");
    writeFileSync(file, JSON.stringify(doc));
    const error = await runRaceImport(h.make().factory, { file }).then(
      () => undefined,
      (e: unknown) => e,
    );
    const outcome = outcomeOf(error);
    expect(outcome.code).toBe(2);
    expect(outcome.lines.join("\n")).toMatch(message);
    expect(outcome.lines.join("\n")).toMatch(/edited\.json: .*nothing was sent/);
    expect(await (await h.client()).races.listAll()).toEqual([]);
  },
);
