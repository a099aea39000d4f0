/**
 * A CSV roster's records as entries, by column (a header row) or by position
 * (`name,seed,misc` without a header). csv-parse is loaded here, on first use:
 * only commands that read a CSV roster pay for it.
 */
import { UsageError } from "../../errors.js";
import type { RosterEntry } from "./roster-entry.js";
import {
  COLUMN_NAMES,
  type Column,
  columnOf,
  headerKey,
  oneLineName,
  shownLine,
} from "./roster-format.js";

export interface CsvRecord {
  readonly fields: readonly string[];
  /** The line the record starts on (a quoted field may span lines). */
  readonly line: number;
}

/** What a CSV roster gave: entries, notes for stderr, problems to refuse it for. */
export interface CsvRoster {
  readonly entries: RosterEntry[];
  readonly notes: string[];
  readonly problems: string[];
}

type Layout = { readonly header: boolean } & Partial<Record<Column, number>>;

const count = (text: string, ch: string) => text.split(ch).length - 1;

/** The non-blank records of a CSV text, each with its line; `what` names the text in errors. */
export async function readCsvRecords(
  text: string,
  delimiter: string,
  what = "the roster",
): Promise<CsvRecord[]> {
  const { parse } = await import("csv-parse/sync");
  let rows: { record: string[]; raw: string }[];
  try {
    rows = parse(text, {
      delimiter,
      record_delimiter: "\n",
      raw: true,
      trim: true,
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as unknown as { record: string[]; raw: string }[];
  } catch (error) {
    const unclosed = unclosedQuote(text, delimiter);
    // csv-parse names the line where its reading ended, not where the quote opened.
    const why =
      (error as { code?: string }).code === "CSV_QUOTE_NOT_CLOSED" && unclosed !== undefined
        ? `line ${unclosed.line}: the double quote opening ${shownLine(unclosed.text)} is never closed; end the field with a double quote, or write a quote that is part of it as two ("") inside a quoted field`
        : (error as Error).message;
    throw new UsageError(`${what} is not valid CSV: ${why}`);
  }
  const records: CsvRecord[] = [];
  let newlines = 0;
  for (const { record, raw } of rows) {
    // A record's raw text starts with the blank lines skipped before it.
    const blank = /^(?:[ \t]*\n)*/.exec(raw)![0];
    const line = 1 + newlines + count(blank, "\n");
    newlines += count(raw, "\n");
    if (record.some((field) => field !== "")) records.push({ fields: record, line });
  }
  return records;
}

/**
 * Where a quoted field that is never closed opens (its line, and that line's text), read as
 * csv-parse reads it: a quote opens a field only at its start (after spaces), `""` inside is
 * a quote.
 */
function unclosedQuote(
  text: string,
  delimiter: string,
): { line: number; text: string } | undefined {
  let quoted = false;
  let fieldStart = true;
  let line = 1;
  let opened = { line: 0, at: 0 };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === "\n") line++;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') i++;
      else if (ch === '"') quoted = false;
    } else if (ch === '"' && fieldStart) {
      [quoted, fieldStart, opened] = [true, false, { line, at: i }];
    } else if (ch === "\n" || ch === delimiter) fieldStart = true;
    else if (ch !== " " && ch !== "\t") fieldStart = false;
  }
  if (!quoted) return undefined;
  const end = text.indexOf("\n", opened.at);
  const start = text.lastIndexOf("\n", opened.at) + 1;
  return { line: opened.line, text: text.slice(start, end === -1 ? undefined : end).trim() };
}

const readList = (names: readonly string[]) =>
  names.length === 1 ? names[0]! : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;

/** The first record as a header, when it names a known column. */
function headerLayout(first: CsvRecord, notes: string[], problems: string[]): Layout | undefined {
  const columns = first.fields.map(columnOf);
  if (columns.every((c) => c === undefined)) return undefined;
  // Each column from its best-named cell: an exact `name` wins over its synonyms whatever the
  // order, then player, participant, team (COLUMN_NAMES' order); the first of equals. Before,
  // the first cell won: `Team,Name` read the teams as names and said Name was not read.
  const rank = (i: number) =>
    (COLUMN_NAMES[columns[i]!] as readonly string[]).indexOf(headerKey(first.fields[i]!));
  const layout: Partial<Record<Column, number>> = {};
  columns.forEach((column, i) => {
    if (column === undefined) return;
    const held = layout[column];
    if (held === undefined || rank(i) < rank(held)) layout[column] = i;
  });
  const read = new Set(Object.values(layout));
  const unread = first.fields
    .filter((field, i) => !read.has(i) && field !== "")
    .map((field) => JSON.stringify(field));
  const known = `name (or ${COLUMN_NAMES.name.slice(1, 4).join(", ")}), seed and misc`;
  if (layout.name === undefined)
    problems.push(`line ${first.line}: the header names no name column; name one of ${known}`);
  if (unread.length > 0)
    notes.push(
      `Not read: column${unread.length > 1 ? "s" : ""} ${readList(unread)} (line ${first.line}); bulk-add reads ${known}`,
    );
  return { header: true, ...layout };
}

