/** `tourney race export`: a grand prix with a round timed, read into one document valid against its schema. */
import { readFileSync } from "node:fs";
import { Ajv } from "ajv";
import formats from "ajv-formats";
import { afterEach, beforeEach, expect, it } from "vitest";
import { runRaceExport } from "../../../src/cli/commands/race/export.js";
import { createFactoryHarness, type FactoryHarness } from "../../helpers/factory.js";

const ajv = new Ajv({ allErrors: true });
(formats as unknown as { default: (a: Ajv) => void }).default(ajv);
const validate = ajv.compile(JSON.parse(readFileSync("schema/race-export.schema.json", "utf8")));

let h: FactoryHarness;
beforeEach(() => {
  h = createFactoryHarness();
});
afterEach(async () => h.cleanup());

it("exports settings, participants by name, each round's times and the standings", async () => {
  const c = await h.client();
  const race = await c.races.create({
    name: "Spring GP",
    raceType: "grand prix",
    grandPrixOptions: { rounds: 2 },
  });
  await c.participants.bulkAdd({ race: race.id }, [{ name: "Ann" }, { name: "Bob" }]);
  await c.races.changeState(race.id, "start");
  const times = c.races.elapsedTimes(race.id, 1);
  const entries = await times.listAll();
  await times.bulkUpdate(
    entries.map((t, i) => ({ elapsedTimeId: Number(t.id), time: 60_000 + i * 1000 })),
  );
  const f = h.make();
  await runRaceExport(f.factory, { race: race.id });
  const doc = f.json();
  expect(validate(doc), JSON.stringify(validate.errors)).toBe(true);
  expect(doc.race).toMatchObject({ name: "Spring GP", raceType: "grand prix" });
  expect(doc.participants.map((p: { name: string }) => p.name)).toEqual(["Ann", "Bob"]);
  expect(doc.rounds.map((r: { number: number }) => r.number)).toEqual([1, 2]);
  const round1 = doc.rounds[0].times.map((t: Record<string, unknown>) => t.participant);
  expect(round1).toEqual(["Ann", "Bob"]);
  expect(JSON.stringify(doc.rounds[0].times)).toContain("60000");
  expect(doc.standings.map((s: { participant: string }) => s.participant).sort()).toEqual([
    "Ann",
    "Bob",
  ]);
  expect(validate({ ...doc, format: "tourney.tournament" })).toBe(false);
});
