/**
 * The contents of a tournament export read from a file (`tournament import`),
 * checked before anything is sent: a hand-edited document with a mistake (a
 * seed that is not a number, a player or winner who is not a participant, two
 * matches with one identifier, a score that gives the match to the other player)
 * is refused with a usage error (exit 2) naming the field and what is wrong,
 * instead of being found half-way through the replay, after the tournament was
 * created on the target. document-file.ts checks the format and version first.
 */
import { breachOf } from "../../client/bulk-add-refusals.js";
import { MAX_PARTICIPANTS_WHY, MAX_REPORT_ENTRIES, withSeparators } from "../../model/limits.js";
import { levelScores, scoresAllowWinner, setsText, setsWon } from "../../model/match-result.js";
import { participantNameKey } from "../../model/participant-name.js";
import { matchKey, type TournamentExport } from "../../model/tournament-export.js";
import { StateRefusedError, UsageError } from "../errors.js";
import {
  checkAttachmentText,
  checkNameKey,
  checkParticipantText,
  checkStationText,
} from "./export-text.js";

type Doc = Record<string, unknown>;

/** What the checks may accept that `match report` refuses without --force. */
export interface ContentOptions {
  /** Scores that give the match to the other player than its winner (reported with --force). */
  readonly force?: boolean;
}

export const isObject = (v: unknown): v is Doc =>
  v !== null && typeof v === "object" && !Array.isArray(v);
export const isWhole = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v);
const shown = (v: unknown) => (v === undefined ? "nothing" : JSON.stringify(v));

/** A fault of the file `source`: a usage error naming where it is, saying nothing was sent. */
export class Problem {
  constructor(private readonly source: string) {}
  fail(where: string, what: string, fix = "fix the file, or export it again"): never {
    throw new UsageError(`${this.source}: ${where} ${what}; nothing was sent (${fix})`);
  }
  need(ok: boolean, where: string, what: string, value: unknown): void {
    if (!ok) this.fail(where, `must be ${what}, not ${shown(value)}`);
  }
}

function checkTournament(doc: Doc, p: Problem): void {
  const t = doc.tournament as Doc;
  for (const key of ["url", "name", "tournament_type", "state"])
    p.need(typeof t[key] === "string" && t[key] !== "", `tournament.${key}`, "a text", t[key]);
  p.need(isObject(t.settings), "tournament.settings", "an object", t.settings);
  checkMatchSize(t.settings as Doc, p);
}

/**
 * A free for all's players a match, as the service takes them (2 to MAX_REPORT_ENTRIES):
 * a file written before that bound (9 to 64 were taken) was refused at the tournament's
 * creation on the target, or on a target that took it made matches no report completes.
 */
function checkMatchSize(settings: Doc, p: Problem): void {
  const options = settings.free_for_all_options;
  const max = isObject(options) ? options.max_participants : undefined;
  if (!isWhole(max) || max === 0 || (max >= 2 && max <= MAX_REPORT_ENTRIES)) return;
  p.fail(
    "tournament.settings.free_for_all_options.max_participants",
    `is ${max}, not between 2 and ${MAX_REPORT_ENTRIES}: ${MAX_PARTICIPANTS_WHY}`,
    `set it to ${MAX_REPORT_ENTRIES} or less in the file`,
  );
}

/** The participants' names, each checked once. */
function checkParticipants(doc: Doc, p: Problem): Set<string> {
  const names = new Set<string>();
  // By the service's key too: "Eve" and "eve" are one name there (model/participant-name.ts).
  const keys = new Map<string, number>();
  for (const [i, raw] of (doc.participants as unknown[]).entries()) {
    const where = `participants[${i}]`;
    p.need(isObject(raw), where, "an object", raw);
    const x = raw as Doc;
    p.need(typeof x.name === "string" && x.name !== "", `${where}.name`, "a name", x.name);
    checkParticipantText(p, where, x);
    const name = x.name as string;
    if (names.has(name))
      p.fail(`${where}.name`, `${shown(name)} is there twice (names are unique)`);
    checkNameKey(p, `${where}.name`, name, keys, i);
    names.add(name);
    p.need(isWhole(x.seed) && x.seed >= 1, `${where}.seed`, "a whole number from 1", x.seed);
  }
  // The seeds are 1 to the count, each once (as the service holds them): a seed twice or past
  // the count was refused by the bulk add, after the tournament was created on the target.
  const count = (doc.participants as unknown[]).length;
  const seeded = new Map<number, number>();
  for (const [i, x] of (doc.participants as Doc[]).entries()) {
    const seed = x.seed as number;
    const where = `participants[${i}].seed`;
    if (seed > count)
      p.fail(where, `is ${seed}, past the ${count} participants (seeds run from 1 to their count)`);
    const before = seeded.get(seed);
    if (before !== undefined)
      p.fail(
        where,
        `is ${seed}, participants[${before}]'s seed too (each seed is one participant's)`,
      );
    seeded.set(seed, i);
  }
  return names;
}

