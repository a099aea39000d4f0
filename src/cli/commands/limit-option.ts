/**
 * `-L, --limit <n>` on the list verbs, as gh has it (issue 26, item 14): at most N records,
 * in a table, piped or as JSON (before --jq). The printer applies it (output/printer.ts),
 * and stops reading pages once it has N. Without it a list shows every record, as before.
 * A verb that reads its records before printing them reads them with `shownRecords`, which
 * stops as soon: no page past the N-th record is asked for (review I #20: `participants list
 * -L 5` read every page, and a page past the fifth record that failed failed the command).
 */
import { type Command, InvalidArgumentError } from "commander";
import type { Factory } from "../factory.js";

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

/** The records a list verb shows, and whether they are every record (every page was read). */
export interface ShownRecords<T> {
  readonly records: T[];
  readonly whole: boolean;
}

/**
 * The records of `pages` the list shows: all of them, or with `-L N` the first N, the page
 * holding the N-th the last one read. Only for a list printed in the order the service gives
 * it: a list the client sorts needs every record first (docs/scripting.md names them).
 */
export async function shownRecords<T>(
  f: Factory,
  pages: AsyncIterable<readonly T[]>,
): Promise<ShownRecords<T>> {
  const limit = f.globals.limit;
  const records: T[] = [];
  if (limit === undefined) {
    for await (const page of pages) records.push(...page);
    return { records, whole: true };
  }
  for await (const page of pages) {
    records.push(...page.slice(0, limit - records.length));
    if (records.length >= limit) return { records, whole: false };
  }
  return { records, whole: true };
}

/**
 * The records a list verb that read them all (`station list`, `station queue list`: sorted
 * on the client or read at once) shows: the first `-L N`, all of them without it. Before,
 * their --json printed every record (the printer limits only `list`'s records).
 */
export const firstShown = <T>(f: Factory, records: readonly T[]): T[] =>
  records.slice(0, f.globals.limit);
