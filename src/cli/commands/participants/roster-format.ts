/**
 * What kind of text a roster is: a plain list (one name per line) or CSV with
 * a delimiter (`,`, `;` or a tab), and which columns a CSV's first row names.
 * Reading the records is roster-csv.ts's business.
 */

export type RosterFormat =
  | { readonly kind: "list" }
  | { readonly kind: "csv"; readonly delimiter: string };

/** Delimiters tried, in the order that wins a tie. */
const DELIMITERS = ["\t", ";", ","] as const;

/** Column headers read, case-blind, spaces, `_` and `-` alike. */
export const COLUMN_NAMES = {
  name: ["name", "player", "participant", "team", "player name", "team name", "display name"],
  seed: ["seed", "seeding"],
  misc: ["misc"],
} as const;

export type Column = keyof typeof COLUMN_NAMES;

/**
 * A roster cell as a name or a misc: a line break inside it (a spreadsheet cell
 * typed over two lines) becomes one space, as both are one line of text.
 */
export function oneLineName(cell: string): string {
  return cell.replace(/[^\S\r\n]*[\r\n]+\s*/g, " ").trim();
}

/** A roster line as a message shows it: quoted, cut after 40 characters. */
export function shownLine(line: string): string {
  return JSON.stringify(line.length > 40 ? `${line.slice(0, 40)}...` : line);
}

export function headerKey(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, " ");
}

/** The column a header cell names, if any. */
export function columnOf(cell: string): Column | undefined {
  const key = headerKey(cell);
  for (const column of Object.keys(COLUMN_NAMES) as Column[]) {
    if ((COLUMN_NAMES[column] as readonly string[]).includes(key)) return column;
  }
  return undefined;
}

/**
 * For each delimiter, how many records hold it outside double quotes. As in
 * CSV, a quote opens a quoted field only at the start of a field (which may
 * then hold delimiters and line breaks, `""` being a quote); elsewhere, as in
 * `O"Brien`, it is a character.
 */
function delimiterCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  const isDelimiter = (ch: string) => (DELIMITERS as readonly string[]).includes(ch);
  let inRecord = new Set<string>();
  let quoted = false;
  let fieldStart = true;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') i++;
      else if (ch === '"') quoted = false;
    } else if (ch === '"' && fieldStart) {
      quoted = true;
      fieldStart = false;
    } else if (ch === "\n" || isDelimiter(ch)) {
      if (ch === "\n") {
        for (const d of inRecord) counts.set(d, counts.get(d)! + 1);
        inRecord = new Set();
      } else inRecord.add(ch);
      fieldStart = true;
    } else if (ch !== " ") fieldStart = false;
  }
  for (const d of inRecord) counts.set(d, counts.get(d)! + 1);
  return counts;
}

function firstLine(text: string): string {
  for (const line of text.split(/\r?\n/)) if (line.trim() !== "") return line;
  return "";
}

/**
 * CSV when a record holds a delimiter outside quotes (the one in most records
 * wins), or when the first line is a lone name header (`name`, `Player`): a
 * one-column CSV. Otherwise a plain list (roster.ts): every line is a name as
 * it stands, `#` and all; a name may be quoted as in CSV.
 */
export function detectFormat(text: string): RosterFormat {
  let best: string | undefined;
  let most = 0;
  for (const [delimiter, count] of delimiterCounts(text)) {
    if (count > most) [best, most] = [delimiter, count];
  }
  if (best !== undefined) return { kind: "csv", delimiter: best };
  if (columnOf(firstLine(text)) === "name") return { kind: "csv", delimiter: "," };
  return { kind: "list" };
}
