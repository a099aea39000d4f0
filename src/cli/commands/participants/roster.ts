/**
 * Reading a list of participants for bulk add: one name per line, or CSV with a
 * header that has a `name` column and optional `seed` and `misc` columns.
 * Parsing only: sending is bulk-add-run.ts's business.
 */
import { participantNameKey } from "../../../model/participant-name.js";
import { UsageError } from "../../errors.js";

export interface RosterEntry {
  name: string;
  seed?: number;
  misc?: string;
  /** Where the entry came from, for messages: "line 26", "argument 3". */
  where: string;
}

/** The attributes a roster entry is sent with (its position stays behind). */
export function rosterAttributes(entry: RosterEntry): Record<string, unknown> {
  const { where: _where, ...attributes } = entry;
  return attributes;
}

/** Names given as command-line arguments. */
export function rosterOfArguments(names: readonly string[]): RosterEntry[] {
  return names.map((name, i) => ({ name, where: `argument ${i + 1}` }));
}

/**
 * A name twice in one roster is an error naming both places (names are unique
 * in a tournament); a re-run skips names already present, never repeats.
 */
export function checkRosterRepeats(roster: readonly RosterEntry[]): void {
  const first = new Map<string, RosterEntry>();
  const repeats: string[] = [];
  for (const entry of roster) {
    const key = participantNameKey(entry.name);
    const earlier = first.get(key);
    if (earlier === undefined) first.set(key, entry);
    else
      repeats.push(
        `${earlier.where} and ${entry.where} both name ${JSON.stringify(entry.name.trim())}`,
      );
  }
  if (repeats.length === 0) return;
  const shown = repeats.slice(0, 10).join("; ");
  const more = repeats.length > 10 ? `; and ${repeats.length - 10} more` : "";
  throw new UsageError(
    `the roster names a participant twice (names are unique in a tournament, ignoring ASCII case): ${shown}${more}`,
  );
}

/** Splits one CSV line (RFC 4180 quoting). */
export function csvFields(line: string): string[] {
  const fields: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === "") quoted = true;
    else if (ch === ",") {
      fields.push(field);
      field = "";
    } else field += ch;
  }
  if (quoted) throw new UsageError(`unbalanced quotes in CSV line: ${line}`);
  fields.push(field);
  return fields.map((f) => f.trim());
}

function isCsvHeader(line: string): boolean {
  return line.includes(",") && csvFields(line).some((f) => f.toLowerCase() === "name");
}

function csvEntries(lines: readonly { text: string; number: number }[]): RosterEntry[] {
  const header = csvFields(lines[0]!.text).map((h) => h.toLowerCase());
  const at = (name: string) => header.indexOf(name);
  const [nameAt, seedAt, miscAt] = [at("name"), at("seed"), at("misc")];
  return lines.slice(1).map(({ text, number }) => {
    const fields = csvFields(text);
    const entry: RosterEntry = { name: fields[nameAt] ?? "", where: `line ${number}` };
    if (entry.name === "") throw new UsageError(`line ${number}: the name column is empty`);
    const seed = seedAt >= 0 ? fields[seedAt] : undefined;
    if (seed !== undefined && seed !== "") {
      if (!/^\d+$/.test(seed))
        throw new UsageError(
          `line ${number}: seed must be a whole number, not ${JSON.stringify(seed)}`,
        );
      entry.seed = Number(seed);
    }
    const misc = miscAt >= 0 ? fields[miscAt] : undefined;
    if (misc !== undefined && misc !== "") entry.misc = misc;
    return entry;
  });
}

export function parseRoster(text: string): RosterEntry[] {
  const lines = text
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .map((line, i) => ({ text: line.trim(), number: i + 1 }))
    .filter((line) => line.text !== "" && !line.text.startsWith("#"));
  if (lines.length === 0) return [];
  if (isCsvHeader(lines[0]!.text)) return csvEntries(lines);
  return lines.map((line) => ({ name: line.text, where: `line ${line.number}` }));
}
