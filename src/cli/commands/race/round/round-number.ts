/** A round named on the command line: its number, from 1. No I/O. */
import { UsageError } from "../../../errors.js";

export function parseRoundNumber(text: string): number {
  if (!/^\d+$/.test(text.trim()) || Number(text) < 1)
    throw new UsageError(`<round> is a round number from 1, not ${JSON.stringify(text)}`);
  return Number(text);
}