/**
 * The participants against what the file's tournament takes (its format's limit and its
 * signup_cap, as bulk add checks them: client/bulk-add-refusals.ts). Before, a file past
 * them created the tournament on the target, then its bulk add was refused saying "nothing
 * was sent" (70,000 into a single elimination; a reviewer found it).
 */
function checkLimit(doc: Doc, p: Problem): void {
  const t = doc.tournament as Doc;
  const total = (doc.participants as unknown[]).length;
  const breach = breachOf({ ...(t.settings as Doc), tournament_type: t.tournament_type }, total);
  if (breach !== undefined)
    p.fail(
      "participants",
      `are ${withSeparators(total)}, more than its tournament takes (${breach})`,
    );
}

function checkSets(m: Doc, where: string, p: Problem): void {
  const sets = m.score_in_sets;
  const pair = (s: unknown) => Array.isArray(s) && s.length === 2 && s.every(isWhole);
  p.need(
    Array.isArray(sets) && sets.every(pair),
    `${where}.score_in_sets`,
    "a list of [player 1, player 2] pairs such as [[3,1],[2,3]]",
    sets,
  );
}

/**
 * The formats whose matches may end in a tie. The service refuses a tie in an elimination
 * match (isEliminationMatch, service/bracket/progress.ts: the winners, losers, grand final
 * and third place sides, which only the elimination formats have) and in a free for all;
 * the file says which format a match is played in: the group stage's stage_type for a
 * group's match, the tournament's type for the final stage's.
 */
const TIE_FORMATS = new Set(["round robin", "swiss"]);

function formatOf(doc: Doc, group: unknown): string {
  const t = doc.tournament as Doc;
  if (group === null) return String(t.tournament_type);
  const options = (t.settings as Doc).group_stage_options;
  const type = isObject(options) ? options.stage_type : undefined;
  return typeof type === "string" ? type : "round robin";
}

/** A tie: only where the match's format takes one, with level scores (as the service rules). */
function checkTie(doc: Doc, m: Doc, key: string, p: Problem): void {
  if (m.tie !== true) return;
  const format = formatOf(doc, m.group);
  if (!TIE_FORMATS.has(format))
    p.fail(
      `match ${key}:`,
      `is a tie, but it is a ${format} match, which cannot end in one (only round robin and swiss matches can)`,
    );
  const sets = m.score_in_sets as [number, number][];
  if (!levelScores(sets))
    p.fail(
      `match ${key}:`,
      `is a tie, but its scores ${setsText(sets)} are not level (a tie needs as many sets won on each side)`,
    );
}

function checkResult(m: Doc, where: string, key: string, p: Problem, o: ContentOptions): void {
  const players = m.players as (string | null)[];
  for (const field of ["winner", "loser"]) {
    const v = m[field];
    if (v === null || v === undefined) continue;
    if (typeof v !== "string" || !players.includes(v))
      p.fail(
        `${where}.${field}`,
        `${shown(v)} is not one of match ${key}'s players (${players.join(", ")})`,
      );
  }
  if (o.force === true || m.tie === true || typeof m.winner !== "string") return;
  if (players.length !== 2 || (m.entries as unknown[]).length > 0) return;
  const sets = m.score_in_sets as [number, number][];
  if (scoresAllowWinner(sets, players[0] === m.winner ? 0 : 1)) return;
  const [one, two] = setsWon(sets);
  const count = (n: number) => `${n} set${n === 1 ? "" : "s"}`;
  p.fail(
    `match ${key}:`,
    `its scores ${setsText(sets)} (from player 1's side: ${players[0]} ${count(one)}, ${players[1]} ${count(two)}) do not give the match to its winner ${m.winner}`,
    "fix the file; or, if it was reported so with match report --force, import with --force",
  );
}

/** One match; its key (matchKey) is returned. */
function checkMatch(
  doc: Doc,
  raw: unknown,
  i: number,
  names: Set<string>,
  p: Problem,
  o: ContentOptions,
) {
  const where = `matches[${i}]`;
  p.need(isObject(raw), where, "an object", raw);
  const m = raw as Doc;
  const id = m.identifier;
  p.need(typeof id === "string" && id !== "", `${where}.identifier`, "a text such as A", id);
  p.need(m.group === null || isWhole(m.group), `${where}.group`, "a group number or null", m.group);
  const key = matchKey({ group: m.group as number | null, identifier: id as string });
  const players = m.players;
  p.need(Array.isArray(players), `${where}.players`, "a list of names (null: not known)", players);
  for (const name of players as unknown[])
    if (name !== null && (typeof name !== "string" || !names.has(name)))
      p.fail(`${where}.players`, `names ${shown(name)}, who is not a participant of the file`);
  p.need(Array.isArray(m.entries), `${where}.entries`, "a list", m.entries);
  checkSets(m, where, p);
  checkResult(m, where, key, p, o);
  checkTie(doc, m, key, p);
  return key;
}

