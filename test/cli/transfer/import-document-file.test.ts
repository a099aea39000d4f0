/**
 * How `tournament import` and `race import` read their file: a byte order mark at the start
 * (a Windows editor saves one) is left out, as a roster's and `api --input`'s are; before,
 * the file was refused as "not JSON (Unexpected token '\uFEFF' ...)". A "version" that is
 * not a number ("1") is refused as such (exit 2), where the message read "export version 1 is not one
 * this tourney reads (1); upgrade tourney".
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { runRaceImport } from "../../../src/cli/commands/race/import.js";
import { runTournamentImport } from "../../../src/cli/commands/tournament/import.js";
import { outcomeOf } from "../../../src/cli/exit-codes.js";
import { createFactoryHarness, type FactoryHarness } from "../../helpers/factory.js";

const TOURNAMENT = "test/fixtures/tournament-export-v1.json";
const RACE = "test/fixtures/race-export-v1.json";
const BOM = "\uFEFF";
let h: FactoryHarness;
beforeEach(() => {
  h = createFactoryHarness();
});
afterEach(async () => h.cleanup());

const settled = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => e,
  );

function written(text: string): string {
  const file = join(h.dir, "export.json");
  writeFileSync(file, text);
  return file;
}

it("tournament import leaves out a byte order mark at the start of the file and of stdin", async () => {
  const text = `${BOM}${readFileSync(TOURNAMENT, "utf8")}`;
  expect(await settled(runTournamentImport(h.make().factory, { file: written(text) }))).toBe(
    undefined,
  );
  const url = JSON.parse(text.slice(1)).tournament.url;
  expect((await (await h.client()).tournaments.get(url)).attributes.state).toBe("complete");
  // Again from stdin: found, nothing sent twice.
  const f = h.make({ stdin: text });
  expect(await settled(runTournamentImport(f.factory, { file: "-" }))).toBe(undefined);
  expect(f.stdout()).toMatch(/found, 0 participants added, 0 results sent/);
});

it("race import leaves out a byte order mark at the start of the file", async () => {
  const text = `${BOM}${readFileSync(RACE, "utf8")}`;
  expect(await settled(runRaceImport(h.make().factory, { file: written(text) }))).toBe(undefined);
  expect(await (await h.client()).races.listAll()).toHaveLength(1);
});

it("a byte order mark elsewhere is still not JSON", async () => {
  const text = `{${BOM}${readFileSync(TOURNAMENT, "utf8").slice(1)}`;
  const outcome = outcomeOf(
    await settled(runTournamentImport(h.make().factory, { file: written(text) })),
  );
  expect(outcome.code).toBe(2);
  expect(outcome.lines.join("\n")).toMatch(/export\.json: not JSON/);
});

it.each([
  ["written as text", '"1"', /its "version" must be a number \(1, 2 for this tourney\), not "1"/],
  ["missing", undefined, /its "version" must be a number \(1, 2 for this tourney\), not missing/],
])("a version %s is refused as not a number (exit 2)", async (_, version, message) => {
  const doc = JSON.parse(readFileSync(TOURNAMENT, "utf8"));
  doc.version = version === undefined ? undefined : JSON.parse(version);
  const outcome = outcomeOf(
    await settled(runTournamentImport(h.make().factory, { file: written(JSON.stringify(doc)) })),
  );
  expect(outcome.code).toBe(2);
  const text = outcome.lines.join("\n");
  expect(text).toMatch(message);
  expect(text).not.toMatch(/upgrade tourney/);
  expect(await (await h.client()).tournaments.listAll()).toEqual([]);
});
