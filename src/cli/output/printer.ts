/**
 * Writes command results: a table on a terminal, tab-separated rows without a
 * header when piped, JSON with --json. Data goes to stdout; notes to stderr.
 *
 * Piped, an empty cell is written `-` (EMPTY_CELL): tab is whitespace to the
 * shell's `read`, so two tabs in a row would be read as one and every later
 * field would shift. Tabs and line breaks inside a value become spaces.
 */
import type { OutputStream } from "../io.js";
import type { FlatRecord } from "./records.js";
import { pick } from "./records.js";

export type OutputMode = "table" | "tsv" | "json";

export interface Column {
  readonly header: string;
  /** A dotted path into the flattened record, or a function of it. */
  readonly value: string | ((record: FlatRecord) => unknown);
}

export function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** What an empty cell prints as in tab-separated output. */
export const EMPTY_CELL = "-";

function tsvCell(value: unknown): string {
  const text = cellText(value).replace(/[\t\n\r]/g, " ");
  return text.trim() === "" ? EMPTY_CELL : text;
}

function columnValue(record: FlatRecord, column: Column): unknown {
  return typeof column.value === "string" ? pick(record, column.value) : column.value(record);
}

export class Printer {
  constructor(
    private readonly stdout: OutputStream,
    private readonly stderr: OutputStream,
    readonly mode: OutputMode,
    private readonly color: boolean,
  ) {}

  /** Indented on a terminal; compact when piped (jq and scripts do not need the spaces). */
  json(value: unknown): void {
    const text = this.stdout.isTTY ? JSON.stringify(value, null, 2) : JSON.stringify(value);
    this.stdout.write(`${text}\n`);
  }

  async list(
    records: readonly FlatRecord[],
    columns: readonly Column[],
    empty = "nothing to show",
  ): Promise<void> {
    if (this.mode === "json") return this.json(records);
    if (this.mode === "tsv") {
      for (const record of records) {
        this.stdout.write(`${columns.map((c) => tsvCell(columnValue(record, c))).join("\t")}\n`);
      }
      return;
    }
    if (records.length === 0) {
      this.note(empty);
      return;
    }
    const rows = records.map((record) => columns.map((c) => cellText(columnValue(record, c))));
    this.stdout.write(
      `${await this.table(
        columns.map((c) => c.header),
        rows,
      )}\n`,
    );
  }

  /** One record: a two-column table of fields, a tab-separated field/value list, or JSON. */
  async record(record: FlatRecord, fields: readonly Column[]): Promise<void> {
    if (this.mode === "json") return this.json(record);
    if (this.mode === "tsv") {
      for (const f of fields)
        this.stdout.write(`${f.header}\t${tsvCell(columnValue(record, f))}\n`);
      return;
    }
    const rows = fields.map((f) => [f.header, cellText(columnValue(record, f))]);
    this.stdout.write(`${await this.table(undefined, rows)}\n`);
  }

  /** A section title above a table (terminal only: piped rows and JSON carry no titles). */
  heading(title: string, first: boolean): void {
    if (this.mode === "table") this.stdout.write(`${first ? "" : "\n"}${title}\n`);
  }

  /** Human notes ("Created tournament 12") go to stderr, never into data. */
  note(message: string): void {
    this.stderr.write(`${message}\n`);
  }

  private async table(head: string[] | undefined, rows: string[][]): Promise<string> {
    const { default: Table } = await import("cli-table3");
    const style = this.color ? { head: ["cyan"], border: ["grey"] } : { head: [], border: [] };
    const table = new Table(head === undefined ? { style } : { head, style });
    table.push(...rows);
    return table.toString();
  }
}
