/**
 * Reading a list of participants for bulk add, and checking it before anything
 * is sent: a plain list (one name per line) or CSV (roster-format.ts tells
 * which; roster-csv.ts reads it). Every entry keeps where it came from
 * ("line 26", "argument 3") for messages. Sending is bulk-add-run.ts's business.
 */
import { participantNameKey } from "../../../model/participant-name.js";
import { lengthProblem, PARTICIPANT_MISC, PARTICIPANT_NAME } from "../../../model/text-length.js";
import { UsageError } from "../../errors.js";
import type { RosterEntry } from "./roster-entry.js";
import { detectFormat, oneLineName, shownLine } from "./roster-format.js";

export type { RosterEntry } from "./roster-entry.js";

export interface Roster {
  readonly entries: RosterEntry[];
  /** Lines for stderr: columns that are not read. */
  readonly notes: readonly string[];
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
 * A roster's problems, all of them, one error per line (exit 2: a content error of the
 * input, like a bad flag; nothing is sent).
 */
function refuse(what: string, problems: readonly string[]): never {
  throw new UsageError([`${what}; nothing was added`, ...problems].join("\nerror: "));
}

/**
 * Why the service would refuse the entry, said before anything is sent: its name, and its
 * misc by the same rules (before, a misc the service refuses was sent). The length is the
 * service's own count (model/text-length.ts: characters, not UTF-16 units: 130 emoji were
 * refused as "longer than 255 characters").
 */
function entryProblems(entry: RosterEntry): string[] {
  const name = entry.name.trim();
  if (name === "") return [`${entry.where}: the name is empty`];
  const problems = [
    controlProblem(entry.name, "a name") ?? lengthProblem(PARTICIPANT_NAME, entry.name),
  ];
  if (entry.misc !== undefined)
    problems.push(
      controlProblem(entry.misc, "a misc") ?? lengthProblem(PARTICIPANT_MISC, entry.misc),
    );
  return problems.flatMap((problem, i) =>
    problem === undefined ? [] : `${entry.where}: ${i === 0 ? "the name" : "misc"} ${problem}`,
  );
}

/** As the service reads a field: C0 controls, DEL and C1 (U+0080-U+009F), before trimming. */
function controlProblem(value: string, field: string): string | undefined {
  const control = [...value].find((c) => c < " " || (c >= "\u007f" && c <= "\u009f"));
  if (control === undefined) return undefined;
  const code = control.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0");
  const which = control === "\t" ? "a tab" : "a control character";
  return `holds ${which} (U+${code}), which ${field} cannot; write a space`;
}

const KEEP_QUOTE = 'write a quote that is part of the name as two ("") inside a quoted name';

/**
 * The quoted name starting on line `first` (CSV quoting: `""` is a quote, line breaks
 * allowed), when its closing quote ends a line; undefined when it closes on its own line
 * before more text (then the line is a name as it stands: `"Weird" Al`); a problem when it
 * is never closed, or closes on a later line before more text. Before, a quote never closed
 * left the line as it stands, quote and all (`"Smith, John` was added as that).
 */
function quotedName(
  lines: readonly string[],
  first: number,
): { name: string; last: number } | { problem: string; last: number } | undefined {
  const shown = shownLine(lines[first]!.trim());
  let name = "";
  for (let i = first; i < lines.length; i++) {
    const text = i === first ? lines[i]!.trimStart().slice(1) : lines[i]!;
    if (i > first) name += "\n";
    for (let k = 0; k < text.length; k++) {
      if (text[k] !== '"') name += text[k];
      else if (text[k + 1] === '"') {
        name += '"';
        k++;
      } else {
        const after = text.slice(k + 1).trim();
        if (after === "") return { name, last: i };
        if (i === first) return undefined;
        const problem = `line ${first + 1}: the quoted name ${shown} closes on line ${i + 1} with text after its closing quote (${shownLine(after)}); end the name at its closing quote, or ${KEEP_QUOTE}`;
        return { problem, last: i };
      }
    }
  }
  const problem = `line ${first + 1}: the double quote opening ${shown} is never closed; end the name with a double quote, or ${KEEP_QUOTE}`;
  return { problem, last: first };
}

/**
 * One name per line as it stands: `#TeamLiquid` is a name, there are no
 * comments; blank lines are skipped. A name may be quoted as in CSV, to hold a
 * comma or a line break (which becomes a space): `"Smith, John"`. A quote that
 * opens a line and is never closed is a problem naming the line.
 */
