/** The columns a state change of a tournament or a race writes (both tables name them alike). */

/** When a state change sets or clears the started / completed timestamps (left alone if undefined). */
export interface StateStamps {
  readonly started?: string | null;
  readonly completed?: string | null;
}

/** The SET list and its parameters: the state, updated_at, and the stamps given. */
export function stateChange(
  state: string,
  now: string,
  stamps: StateStamps,
): { sets: string; params: unknown[] } {
  const sets = ["state = ?", "updated_at = ?"];
  const params: unknown[] = [state, now];
  if (stamps.started !== undefined) {
    sets.push("started_at = ?");
    params.push(stamps.started);
  }
  if (stamps.completed !== undefined) {
    sets.push("completed_at = ?");
    params.push(stamps.completed);
  }
  return { sets: sets.join(", "), params };
}