/**
 * The first two stations of `stations` that share a name, compared as the service compares
 * them (it refuses a second station of a name): their places in the list. A match names its
 * station by name, so such a document cannot be replayed: the import stopped at the second
 * ("match A (1) is already at station Table 1 (1)"), and a run again claimed success with
 * it missing. Undefined when the names are distinct.
 */
export function sameNamedStations(
  stations: readonly { readonly name: string }[],
): [number, number] | undefined {
  const first = new Map<string, number>();
  for (const [i, s] of stations.entries()) {
    const key = participantNameKey(s.name);
    const before = first.get(key);
    if (before !== undefined) return [before, i];
    first.set(key, i);
  }
  return undefined;
}

/**
 * `tournament publish`: refuses a tournament whose stations share a name before anything is
 * sent (exit 5), naming them and the rename that lets it through.
 */
export function refuseSameNamedStations(doc: TournamentExport): void {
  const pair = sameNamedStations(doc.stations);
  if (pair === undefined) return;
  const name = JSON.stringify(doc.stations[pair[1]]!.name);
  throw new StateRefusedError(
    `tournament ${doc.tournament.url} has two stations named ${name}: a match names its station by name, so the target could not tell them apart; nothing was sent (rename one with \`tourney station update ${doc.tournament.url} id:ID --name NEW\`, \`station list\` shows the ids)`,
  );
}

function checkReferences(doc: Doc, keys: Set<string>, p: Problem): void {
  for (const list of ["stations", "attachments"])
    p.need(Array.isArray(doc[list]), list, "a list", doc[list]);
  for (const [i, s] of (doc.stations as Doc[]).entries()) {
    p.need(isObject(s) && typeof s.name === "string", `stations[${i}]`, "a named station", s);
    checkStationText(p, `stations[${i}]`, s);
    p.need(Array.isArray(s.queue), `stations[${i}].queue`, "a list", s.queue);
    for (const q of s.queue as unknown[])
      if (typeof q !== "string" || !keys.has(q))
        p.fail(`stations[${i}].queue`, `names ${shown(q)}, which is no match of the file`);
  }
  const pair = sameNamedStations(doc.stations as { name: string }[]);
  if (pair !== undefined)
    p.fail(
      `stations[${pair[1]}].name`,
      `${shown((doc.stations as Doc[])[pair[1]]!.name)} is stations[${pair[0]}]'s name too (station names are unique in a tournament, and a match names its station by name)`,
      "rename one in the file, or in the tournament exported and export it again",
    );
  for (const [i, a] of (doc.attachments as Doc[]).entries()) {
    if (!isObject(a) || typeof a.match !== "string" || !keys.has(a.match))
      p.fail(`attachments[${i}].match`, `names ${shown(a?.match)}, which is no match of the file`);
    checkAttachmentText(p, `attachments[${i}]`, a);
  }
}

/**
 * The swiss byes (optional: files written before them have none): each names a participant of
 * the file, a group (or null) and a round from 1, and no match of that stage and round has
 * them playing (a bye is a round sat out).
 */
function checkByes(doc: Doc, names: Set<string>, p: Problem): void {
  if (doc.byes === undefined) return;
  p.need(Array.isArray(doc.byes), "byes", "a list", doc.byes);
  for (const [i, raw] of (doc.byes as unknown[]).entries()) {
    const where = `byes[${i}]`;
    p.need(isObject(raw), where, "an object", raw);
    const b = raw as Doc;
    if (typeof b.participant !== "string" || !names.has(b.participant))
      p.fail(
        `${where}.participant`,
        `names ${shown(b.participant)}, who is not a participant of the file`,
      );
    p.need(
      b.group === null || isWhole(b.group),
      `${where}.group`,
      "a group number or null",
      b.group,
    );
    p.need(isWhole(b.round) && b.round >= 1, `${where}.round`, "a whole number from 1", b.round);
    const clash = (doc.matches as Doc[]).find(
      (m) =>
        m.group === b.group &&
        m.round === b.round &&
        (m.players as unknown[]).includes(b.participant),
    );
    if (clash !== undefined)
      p.fail(
        where,
        `gives ${b.participant} a bye in round ${b.round}, where they play match ${matchKey(clash as { group: number | null; identifier: string })}`,
      );
  }
}

/** Checks `doc` (its format and version already checked); throws a UsageError naming the fault. */
export function checkExportContents(
  doc: TournamentExport,
  source: string,
  options: ContentOptions = {},
): void {
  const p = new Problem(source);
  const d = doc as unknown as Doc;
  checkTournament(d, p);
  const names = checkParticipants(d, p);
  checkLimit(d, p);
  const keys = new Set<string>();
  for (const [i, m] of (d.matches as unknown[]).entries()) {
    const key = checkMatch(d, m, i, names, p, options);
    if (keys.has(key)) p.fail(`matches[${i}]`, `is a second match ${key} (identifiers are unique)`);
    keys.add(key);
  }
  checkReferences(d, keys, p);
  checkByes(d, names, p);
}