function listEntries(text: string): { entries: RosterEntry[]; problems: string[] } {
  const lines = text.split("\n");
  const entries: RosterEntry[] = [];
  const problems: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === "") continue;
    const quoted = line.startsWith('"') ? quotedName(lines, i) : undefined;
    if (quoted !== undefined && "problem" in quoted) problems.push(quoted.problem);
    else {
      const name = quoted === undefined ? line : oneLineName(quoted.name);
      entries.push({ name, where: `line ${i + 1}` });
    }
    if (quoted !== undefined) i = quoted.last;
  }
  return { entries, problems };
}

/**
 * Reads a roster file's text (a BOM and Windows line ends allowed, also inside quotes). A
 * file whose lines all end in a bare CR (classic Mac OS, a spreadsheet's "CSV (Macintosh)"
 * export) reads as lines too; it was refused as "a control character (U+000D)" (a reviewer
 * found it). A stray CR in a file of LF lines is still that control character, not a line
 * break that would split a name in two.
 */
export async function parseRoster(input: string): Promise<Roster> {
  const unmarked = input.replace(/^\uFEFF/, "");
  const text = unmarked.includes("\n")
    ? unmarked.replace(/\r\n/g, "\n")
    : unmarked.replace(/\r/g, "\n");
  const format = detectFormat(text);
  if (format.kind === "list") {
    const list = listEntries(text);
    if (list.problems.length > 0)
      refuse("the roster has problems", [...list.problems, ...repeatProblems(list.entries)]);
    return { entries: list.entries, notes: [] };
  }
  const { parseCsvRoster } = await import("./roster-csv.js");
  const csv = await parseCsvRoster(text, format.delimiter);
  // Every problem, the repeats among the rows read too (checkRosterRepeats would say them
  // only once these are fixed: a roster with a bad seed and two repeated names took two runs).
  if (csv.problems.length > 0)
    refuse("the roster has problems", [...csv.problems, ...repeatProblems(csv.entries)]);
  return { entries: csv.entries, notes: csv.notes };
}

/**
 * A name twice in one roster is an error naming both places (names are unique
 * in a tournament, compared as model/participant-name.ts says); a re-run skips
 * names already present, never repeats.
 */
export function checkRosterRepeats(roster: readonly RosterEntry[]): void {
  const repeats = repeatProblems(roster);
  if (repeats.length > 0) refuse(REPEATS, repeats);
}

const REPEATS =
  "the roster names a participant twice (names are unique in a tournament, ignoring ASCII case)";

function repeatProblems(roster: readonly RosterEntry[]): string[] {
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
  return repeats;
}

/**
 * Seeds, in any row order: each seed at most once, and none past the number
 * of participants the tournament will have (`total`, when known). Names
 * without a seed fill the places the seeds leave.
 */
export function checkRosterSeeds(roster: readonly RosterEntry[], total?: number): void {
  const problems = seedProblems(roster, total);
  if (problems.length > 0) refuse("the roster's seeds do not fit", problems);
}

/**
 * Every content problem of a roster at once (names the service would refuse, a name
 * or a seed twice), one per line: exit 2, nothing sent.
 */
export function checkRoster(roster: readonly RosterEntry[]): void {
  const names = roster.flatMap(entryProblems);
  const problems = [...names, ...repeatProblems(roster), ...seedProblems(roster)];
  if (problems.length > 0)
    refuse(`the roster has ${problems.length} problem${problems.length > 1 ? "s" : ""}`, problems);
}

function seedProblems(roster: readonly RosterEntry[], total?: number): string[] {
  const first = new Map<number, RosterEntry>();
  const problems: string[] = [];
  for (const entry of roster) {
    if (entry.seed === undefined) continue;
    const earlier = first.get(entry.seed);
    if (earlier !== undefined)
      problems.push(`${earlier.where} and ${entry.where} both have seed ${entry.seed}`);
    else first.set(entry.seed, entry);
    if (total !== undefined && entry.seed > total)
      problems.push(
        `${entry.where}: seed ${entry.seed} is past the last place (the tournament will have ${total} participants)`,
      );
  }
  return problems;
}

/**
 * The order to send a roster in so that every request is valid on its own,
 * whatever the chunking: names without a seed first (in roster order), then
 * the seeded ones by ascending seed. Each lands at its seed; the others keep
 * their order in the places left.
 */
export function sendingOrder(roster: readonly RosterEntry[]): RosterEntry[] {
  const unseeded = roster.filter((e) => e.seed === undefined);
  const seeded = roster.filter((e) => e.seed !== undefined).sort((a, b) => a.seed! - b.seed!);
  return [...unseeded, ...seeded];
}
