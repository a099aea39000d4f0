/**
 * The standings of a snapshot (snapshot-build.ts), made a part at a time (issue 24): at
 * 50,000 players they were one unit of the work gate of about 100 ms, a stall of every
 * other request at each new version. With a standings job (bracket/standings-steps.ts)
 * each of its steps is one unit; without one, the route is read in one unit as before.
 */
import type { StandingsStep } from "../bracket/standings-steps.js";
import type { WorkGate } from "./work-gate.js";

/** A computation of a tournament's standings, a unit per step. */
export interface StandingsParts {
  step(): StandingsStep;
}

/**
 * Steps of a job one unit of the gate runs: as many as fit in this time (ms), one at least.
 * Each unit waits a turn of the event loop; a step a unit would make the standings' 40-odd
 * steps of a 50,000-player bracket last 40-odd turns, written meanwhile.
 */
const UNIT_MS = 4;

/**
 * The standings' documents of tournament `id` (null: none), by `job`'s steps, run by
 * units of `gate` (UNIT_MS of steps each), or, with no job, by `whole` in one unit.
 */
export async function standingsOf(
  gate: WorkGate,
  job: StandingsParts | undefined,
  whole: () => readonly unknown[] | null,
): Promise<readonly unknown[] | null> {
  if (job === undefined) return gate.run(whole);
  for (;;) {
    const step = await gate.run(() => {
      const until = performance.now() + UNIT_MS;
      let next = job.step();
      while (!next.done && performance.now() < until) next = job.step();
      return next;
    });
    if (step.done) return step.value;
  }
}
