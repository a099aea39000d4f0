/**
 * `race standings` on a service that answers /standings 404 works them out from the
 * rounds' elapsed times (cli/commands/race/derived-standings.ts): on the embedded
 * backend, which does answer them, the worked-out standings are serve's own.
 */
import { afterEach, beforeEach, expect, it } from "vitest";
import { derivedRaceStandings } from "../../src/cli/commands/race/derived-standings.js";
import { createFactoryHarness, type FactoryHarness } from "../helpers/factory.js";

let h: FactoryHarness;
beforeEach(() => {
  h = createFactoryHarness();
});
afterEach(async () => h.cleanup());

const KEYS = ["rank", "participantId", "name", "points", "finishes", "totalTime", "roundsTimed"];
const pick = (a: Record<string, unknown>) => Object.fromEntries(KEYS.map((k) => [k, a[k]]));

it("works out the standings serve answers: points, finishes, total time, a racer untimed", async () => {
  const c = await h.client();
  const race = await c.races.create({
    name: "Spring GP",
    raceType: "grand prix",
    grandPrixOptions: { rounds: 2 },
  });
  const names = [{ name: "Ann" }, { name: "Bob" }, { name: "Cy" }, { name: "Di" }];
  await c.participants.bulkAdd({ race: race.id }, names);
  await c.races.changeState(race.id, "start");
  const round1 = c.races.elapsedTimes(race.id, 1);
  const entries = await round1.listAll();
  const ms = [61_000, 60_000, 60_000, null];
  await round1.bulkUpdate(
    entries.slice(0, 3).map((t, i) => ({ elapsedTimeId: Number(t.id), time: ms[i] as number })),
  );
  await c.races.changeState(race.id, "end_round");
  const served = (await c.races.standings(race.id)).map((s) => pick(s.attributes));
  const derived = (await derivedRaceStandings(c, race.id)).map((s) => pick(s.attributes));
  expect(served.length).toBe(4);
  expect(served.some((s) => s.roundsTimed === 0)).toBe(true);
  expect(served.map((s) => s.points)).not.toEqual([0, 0, 0, 0]);
  expect(derived).toEqual(served);
});
