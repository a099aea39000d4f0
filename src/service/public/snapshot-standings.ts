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
 * The standings' documents of tournament `id` (null: none), by `job`'s steps, a unit of
 * `gate` each, or, with no job, by `whole` in one unit.
 */
export async function standingsOf(
  gate: WorkGate,
  job: StandingsParts | undefined,
  whole: () => readonly unknown[] | null,
): Promise<readonly unknown[] | null> {
  if (job === undefined) return gate.run(whole);
  for (;;) {
    const step = await gate.run(() => job.step());
    if (step.done) return step.value;
  }
}
