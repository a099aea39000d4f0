/**
 * Tables as gh draws them at a terminal: no borders, columns two spaces apart and
 * aligned, headers in capitals, fitted to the terminal's width (ending with `…`),
 * colour only when asked. A column empty in every row is left out, silently, as
 * kubectl's wide columns are (piped rows and --json keep every field). Fitting
 * (fitWidths) never cuts an identifier (ID, URL, MATCH, IDENTIFIER), and cuts names
 * (NAME, PLAYER ...) only once the other columns are down to 10 (STEPS), the widest
 * first. cli-table3 draws them, configured borderless; the fitting is ours, on the one
 * measure of width (display-width.ts). Pure: text in, text out.
 */
import Table from "cli-table3";
import { type Paint, paint } from "./cell-look.js";
import { displayWidth, truncate } from "./display-width.js";

export interface Cell {
  readonly text: string;
  readonly paint?: Paint | undefined;
}

export interface TableLook {
  /** The terminal's width; undefined: no fitting. */
  readonly width: number | undefined;
  readonly color: boolean;
  /** What ends a cut cell: `…`, or `~` where the terminal shows ASCII only (io.ts unicodeEnabled). */
  readonly ellipsis?: string | undefined;
}

const GAP = "  ";
/** No column is cut narrower than this (a table wider than the terminal then wraps). */
const MIN_WIDTH = 6;

/** One line per cell value: tabs and line breaks inside a list's cell become spaces. */
const oneLine = (text: string) => text.replace(/[\t\r\n]+/g, " ");

/** How a column gives up width: never (identifiers), last (names), first (the rest). */
export type Fit = "keep" | "name" | "other";

/** The fit of a column, from its header: identifiers are typed next, names read. */
export function fitOf(header: string): Fit {
  const h = header.toUpperCase();
  if (/^(ID|URL|MATCH|IDENTIFIER)$/.test(h)) return "keep";
  return /NAME|PLAYER/.test(h) ? "name" : "other";
}

/**
 * The order columns give up width in: the other columns down to 10, then the names down to
 * 20, then the others down to MIN_WIDTH, then the names; each step cuts its widest first.
 */
const STEPS: readonly (readonly [Fit, number])[] = [
  ["other", 10],
  ["name", 20],
  ["other", MIN_WIDTH],
  ["name", MIN_WIDTH],
];

/**
 * The widths the columns get: when they do not fit, the largest cap of each step (STEPS)
 * such that the columns cut to it fit; "keep" columns keep their width (a table still too
 * wide then wraps).
 */
export function fitWidths(
  natural: readonly number[],
  width: number | undefined,
  fits: readonly Fit[] = [],
): number[] {
  const widths = [...natural];
  if (width === undefined) return widths;
  const room = width - GAP.length * (natural.length - 1);
  const sum = (ws: readonly number[]) => ws.reduce((a, w) => a + w, 0);
  for (const [kind, floor] of STEPS) {
    if (sum(widths) <= room) break;
    const cut = (cap: number) =>
      widths.map((w, i) => ((fits[i] ?? "other") === kind ? Math.min(w, cap) : w));
    let cap = Math.max(0, ...widths.filter((_, i) => (fits[i] ?? "other") === kind));
    while (cap > floor && sum(cut(cap)) > room) cap--;
    widths.splice(0, widths.length, ...cut(cap));
  }
  return widths;
}

/** cli-table3 without borders: only the gap between columns is drawn. */
const BORDERLESS = {
  chars: {
    top: "",
    "top-mid": "",
    "top-left": "",
    "top-right": "",
    bottom: "",
    "bottom-mid": "",
    "bottom-left": "",
    "bottom-right": "",
    left: "",
    "left-mid": "",
    mid: "",
    "mid-mid": "",
    right: "",
    "right-mid": "",
    middle: GAP,
  },
  style: { head: [], border: [], "padding-left": 0, "padding-right": 0, compact: true },
  wordWrap: false,
};

/** A list: a header line (capitals, bold with colour), then one line per row. */
export function drawTable(
  head: readonly string[],
  rows: readonly (readonly Cell[])[],
  look: TableLook,
): string {
  const lines = rows.map((row) => row.map((c) => ({ ...c, text: oneLine(c.text) })));
  // A column empty in every row only takes room (its header's): left out.
  const shown = head
    .map((_, i) => i)
    .filter((i) => rows.length === 0 || lines.some((row) => row[i]!.text.trim() !== ""));
  const header = shown.map((i): Cell => ({ text: head[i]!.toUpperCase(), paint: "bold" }));
  const all = [header, ...lines.map((row) => shown.map((i) => row[i]!))];
  const natural = header.map((_, i) => Math.max(...all.map((row) => displayWidth(row[i]!.text))));
  const widths = fitWidths(
    natural,
    look.width,
    shown.map((i) => fitOf(head[i]!)),
  );
  const table = new Table({ ...BORDERLESS, colWidths: widths });
  for (const row of all)
    table.push(
      row.map((cell, i) =>
        paint(truncate(cell.text, widths[i]!, look.ellipsis), cell.paint, look.color),
      ),
    );
  return table
    .toString()
    .split("\n")
    .map((l) => l.trimEnd())
    .join("\n");
}

/** `text` in lines of at most `width` columns, broken between words when it can be. */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of text.split(" ")) {
    const next = current === "" ? word : `${current} ${word}`;
    if (displayWidth(next) <= width || current === "") current = next;
    else {
      lines.push(current);
      current = word;
    }
    while (displayWidth(current) > width) {
      const head = truncate(current, width + 1).slice(0, -1);
      lines.push(head);
      current = current.slice(head.length);
    }
  }
  return [...lines, current];
}

/**
 * One record: field names (dim with colour) beside their values; a value of several
 * lines, or wider than the terminal, goes on in lines under the first.
 */
export function drawRecord(rows: readonly (readonly [string, Cell])[], look: TableLook): string {
  const keyWidth = Math.max(0, ...rows.map(([key]) => displayWidth(key)));
  const indent = " ".repeat(keyWidth + GAP.length);
  const room =
    look.width === undefined ? undefined : Math.max(MIN_WIDTH, look.width - indent.length);
  return rows
    .map(([key, cell]) => {
      const lines = cell.text
        .split(/\r?\n/)
        .flatMap((l) => (room === undefined ? [l] : wrap(l, room)));
      const value = lines.map((l) => paint(l, cell.paint, look.color)).join(`\n${indent}`);
      const label = paint(key, "dim", look.color) + " ".repeat(keyWidth - displayWidth(key));
      return `${label}${GAP}${value}`.trimEnd();
    })
    .join("\n");
}
