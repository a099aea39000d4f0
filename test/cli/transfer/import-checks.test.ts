/**
 * `tourney tournament import`: a version-1 document kept in the repository
 * (test/fixtures/tournament-export-v1.json, a complete double elimination with a
 * grand-final reset) still imports, to the same bracket and ranks; a file that is not
 * an export, or of an unknown version, is refused (exit 2) before anything is sent; a
 * target match complete with another result stops the import (exit 5) with both sides.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { runTournamentExport } from "../../../src/cli/commands/tournament/export.js";
import { runTournamentImport } from "../../../src/cli/commands/tournament/import.js";
import { outcomeOf } from "../../../src/cli/exit-codes.js";
import { createFactoryHarness, type FactoryHarness } from "../../helpers/factory.js";
import { comparable, expectValidExport } from "./export-check.js";

const FIXTURE = "test/fixtures/tournament-export-v1.json";
let h: FactoryHarness;
beforeEach(() => {
  h = createFactoryHarness();
});
afterEach(async () => h.cleanup());

async function importFails(file: string): Promise<{ code: number; lines: readonly string[] }> {
  const f = h.make();
  const error = await runTournamentImport(f.factory, { file }).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeDefined();
  return outcomeOf(error);
}

it("imports the kept version-1 fixture to the same document and final ranks", async () => {
  const kept = JSON.parse(readFileSync(FIXTURE, "utf8"));
  expectValidExport(kept);
  const f = h.make();
  await runTournamentImport(f.factory, { file: FIXTURE });
  expect(f.stdout()).toBe(
    "lan_cup_2026: created, 6 participants added, 11 results sent, 0 already there\n",
  );
  const e = h.make();
  await runTournamentExport(e.factory, { tournament: "lan_cup_2026" });
  const again = e.json();
  expect(comparable(again)).toEqual(comparable(kept));
  expect(again.final_ranks).toEqual(kept.final_ranks);
});

it("refuses a file that is not an export, or of an unknown version, sending nothing", async () => {
  const other = join(h.dir, "other.json");
  writeFileSync(other, JSON.stringify({ format: "something", version: 1 }));
  expect(await importFails(other)).toMatchObject({ code: 2 });
  const later = join(h.dir, "later.json");
  writeFileSync(
    later,
    JSON.stringify({ ...JSON.parse(readFileSync(FIXTURE, "utf8")), version: 9 }),
  );
  const refused = await importFails(later);
  expect(refused.code).toBe(2);
  expect(refused.lines.join("\n")).toMatch(/export version 9 is not one this tourney reads/);
  expect(await (await h.client()).tournaments.listAll()).toEqual([]);
});

it("stops with exit 5 when a target match is complete with another result", async () => {
  const kept = JSON.parse(readFileSync(FIXTURE, "utf8"));
  await runTournamentImport(h.make().factory, { file: FIXTURE });
  const first = kept.matches.find((m: { identifier: string }) => m.identifier === "A");
  const changed = {
    ...kept,
    matches: kept.matches.map((m: { identifier: string }) =>
      m.identifier === "A" ? { ...first, score_in_sets: [[3, 0]] } : m,
    ),
  };
  const file = join(h.dir, "changed.json");
  writeFileSync(file, JSON.stringify(changed));
  const refused = await importFails(file);
  expect(refused.code).toBe(5);
  // Each side in words, not the comparison's JSON; checked before anything is sent.
  const winner = first.winner as string;
  const sets = (first.score_in_sets as [number, number][]).map(([a, b]) => `${a}-${b}`).join(",");
  expect(refused.lines.join("\n")).toContain(
    `holds results that are not the file's, at match final A (its results differ: target won by ${winner}, ${sets}; file won by ${winner}, 3-0); nothing was sent`,
  );
});
