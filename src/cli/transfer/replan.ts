/**
 * An import, run again from the top when another command changed its target meanwhile. Each
 * step of an import reads the target before it sends, but another command may change it in
 * between (imports of one file at once: the url created by one of the others, a name added,
 * a result reported, a stage or round started): the service refuses that step as one already
 * made (409, 422). The import then reads the target again from the top and carries on with
 * what is still missing, as a re-run does ("found, ... already there"), while each refusal
 * differs from the one before (the same twice is the file's own, said as it is) and at most
 * REPLANS times. Before, such an import ended with the service's refusal, exit 5 (`url
 * "lan_cup" is already taken`).
 */
import { ApiError } from "../../client/errors.js";
import type { Progress } from "./progress.js";

/** How many times an import reads its target from the top. */
export const REPLANS = 10;

/** A refusal of a step made meanwhile by another command: 409, or 422 (taken, not allowed now). */
const madeMeanwhile = (error: unknown): error is ApiError =>
  error instanceof ApiError && (error.status === 409 || error.status === 422);

/** Runs `pass` (one pass over the target) until it ends without such a refusal, as above. */
export async function replanning(
  url: string,
  progress: Progress,
  pass: () => Promise<void>,
): Promise<void> {
  let last: string | undefined;
  for (let plans = 1; ; plans++) {
    try {
      return await pass();
    } catch (error) {
      if (!madeMeanwhile(error) || plans >= REPLANS || error.message === last) throw error;
      last = error.message;
      progress.step(`${url}: changed by another command meanwhile (${last}): reading it again`);
    }
  }
}
