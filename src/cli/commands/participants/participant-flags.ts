/** Flags of `participants add` and `participants update`, as v2.1 attributes. */
import type { Command } from "commander";
import { UsageError } from "../../errors.js";

export function addParticipantFlags(command: Command): Command {
  return command
    .option("--seed <n>", "seed (1 = best); others shift to make room")
    .option("--misc <text>", "free text stored with the participant")
    .option("--email <address>", "email (write-only: never shown back)")
    .option("--username <name>", "service username");
}

export function participantAttributes(
  options: Record<string, string | undefined>,
): Record<string, unknown> {
  const attributes: Record<string, unknown> = {};
  if (options.name !== undefined) attributes.name = options.name;
  if (options.seed !== undefined) {
    if (!/^\d+$/.test(options.seed))
      throw new UsageError(`--seed needs a whole number, not ${JSON.stringify(options.seed)}`);
    attributes.seed = Number(options.seed);
  }
  for (const key of ["misc", "email", "username"] as const) {
    if (options[key] !== undefined) attributes[key] = options[key];
  }
  return attributes;
}
