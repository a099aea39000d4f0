/**
 * Writes command results: a table on a terminal (table.ts: borderless, fitted to the
 * width, states coloured, times relative to now), tab-separated rows without a header
 * when piped, JSON with --json. Data goes to stdout; notes to stderr. Piped rows and
 * JSON keep the values as the service gave them (times in ISO 8601).
 *
 * Piped, an empty cell is written `-` (EMPTY_CELL): tab is whitespace to the
 * shell's `read`, so two tabs in a row would be read as one and every later
 * field would shift. Tabs and line breaks inside a value become spaces.
 */

import type { OutputStream } from "../io.js";
import { isStateHeader, relativeTime, stateColor } from "./cell-look.js";
import { selectFields } from "./json-fields.js";
import { JsonOutput } from "./json-output.js";
import type { FlatRecord } from "./records.js";
import { pick } from "./records.js";
import type { Cell } from "./table.js";
import { visibleControls } from "./terminal-text.js";

export type OutputMode = "table" | "tsv" | "json";

/** What a terminal's table needs besides colour: its width, and now for relative times. */
export interface TerminalLook {
  readonly width?: number | undefined;
  readonly now?: (() => Date) | undefined;
  /** What ends a cut cell (table.ts TableLook); undefined: `…`. */
  readonly ellipsis?: string | undefined;
}

/** How much of a list is shown, and where a long table goes at a terminal. */
export interface ListShape {
  /** `-L, --limit`: at most this many records (commands/limit-option.ts). */
  readonly limit?: number | undefined;
  /** At a terminal with $PAGER: a table longer than the screen is shown through it (pager.ts). */
  readonly pager?: { readonly rows: number; show(text: string): Promise<void> } | undefined;
}

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
  const text = visibleControls(cellText(value).replace(/[\t\n\r]/g, " "));
  return text.trim() === "" ? EMPTY_CELL : text;
}

function columnValue(record: FlatRecord, column: Column): unknown {
  return typeof column.value === "string" ? pick(record, column.value) : column.value(record);
}

function tsvLine(record: FlatRecord, columns: readonly Column[]): string {
  return `${columns.map((c) => tsvCell(columnValue(record, c))).join("\t")}\n`;
}

/** The pages up to `limit` records; no page after that is read. */
async function* firstRecords(
  pages: AsyncIterable<readonly FlatRecord[]>,
  limit: number,
): AsyncIterable<readonly FlatRecord[]> {
  let left = limit;
  for await (const page of pages) {
    yield page.slice(0, left);
    left -= Math.min(left, page.length);
    if (left === 0) return;
  }
}

export class Printer {
  constructor(
    private readonly stdout: OutputStream,
    private readonly stderr: OutputStream,
    readonly mode: OutputMode,
    private readonly color: boolean,
    /** --json FIELDS and --jq (json-output.ts); shared by the command's printers. */
    private readonly output: JsonOutput = new JsonOutput(stdout),
    private readonly terminal: TerminalLook = {},
    private readonly shape: ListShape = {},
  ) {}

  /** The records a list shows: the first `--limit` of them. */
  private limited<T>(records: readonly T[]): readonly T[] {
    const { limit } = this.shape;
    return limit === undefined ? records : records.slice(0, limit);
  }

  /** A table: through the pager when it is longer than the screen, else written. */
  private async writeTable(text: string): Promise<void> {
    const { pager } = this.shape;
    if (pager !== undefined && text.split("\n").length >= pager.rows) return pager.show(text);
    this.stdout.write(text);
  }

  /** A value as a terminal's table shows it: a time relative to now, a state coloured. */
  private cell(value: unknown, header: string): Cell {
    const text = visibleControls(cellText(value));
    const when = relativeTime(text, this.terminal.now?.() ?? new Date());
    if (when !== undefined) return { text: when };
    return isStateHeader(header) ? { text, paint: stateColor(text) } : { text };
  }

  /**
   * Indented on a terminal; compact when piped (jq and scripts do not need the spaces).
   * --json FIELDS picks fields; with --jq the value is filtered when the command ends.
   */
  json(value: unknown): void {
    this.output.write(value);
  }

  /**
   * Whether `list` would write its records as `JSON.stringify` makes them, with a line
   * break (--json without fields, --jq or --limit, piped): then `listJson` may write that
   * text made elsewhere (model/records-json.ts).
   */
  get plainJsonList(): boolean {
    return this.mode === "json" && this.shape.limit === undefined && this.output.plain;
  }

  /**
   * The next bytes of what `list` would write in plainJsonList's case, written as they are;
   * false once the reader has gone.
   */
  listJson(parts: readonly Uint8Array[]): boolean {
    if (!this.plainJsonList) throw new Error("Printer.listJson: the list is not plain JSON");
    return this.output.writeBytes(parts);
  }

  /**
   * The top-level fields of each record `list` would read, when not all of them: `--json
   * FIELDS` (with or without --jq), or the columns' first keys (rows, table). Undefined
   * when it prints whole records (`--json`, `--jq` alone) or a column is computed.
   */
  listFields(columns: readonly Column[]): readonly string[] | undefined {
    if (this.mode === "json") return this.output.selection.fields;
    const keys = columns.map((c) => (typeof c.value === "string" ? c.value.split(".")[0]! : ""));
    return keys.includes("") ? undefined : [...new Set(keys)];
  }

