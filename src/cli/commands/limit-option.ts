/**
 * `-L, --limit <n>` on the list verbs, as gh has it (issue 26, item 14): at most N records,
 * in a table, piped or as JSON (before --jq). The printer applies it (output/printer.ts),
 * and stops reading pages once it has N. Without it a list shows every record, as before.
 */
import { type Command, InvalidArgumentError } from "commander";

export const LIMIT_FLAG = "-L, --limit <n>";

export function parseLimit(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < 1)
    throw new InvalidArgumentError(
      `--limit takes a whole number of records, 1 or more (not "${value}").`,
    );
  return n;
}

/** Adds --limit to a list verb. */
export function addLimitOption(verb: Command): Command {
  return verb.option(LIMIT_FLAG, "show at most N records (default: all)", parseLimit);
}
