/**
 * A times file for `race times bulk-update`: CSV rows `participant,time[,points][,rank]`
 * (`,`, `;` or tab), or columns named by a header row (participant or name,
 * player, racer, driver, team; time; points; rank; any case). A time is written
 * as `--time` takes it (time-format.ts), or DNF for none. Every problem names
 * its line, and all are reported at once. No I/O but the CSV reader's import.
 */
import { MAX_PLACE_POINTS, MAX_TIME_RANK } from "../../../../model/race.js";
import { UsageError } from "../../../errors.js";
import { type CsvRecord, readCsvRecords } from "../../participants/roster-csv.js";
import { detectFormat, headerKey } from "../../participants/roster-format.js";
import { parseTime } from "./time-format.js";

export interface TimeRow {
  /** Participant reference: id, #seed or name. */
  readonly participant: string;
  /** Milliseconds; null: did not finish. */
  readonly time: number | null;
  readonly points?: number;
  readonly rank?: number;
  /** "line 3", for messages. */
  readonly where: string;
}

type Column = "participant" | "time" | "points" | "rank";

const HEADERS: Record<Column, readonly string[]> = {
  participant: ["participant", "name", "player", "racer", "driver", "team", "id"],
  time: ["time", "elapsed time", "elapsedtime"],
  points: ["points"],
  rank: ["rank"],
};

const POSITIONS: Record<Column, number> = { participant: 0, time: 1, points: 2, rank: 3 };

function columnOf(cell: string): Column | undefined {
  const key = headerKey(cell);
  return (Object.keys(HEADERS) as Column[]).find((c) => HEADERS[c].includes(key));
}

/** The header's layout, when the first record names columns (and at least a time). */
function headerLayout(first: CsvRecord): Partial<Record<Column, number>> | undefined {
  const columns = first.fields.map(columnOf);
  if (!columns.includes("time")) return undefined;
  const layout: Partial<Record<Column, number>> = {};
  columns.forEach((c, i) => {
    if (c !== undefined && layout[c] === undefined) layout[c] = i;
  });
  return layout;
}

/**
 * A points or rank cell, 0 to the most the service takes: 0 is "not given", as the service
 * reads it, and clears points or a rank set by hand (before, a rank of 0 was refused here, and
 * nothing cleared one). Above the most, refused here by line before anything is sent: before,
 * the service refused it mid-file, naming a pointer into the request, not the line.
 */
function wholeNumber(cell: string, what: Column, where: string): number | string {
  const most = what === "rank" ? MAX_TIME_RANK : MAX_PLACE_POINTS;
  if (/^\d+$/.test(cell) && Number(cell) <= most) return Number(cell);
  return `${where}: ${what} must be a whole number from 0 to ${most}, not ${JSON.stringify(cell)}`;
}

/** One row, or the problem with it. */
function rowOf(record: CsvRecord, layout: Partial<Record<Column, number>>): TimeRow | string {
  const where = `line ${record.line}`;
  const cell = (c: Column) => (layout[c] === undefined ? "" : (record.fields[layout[c]!] ?? ""));
  const participant = cell("participant");
  if (participant === "") return `${where}: no participant`;
  const text = cell("time");
  if (text === "") return `${where}: no time (write DNF for a racer who did not finish)`;
  let time: number | null = null;
  if (!/^dnf$/i.test(text)) {
    try {
      time = parseTime(text, where);
    } catch (error) {
      return (error as Error).message;
    }
  }
  const row: { -readonly [K in keyof TimeRow]: TimeRow[K] } = { participant, time, where };
  for (const column of ["points", "rank"] as const) {
    if (cell(column) === "") continue;
    const value = wholeNumber(cell(column), column, where);
    if (typeof value === "string") return value;
    row[column] = value;
  }
  return row;
}

/** What a times file gave: the rows read, and the problems of the others. */
export interface TimesFile {
  readonly rows: readonly TimeRow[];
  /** Each starts with its line ("line 3: ..."). */
  readonly problems: readonly string[];
}

const lineOf = (problem: string) => Number(/^line (\d+)/.exec(problem)?.[1] ?? 0);

/** Refuses with every problem, by line (the first ten shown): nothing is sent. */
export function refuseRows(problems: readonly string[]): never {
  problems = [...problems].sort((a, b) => lineOf(a) - lineOf(b));
  const shown = problems.slice(0, 10).map((p) => `  ${p}`);
  const more = problems.length > 10 ? [`  and ${problems.length - 10} more`] : [];
  throw new UsageError(
    ["the times file has problems; nothing was sent:", ...shown, ...more].join("\n"),
  );
}

/**
 * The rows of a times file, and the problems of the rows that could not be
 * read (not refused yet: the caller adds what it finds out about the rows read,
 * and refuses with every problem at once).
 */
export async function parseTimesCsv(text: string): Promise<TimesFile> {
  const format = detectFormat(text);
  const delimiter = format.kind === "csv" ? format.delimiter : ",";
  const records = await readCsvRecords(text, delimiter, "the times file");
  if (records.length === 0) throw new UsageError("the times file has no rows");
  const header = headerLayout(records[0]!);
  const rows = header === undefined ? records : records.slice(1);
  const results = rows.map((r) => rowOf(r, header ?? POSITIONS));
  const problems = results.filter((r): r is string => typeof r === "string");
  return { rows: results.filter((r): r is TimeRow => typeof r !== "string"), problems };
}
