/**
 * Tables as gh draws them at a terminal: no borders, columns two spaces apart and
 * aligned, headers in capitals, fitted to the terminal's width (the widest columns
 * cut first, ending with `…`), colour only when asked. cli-table3 draws them,
 * configured borderless; the fitting (fitWidths) is ours, on the one measure of
 * width (display-width.ts). Pure: text in, text out.
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
}

const GAP = "  ";
/** No column is cut narrower than this (a table wider than the terminal then wraps). */
const MIN_WIDTH = 6;

/** One line per cell value: tabs and line breaks inside a list's cell become spaces. */
const oneLine = (text: string) => text.replace(/[\t\r\n]+/g, " ");

/**
 * The widths the columns get: when they do not fit, the largest cap such that the
 * columns cut to it fit (the narrow ones, ids and states, keep their width).
 */
export function fitWidths(natural: readonly number[], width: number | undefined): number[] {
  if (width === undefined) return [...natural];
  const room = width - GAP.length * (natural.length - 1);
  const total = (cap: number) => natural.reduce((sum, w) => sum + Math.min(w, cap), 0);
  if (total(Number.POSITIVE_INFINITY) <= room) return [...natural];
  let cap = Math.max(...natural);
  while (cap > MIN_WIDTH && total(cap) > room) cap--;
  return natural.map((w) => Math.min(w, cap));
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
  const header = head.map((h): Cell => ({ text: h.toUpperCase(), paint: "bold" }));
  const body = rows.map((row) => row.map((c) => ({ ...c, text: oneLine(c.text) })));
  const all = [header, ...body];
  const natural = head.map((_, i) => Math.max(...all.map((row) => displayWidth(row[i]!.text))));
  const widths = fitWidths(natural, look.width);
  const table = new Table({ ...BORDERLESS, colWidths: widths });
  for (const row of all)
    table.push(
      row.map((cell, i) => paint(truncate(cell.text, widths[i]!), cell.paint, look.color)),
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
