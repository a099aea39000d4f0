/**
 * Reading a list of participants for bulk add: one name per line, or CSV with a
 * header that has a `name` column and optional `seed` and `misc` columns.
 */
import { UsageError } from "../../errors.js";

export interface RosterEntry {
  name: string;
  seed?: number;
  misc?: string;
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
    const entry: RosterEntry = { name: fields[nameAt] ?? "" };
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
  return lines.map((line) => ({ name: line.text }));
}
