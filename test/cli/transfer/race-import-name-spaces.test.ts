/**
 * `race import` of a file whose racers' names have stray white space ("  Grace "): read as
 * the service stores them (file-names.ts normaliseRaceNames: the participants, their times
 * and standings), so the import sends "Grace" and a re-run finds her there and sends
 * nothing. Before, the first run went through (the service trims) and the re-run stopped,
 * exit 5: the race there had started without "  Grace ". Two names the service holds for
 * one ("Ada" and " ada") are refused before anything is sent (exit 2).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { runRaceImport } from "../../../src/cli/commands/race/import.js";
import { outcomeOf } from "../../../src/cli/exit-codes.js";
import { createFactoryHarness, type FactoryHarness } from "../../helpers/factory.js";

let h: FactoryHarness;
beforeEach(() => {
  h = createFactoryHarness();
});
afterEach(async () => h.cleanup());

const FIXTURE = readFileSync("test/fixtures/race-export-v1.json", "utf8");

async function importText(text: string) {
  const file = join(h.dir, "gp.json");
  writeFileSync(file, text);
  const t = h.make();
  const error = await runRaceImport(t.factory, { file }).then(
    () => undefined,
    (e: unknown) => outcomeOf(e),
  );
  return { error, stdout: t.stdout() };
}

it("a racer '  Grace ': imported as Grace, then a re-run finds her there", async () => {
  const text = FIXTURE.replaceAll('"Grace"', '"  Grace "');
  const first = await importText(text);
  expect(first.error).toBeUndefined();
  expect(first.stdout).toMatch(/^lan_cup_gp: created, 4 participants added/);
  const again = await importText(text);
  expect(again.error).toBeUndefined();
  expect(again.stdout).toMatch(/^lan_cup_gp: found, 0 participants added, 0 times sent/);
  const race = await (await h.client()).races.get("lan_cup_gp");
  const names = (await (await h.client()).participants.listAll({ race: race.id })).map(
    (p) => p.attributes.name,
  );
  expect(names).toContain("Grace");
});

it("' ada' beside 'Ada': one name to the service, refused before anything is sent", async () => {
  const r = await importText(FIXTURE.replaceAll('"Grace"', '" ada"'));
  expect(r.error?.code).toBe(2);
  expect(r.error?.lines.join("\n")).toContain(
    'participants[1].name "ada" is participants[0]\'s name too, as the service compares names',
  );
  expect(await (await h.client()).races.listAll()).toEqual([]);
});
