/**
 * Flags of `race update <race> <participant>` and `race times update`: the time
 * (`--time`, or `--dnf` for none), and the points and rank the service would
 * otherwise work out (rank by time in the round; points by rank when the round
 * is finalized). No I/O.
 */
import type { Command } from "commander";
import { MAX_PLACE_POINTS, MAX_TIME_RANK } from "../../../../model/race.js";
import { UsageError } from "../../../errors.js";
import { parseTime, TIME_HELP } from "./time-format.js";

/** The flags as commander hands them over. */
export interface TimeFlags {
  readonly time?: string;
  readonly dnf?: boolean;
  readonly points?: string;
  readonly rank?: string;
}

/**
 * What changes: elapsedTime (milliseconds; null: did not finish), points, rank. A rank of 0
 * clears one set by hand (the service reads 0 as "not set": the round ranks it by time).
 */
export interface TimeAttributes {
  readonly elapsedTime?: number | null;
  readonly points?: number;
  readonly rank?: number;
}

export function addTimeFlags(command: Command): Command {
  return command
    .option("--time <time>", `the elapsed time: ${TIME_HELP}`)
    .option("--dnf", "did not finish: no time (ranked last, unranked)")
    .option("--points <n>", "points for the round (else by rank when the round is finalized)")
    .option(
      "--rank <n>",
      "rank in the round, held whatever the time (else by time); auto (or 0) clears a rank set by hand",
    );
}

/** A whole number from `least` (to `most`, the service's limit, when there is one). */
function wholeNumber(flag: string, text: string, least: number, most?: number): number {
  const n = Number(text);
  if (!/^\d+$/.test(text.trim()) || n < least || (most !== undefined && n > most)) {
    const range = most === undefined ? `, ${least} or more` : ` from ${least} to ${most}`;
    throw new UsageError(`${flag} needs a whole number${range}, not ${JSON.stringify(text)}`);
  }
  return n;
}

/**
 * `--rank N` sets a rank by hand; `--rank auto` (or `0`, as the service and a times file
 * read it) clears it, the round ranking that racer by time again. Before, a rank set by
 * hand could not be cleared from the CLI: `--rank 0` was refused and no other value meant it.
 */
function rankOf(text: string): number {
  if (/^\s*auto\s*$/i.test(text)) return 0;
  if (/^\d+$/.test(text.trim()) && Number(text) <= MAX_TIME_RANK) return Number(text);
  throw new UsageError(
    `--rank needs a whole number from 1 to ${MAX_TIME_RANK}, or auto to clear a rank set by hand (the round ranks by time), not ${JSON.stringify(text)}`,
  );
}

/** Whether any of the time flags was given. */
export function hasTimeFlags(flags: TimeFlags): boolean {
  return [flags.time, flags.dnf, flags.points, flags.rank].some((v) => v !== undefined);
}

/** The attributes the flags give; at least one, and not both --time and --dnf. */
export function timeAttributes(flags: TimeFlags): TimeAttributes {
  if (flags.time !== undefined && flags.dnf === true)
    throw new UsageError("--time and --dnf say different things: give one");
  const attributes: { -readonly [K in keyof TimeAttributes]: TimeAttributes[K] } = {};
  if (flags.time !== undefined) attributes.elapsedTime = parseTime(flags.time, "--time", "refuse");
  if (flags.dnf === true) attributes.elapsedTime = null;
  if (flags.points !== undefined)
    attributes.points = wholeNumber("--points", flags.points, 0, MAX_PLACE_POINTS);
  if (flags.rank !== undefined) attributes.rank = rankOf(flags.rank);
  if (Object.keys(attributes).length === 0)
    throw new UsageError("nothing to change: pass --time TIME, --dnf, --points or --rank");
  return attributes;
}

/** `--round N`: a round number from 1. */
export function parseRound(text: string | undefined): number | undefined {
  return text === undefined ? undefined : wholeNumber("--round", text, 1);
}