  /** `chosen`: the records have exactly the fields listFields named, in its order (json-output.ts writeChosen). */
  async list(
    all: readonly FlatRecord[],
    columns: readonly Column[],
    empty = "nothing to show",
    chosen = false,
  ): Promise<void> {
    const records = this.limited(all);
    if (this.mode === "json") {
      if (chosen && this.output.selection.fields !== undefined)
        return this.output.writeChosen(records);
      return this.json(records);
    }
    if (this.mode === "tsv") {
      // One write of all the rows, as listPages writes a page: a write each was a system
      // call each (1,000 for a list of 1,000 tournaments).
      if (records.length > 0) this.stdout.write(records.map((r) => tsvLine(r, columns)).join(""));
      return;
    }
    if (records.length === 0) {
      this.note(empty);
      return;
    }
    const rows = records.map((r) => columns.map((c) => this.cell(columnValue(r, c), c.header)));
    const look = {
      width: this.terminal.width,
      color: this.color,
      ellipsis: this.terminal.ellipsis,
    };
    const head = columns.map((c) => c.header);
    // Loaded only to draw (cli-table3 and string-width): piped and JSON output never need it.
    const { drawTable } = await import("./table.js");
    await this.writeTable(`${drawTable(head, rows, look)}\n`);
  }

  /**
   * `list` for records that arrive page by page: JSON and tab-separated rows are written
   * as each page comes, so only one page is held (a 131,071-match list is 54 MB of JSON);
   * a table needs every row first, for its column widths. A page that fails after others
   * were written leaves them written (the exit status tells), as `gh api --paginate` does.
   */
  async listPages(
    all: AsyncIterable<readonly FlatRecord[]>,
    columns: readonly Column[],
    empty = "nothing to show",
  ): Promise<void> {
    const pages = this.shape.limit === undefined ? all : firstRecords(all, this.shape.limit);
    if (this.mode === "json") return this.jsonArray(pages);
    if (this.mode === "table") {
      const records: FlatRecord[] = [];
      for await (const page of pages) for (const record of page) records.push(record);
      return this.list(records, columns, empty);
    }
    for await (const page of pages) {
      if (page.length > 0) this.stdout.write(page.map((r) => tsvLine(r, columns)).join(""));
    }
  }

  /**
   * The text `json(all records)` writes, written a page at a time. With --jq, a program going
   * through the records (`.[] | ...`: jq-pages.ts) runs on each page as it comes; any other
   * gets the records gathered, as one array.
   */
  private async jsonArray(pages: AsyncIterable<readonly FlatRecord[]>): Promise<void> {
    const fields = this.output.selection.fields;
    const jq = this.output.selection.jq;
    if (jq !== undefined) {
      const { runsPerPage } = await import("./jq-pages.js");
      const records: FlatRecord[] = [];
      const each = runsPerPage(jq, "array");
      for await (const page of pages) {
        if (!each) for (const record of page) records.push(record);
        else if (page.length > 0)
          await this.output.filterNow(JSON.stringify(fields ? selectFields(page, fields) : page));
      }
      return each ? undefined : this.json(records);
    }
    const pretty = this.stdout.isTTY === true;
    // Indented, an element is its own indented text shifted right by two spaces (JSON text
    // holds no raw line break inside a string, so every "\n" starts a line).
    const item = pretty
      ? (r: FlatRecord) => `  ${JSON.stringify(r, null, 2).replaceAll("\n", "\n  ")}`
      : (r: FlatRecord) => JSON.stringify(r);
    const comma = pretty ? ",\n" : ",";
    let opened = false;
    for await (const page of pages) {
      if (page.length === 0) continue;
      const start = opened ? comma : pretty ? "[\n" : "[";
      const chosen = fields === undefined ? page : (selectFields(page, fields) as FlatRecord[]);
      this.stdout.write(`${start}${chosen.map(item).join(comma)}`);
      opened = true;
    }
    this.stdout.write(opened ? (pretty ? "\n]\n" : "]\n") : "[]\n");
  }

  /** One record: a two-column table of fields, a tab-separated field/value list, or JSON. */
  async record(record: FlatRecord, fields: readonly Column[]): Promise<void> {
    if (this.mode === "json") return this.json(record);
    if (this.mode === "tsv") {
      for (const f of fields)
        this.stdout.write(`${f.header}\t${tsvCell(columnValue(record, f))}\n`);
      return;
    }
    const rows = fields.map(
      (f) => [f.header, this.cell(columnValue(record, f), f.header)] as const,
    );
    const look = { width: this.terminal.width, color: this.color };
    const { drawRecord } = await import("./table.js");
    this.stdout.write(`${drawRecord(rows, look)}\n`);
  }

  /** A section title above a table (terminal only: piped rows and JSON carry no titles). */
  heading(title: string, first: boolean): void {
    if (this.mode === "table") this.stdout.write(`${first ? "" : "\n"}${visibleControls(title)}\n`);
  }

  /** Human notes ("Created tournament 12") go to stderr, never into data. */
  note(message: string): void {
    this.stderr.write(`${visibleControls(message)}\n`);
  }
}