/** Without a header: name, seed, misc by position; says if later columns hold anything. */
function positionLayout(records: readonly CsvRecord[], notes: string[]): Layout {
  const wide = records.find((r) => r.fields.slice(3).some((field) => field !== ""));
  if (wide !== undefined)
    notes.push(
      `Not read: columns after the third (line ${wide.line} has ${wide.fields.length}); without a header row, bulk-add reads name, seed and misc in that order`,
    );
  return { header: false, name: 0, seed: 1, misc: 2 };
}

/**
 * Rows with a field past the header's last column: it would not be read, and is most often a
 * delimiter inside an unquoted name or misc (`Smith, John` under `name,misc` read Smith with the
 * misc John). Refused, as a row's other mistakes are; empty fields past it (a trailing comma)
 * are nothing lost.
 */
function widerThanHeader(rows: readonly CsvRecord[], width: number, problems: string[]): void {
  for (const row of rows) {
    const extra = row.fields.slice(width).filter((field) => field !== "");
    if (extra.length === 0) continue;
    problems.push(
      `line ${row.line}: ${row.fields.length} fields, the header ${width}: ${readList(extra.map((f) => JSON.stringify(f)))} would not be read (put a field holding the delimiter in double quotes, or name the column in the header)`,
    );
  }
}

function seedProblem(cell: string, record: CsvRecord, layout: Layout, delimiter: string): string {
  const base = `line ${record.line}: seed must be a whole number from 1, not ${JSON.stringify(cell)}`;
  if (layout.header) return base;
  // "Smith, John" in a list of names reads as the name Smith with seed John; "Bad<TAB>Name"
  // (one stray tab in a list) as Bad with seed Name: a line holding a delimiter makes CSV.
  if (delimiter === "\t") {
    const spaced = JSON.stringify(record.fields.slice(0, 2).join(" "));
    return `${base} (the line holds a tab, read as a column break; if ${spaced} is one name, write a space for the tab)`;
  }
  const joined = record.fields.slice(0, 2).join(`${delimiter} `);
  return `${base} (if ${JSON.stringify(joined)} is one name, put it in double quotes)`;
}

function entryOf(
  record: CsvRecord,
  layout: Layout,
  delimiter: string,
  problems: string[],
): RosterEntry | undefined {
  const cell = (column: Column) => {
    const at = layout[column];
    return at === undefined ? "" : (record.fields[at] ?? "");
  };
  const entry: RosterEntry = { name: oneLineName(cell("name")), where: `line ${record.line}` };
  if (entry.name === "") {
    problems.push(`line ${record.line}: the name is empty`);
    return undefined;
  }
  const seed = cell("seed");
  if (seed !== "") {
    if (/^\d+$/.test(seed) && Number(seed) >= 1) entry.seed = Number(seed);
    else problems.push(seedProblem(seed, record, layout, delimiter));
  }
  // A line break inside a quoted misc becomes a space, as in a name (before, the service
  // refused the whole roster: "misc must not contain control characters").
  const misc = oneLineName(cell("misc"));
  if (misc !== "") entry.misc = misc;
  return entry;
}

export async function parseCsvRoster(text: string, delimiter: string): Promise<CsvRoster> {
  const records = await readCsvRecords(text, delimiter);
  const notes: string[] = [];
  const problems: string[] = [];
  if (records.length === 0) return { entries: [], notes, problems };
  const header = headerLayout(records[0]!, notes, problems);
  if (header !== undefined && header.name === undefined) return { entries: [], notes, problems };
  const layout = header ?? positionLayout(records, notes);
  const rows = header === undefined ? records : records.slice(1);
  if (header !== undefined) widerThanHeader(rows, records[0]!.fields.length, problems);
  const entries = rows.flatMap((r) => entryOf(r, layout, delimiter, problems) ?? []);
  return { entries, notes, problems };
}
