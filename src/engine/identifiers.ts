/** Match identifiers: A, B, ... Z, AA, AB, ... following the suggested play order. */
import { EngineRuleError } from "./errors.js";

/** The identifier of the match played `playOrder`-th (1-based): 1 -> A, 26 -> Z, 27 -> AA. */
export function matchIdentifier(playOrder: number): string {
  if (!Number.isInteger(playOrder) || playOrder < 1) {
    throw new EngineRuleError(`play order must be a positive integer, got ${playOrder}`);
  }
  let rest = playOrder;
  let identifier = "";
  while (rest > 0) {
    rest -= 1;
    identifier = String.fromCharCode(65 + (rest % 26)) + identifier;
    rest = Math.floor(rest / 26);
  }
  return identifier;
}
