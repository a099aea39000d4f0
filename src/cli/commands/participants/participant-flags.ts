/** Flags of `participants add` and `participants update`, as v2.1 attributes. */
import type { Command } from "commander";
import { UsageError } from "../../errors.js";

/** The flags as commander hands them over (`--name` is update's own). */
export interface ParticipantFlags {
  readonly name?: string;
  readonly seed?: string;
  readonly misc?: string;
  readonly email?: string;
  readonly username?: string;
}

/** v2.1 participant attributes (only what was given). */
export interface ParticipantAttributes {
  readonly name?: string;
  readonly seed?: number;
  readonly misc?: string;
  readonly email?: string;
  readonly username?: string;
}

export function addParticipantFlags(command: Command): Command {
  return command
    .option("--seed <n>", "seed (1 = best); others shift to make room")
    .option("--misc <text>", "free text stored with the participant")
    .option("--email <address>", "email (write-only: never shown back)")
    .option("--username <name>", "service username");
}

/** The attributes the flags give (no I/O): --seed is a whole number. */
export function participantAttributes(flags: ParticipantFlags): ParticipantAttributes {
  const attributes: { -readonly [K in keyof ParticipantAttributes]: ParticipantAttributes[K] } = {};
  if (flags.name !== undefined) attributes.name = flags.name;
  if (flags.seed !== undefined) {
    if (!/^\d+$/.test(flags.seed))
      throw new UsageError(`--seed needs a whole number, not ${JSON.stringify(flags.seed)}`);
    attributes.seed = Number(flags.seed);
  }
  for (const key of ["misc", "email", "username"] as const) {
    if (flags[key] !== undefined) attributes[key] = flags[key];
  }
  return attributes;
}
