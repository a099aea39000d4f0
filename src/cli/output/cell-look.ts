/**
 * How a table cell reads at a terminal (never piped, never in JSON): times relative
 * to now ("in 2 hours", "3 days ago"), states coloured when colour is on. Pure.
 */

export type Paint = "bold" | "dim" | "green" | "yellow" | "magenta" | "red";

const CODES: Readonly<Record<Paint, string>> = {
  bold: "1",
  dim: "2",
  green: "32",
  yellow: "33",
  magenta: "35",
  red: "31",
};

export function paint(text: string, how: Paint | undefined, color: boolean): string {
  if (!color || how === undefined || text === "") return text;
  return `\x1b[${CODES[how]}m${text}\x1b[0m`;
}

/** A state's colour, as gh colours open, closed and merged. */
const STATE_PAINT: Readonly<Record<string, Paint>> = {
  underway: "green",
  open: "green",
  in_progress: "green",
  checking_in: "yellow",
  checked_in: "yellow",
  pending: "yellow",
  awaiting_review: "yellow",
  group_stages_underway: "green",
  group_stages_finalized: "yellow",
  complete: "magenta",
  ended: "magenta",
};

/** Whether a column holds states (its header says so). */
export function isStateHeader(header: string): boolean {
  return /^state$/i.test(header.trim());
}

export function stateColor(value: string): Paint | undefined {
  return STATE_PAINT[value];
}

/** A date and time as the service writes them (ISO 8601 with a time and an offset). */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;

const UNITS: readonly (readonly [name: string, seconds: number])[] = [
  ["year", 365 * 86_400],
  ["month", 30 * 86_400],
  ["day", 86_400],
  ["hour", 3_600],
  ["minute", 60],
];

/** "3 days ago", "in 2 hours", "just now"; undefined when `text` is not a date and time. */
export function relativeTime(text: string, now: Date): string | undefined {
  if (!ISO_TIME.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  const seconds = Math.round((at - now.getTime()) / 1000);
  const span = Math.abs(seconds);
  const unit = UNITS.find(([, size]) => span >= size);
  if (unit === undefined) return "just now";
  const count = Math.floor(span / unit[1]);
  const amount = `${count} ${unit[0]}${count === 1 ? "" : "s"}`;
  return seconds > 0 ? `in ${amount}` : `${amount} ago`;
}
