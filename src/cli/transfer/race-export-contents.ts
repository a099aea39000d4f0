/**
 * The contents of a race export read from a file (`race import`), checked before
 * anything is sent, as export-contents.ts does for tournaments: a hand-edited
 * document with a mistake (a time of someone who is not a participant, a time
 * written as text, a round the race does not have, a name twice) exits 2 naming
 * the field, instead of creating the race and then stopping (exit 5), crashing
 * (exit 1) or dropping a round's times without a word.
 */
import { MAX_ELAPSED_MS } from "../../model/race.js";
import type { RaceExport } from "../../model/race-export.js";
import { isObject, isWhole, Problem } from "./export-contents.js";
import { checkNameKey, checkParticipantText } from "./export-text.js";

type Doc = Record<string, unknown>;

function checkParticipants(doc: Doc, p: Problem): Set<string> {
  const names = new Set<string>();
  const keys = new Map<string, number>();
  for (const [i, raw] of (doc.participants as unknown[]).entries()) {
    const where = `participants[${i}]`;
    p.need(isObject(raw), where, "an object", raw);
    const x = raw as Doc;
    p.need(typeof x.name === "string" && x.name !== "", `${where}.name`, "a name", x.name);
    checkParticipantText(p, where, x);
    if (names.has(x.name as string))
      p.fail(`${where}.name`, `${JSON.stringify(x.name)} is there twice (names are unique)`);
    checkNameKey(p, `${where}.name`, x.name as string, keys, i);
    names.add(x.name as string);
    if (x.seed !== undefined)
      p.need(isWhole(x.seed) && x.seed >= 1, `${where}.seed`, "a whole number from 1", x.seed);
  }
  return names;
}

// [field, what it must be, least, most]: the service's bounds (a time under 100 hours,
// 99:59:59.999, as `race update --time` reads it), so a file past them is refused here
// rather than after the race was created on the target.
const NUMBERS: [string, string, number, number][] = [
  [
    "elapsedTime",
    `a whole number of milliseconds under 100 hours (at most ${MAX_ELAPSED_MS})`,
    0,
    MAX_ELAPSED_MS,
  ],
  ["points", "a whole number from 0", 0, Number.MAX_SAFE_INTEGER],
  ["rank", "a whole number from 1", 1, Number.MAX_SAFE_INTEGER],
];

/** Checks one time; `timed` holds the names this round has timed so far (each once). */
function checkTime(
  raw: unknown,
  where: string,
  names: Set<string>,
  timed: Set<string>,
  p: Problem,
): void {
  p.need(isObject(raw), where, "an object", raw);
  const t = raw as Doc;
  // null: a time of no participant (none on the target either), which the import skips.
  if (t.participant !== null && (typeof t.participant !== "string" || !names.has(t.participant)))
    p.fail(
      `${where}.participant`,
      `${JSON.stringify(t.participant)} is not a participant of the file`,
    );
  // A round holds one time per participant (the target has one to update, not two).
  if (t.participant !== null && timed.has(t.participant as string))
    p.fail(
      `${where}.participant`,
      `${JSON.stringify(t.participant)} is timed twice in this round (one time each)`,
    );
  if (t.participant !== null) timed.add(t.participant as string);
  for (const [field, what, least, most] of NUMBERS) {
    const v = t[field];
    if (v !== undefined && v !== null)
      p.need(isWhole(v) && v >= least && v <= most, `${where}.${field}`, `${what} or null`, v);
  }
}

function checkRounds(doc: Doc, names: Set<string>, p: Problem): void {
  const race = doc.race as Doc;
  const options = race.grandPrixOptions;
  const most = isObject(options) && isWhole(options.rounds) ? options.rounds : undefined;
  const seen = new Set<number>();
  for (const [i, raw] of (doc.rounds as unknown[]).entries()) {
    const where = `rounds[${i}]`;
    p.need(isObject(raw), where, "an object", raw);
    const r = raw as Doc;
    const fits = isWhole(r.number) && r.number >= 1 && (most === undefined || r.number <= most);
    p.need(fits, `${where}.number`, `a round of the race (1 to ${most ?? "its last"})`, r.number);
    if (seen.has(r.number as number)) p.fail(`${where}.number`, `${r.number} is there twice`);
    seen.add(r.number as number);
    p.need(Array.isArray(r.times), `${where}.times`, "a list", r.times);
    const timed = new Set<string>();
    for (const [j, t] of (r.times as unknown[]).entries())
      checkTime(t, `${where}.times[${j}]`, names, timed, p);
  }
}

/** Checks `doc` (its format and version already checked); throws a UsageError naming the fault. */
export function checkRaceExportContents(doc: RaceExport, source: string): void {
  const p = new Problem(source);
  const d = doc as unknown as Doc;
  const race = d.race as Doc;
  for (const key of ["name", "raceType"])
    p.need(typeof race[key] === "string" && race[key] !== "", `race.${key}`, "a text", race[key]);
  checkRounds(d, checkParticipants(d, p), p);
}
