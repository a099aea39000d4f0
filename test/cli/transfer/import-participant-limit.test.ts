/**
 * `tournament import` of a file holding more participants than its tournament takes (its
 * format's limit, its signup_cap): refused by the file check, exit 2, nothing sent (no
 * tournament on the target). Before, the import created the tournament on the target, then
 * its bulk add was refused with "...; nothing was sent", which was not true.
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

/** The fixture as a pending single elimination of `count` participants, no matches. */
function pendingOf(count: number): Doc {
  const doc: Doc = JSON.parse(readFileSync(FIXTURE, "utf8"));
  const one = doc.participants[0];
  doc.tournament.tournament_type = "single elimination";
  doc.tournament.state = "pending";
  doc.participants = Array.from({ length: count }, (_, i) => ({
    ...one,
    name: `Player ${i + 1}`,
    seed: i + 1,
    checked_in: false,
    active: true,
    final_rank: null,
  }));
  doc.matches = [];
  doc.stations = [];
  doc.attachments = [];
  doc.final_ranks = [];
  return doc;
}

async function imported(doc: Doc) {
  const file = join(h.dir, "edited.json");
  writeFileSync(file, JSON.stringify(doc));
  const error = await runTournamentImport(h.make().factory, { file }).then(
    () => undefined,
    (e: unknown) => e,
  );
  return error;
}

it("refuses 70,000 participants in a single elimination before anything is sent", async () => {
  const outcome = outcomeOf(await imported(pendingOf(70_000)));
  expect(outcome.code).toBe(2);
  expect(outcome.lines.join("\n")).toMatch(
    /edited\.json: participants are 70,000, more than its tournament takes \(a single elimination takes at most 65,536 participants\); nothing was sent/,
  );
  expect(await (await h.client()).tournaments.listAll()).toEqual([]);
});

it("refuses more participants than the file's signup_cap", async () => {
  const doc = pendingOf(5);
  doc.tournament.settings.registration_options.signup_cap = 4;
  const outcome = outcomeOf(await imported(doc));
  expect(outcome.code).toBe(2);
  expect(outcome.lines.join("\n")).toMatch(
    /participants are 5, more than its tournament takes \(signup_cap is 4\); nothing was sent/,
  );
  expect(await (await h.client()).tournaments.listAll()).toEqual([]);
});

it("takes as many as the signup_cap", async () => {
  const doc = pendingOf(4);
  doc.tournament.settings.registration_options.signup_cap = 4;
  expect(await imported(doc)).toBeUndefined();
  const url = doc.tournament.url;
  expect(await (await h.client()).participants.listAll(url)).toHaveLength(4);
});
