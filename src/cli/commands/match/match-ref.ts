/**
 * Naming a match on the command line: its id (`57`) or its identifier (`A`,
 * `B`, ... `AA`; `F1-2` in a free for all). Identifiers are unique within a
 * stage only: when several matches carry one (groups of a group stage, group
 * stage and final stage), these narrow them down, in order: `--group` (a group,
 * or `final`: the final stage); once the final stage has started, its match (the
 * group stage's are final then: no report, reopen or mark-underway is taken on
 * them, so a bare identifier names the match still played); the participants
 * the command names (a single match holding them all is taken); the single open
 * one. Otherwise the command asks for the id, or the group.
 */
import type { ApiClient } from "../../../client/api-client.js";
import { NotFoundError } from "../../../client/errors.js";
import type { ResourceObject } from "../../../model/resource.js";
import { StateRefusedError, UnknownReferenceError, UsageError } from "../../errors.js";
import { someOf } from "../participants/file-items.js";
import { playerIds } from "./match-columns.js";
import { refuseIfNotStarted } from "./not-started.js";

export const MATCH_REF_HELP = "match id, or identifier (A, B, ... AA) as `match list` shows it";

export const GROUP_REF_HELP =
  "the match's group: its number as `match list` shows it, its letter (A = the first group), or final (the final stage's match, which a bare identifier names once that stage has started)";

/** A match as a command names it: tournament, match id or identifier, and its group. */
export interface MatchTarget {
  /** Tournament id or url. */
  readonly tournament: string;
  /** Match id, or identifier (see MATCH_REF_HELP). */
  readonly match: string;
  /** `--group` (see GROUP_REF_HELP). */
  readonly group?: string | undefined;
}

export interface MatchHints {
  /** `--group`: a group id or letter (see GROUP_REF_HELP). */
  readonly group?: string | undefined;
  /**
   * Participant ids the command names (a winner, ranked players); asked for only when
   * several matches carry the identifier, as finding them may read the whole roster.
   */
  readonly participants?: () => Promise<readonly number[]>;
}

function groupOf(match: ResourceObject): number | null {
  const group = match.attributes.group_id;
  return typeof group === "number" ? group : null;
}

function whereIs(match: ResourceObject): string {
  const group = groupOf(match);
  const stage = group === null ? "final stage" : `group ${group}`;
  return `${match.id} (${stage}, ${String(match.attributes.state)})`;
}

/**
 * `--group` as typed: a group's number (its id, as `match list` shows it), its letter, or
 * `final`: the final stage (its matches have no group_id).
 */
export type GroupRef =
  | { readonly id: number }
  | { readonly letter: string }
  | { readonly final: true };

/**
 * Reads `--group` (no I/O), the one reading of every command that takes it (match list,
 * report, view, reopen, mark-underway, station assign and queue): a whole number, or a
 * letter (A = the first group, in any case), or `final` (any case): the final stage's match;
 * anything else is a usage error (exit 2). Before, `match list` took numbers only ("--group
 * needs a whole number, not "B""), and a final-stage match had no --group at all.
 */
export function parseGroupRef(text: string): GroupRef {
  const typed = text.trim().toUpperCase();
  if (/^\d+$/.test(typed)) return { id: Number(typed) };
  if (/^[A-Z]$/.test(typed)) return { letter: typed };
  if (typed === "FINAL") return { final: true };
  throw new UsageError(
    `--group takes a group's number, as \`match list\` shows it, its letter (A = the first group), or final (the final stage), not ${JSON.stringify(text)}`,
  );
}

/**
 * The group id `ref` (`--group`, parseGroupRef's) names among the tournament's matches
 * `all`: a number, or A for the first group (group ids in order); no such group is exit 3.
 * `final` is null, the final stage's group_id.
 */
export function resolveGroup(
  all: readonly ResourceObject[],
  tournament: string,
  ref: string,
): number | null {
  const read = parseGroupRef(ref);
  if ("final" in read) return null;
  const groups = [...new Set(all.map(groupOf).filter((g): g is number => g !== null))].sort(
    (a, b) => a - b,
  );
  const id = "id" in read ? read.id : groups[read.letter.charCodeAt(0) - 65];
  if (id !== undefined && groups.includes(id)) return id;
  // The first few (someOf): a group stage of 4,000 players has 1,000 groups.
  const known =
    groups.length === 0
      ? "it has no groups"
      : `its groups are ${someOf(groups, SHOWN)}${groups.length > SHOWN ? `, up to ${groups.at(-1)}` : ""}`;
  throw new UnknownReferenceError(
    `no group ${JSON.stringify(ref)} in tournament ${tournament}: ${known} (or A, B, ... in that order; final: the final stage)`,
  );
}

/** How many groups, or matches, a refusal names before "and N more". */
const SHOWN = 5;

/** Whether every one of `ids` plays in `match`. */
function holds(match: ResourceObject, ids: readonly number[]): boolean {
  const listed = match.attributes.participant_ids;
  const players = Array.isArray(listed) ? listed.map(Number) : playerIds(match);
  return ids.every((id) => players.includes(id));
}

/**
 * Narrows matches sharing an identifier down to one, or says why it cannot, naming the first
 * few. Before, every one: `match report gs A --tie` in a group stage of 4,000 players was a
 * message of 24 KB on one line, naming the match A of all 1,000 groups.
 */
async function pick(
  named: readonly ResourceObject[],
  hints: MatchHints,
  label: string,
): Promise<ResourceObject> {
  if (named.length === 1) return named[0]!;
  const ids = (await hints.participants?.()) ?? [];
  const holding = ids.length === 0 ? [] : named.filter((m) => holds(m, ids));
  if (holding.length === 1) return holding[0]!;
  const candidates = holding.length > 1 ? holding : named;
  const open = candidates.filter((m) => m.attributes.state === "open");
  if (open.length === 1) return open[0]!;
  throw new UsageError(
    `match ${label} is ambiguous: it names matches ${someOf(candidates, SHOWN, whereIs)}; name the match by its id${hints.group === undefined ? groupWays(candidates) : ""}`,
  );
}

/**
 * The matches an identifier names, `bare` (no --group): the final stage's alone once that
 * stage has started (the group stage's are final then, refused by report, reopen and
 * mark-underway: `--group N` names one). Before, they were one more of the candidates,
 * left among "and N more" behind the groups' by the refusal, and no --group named them.
 */
function preferFinalStage(named: readonly ResourceObject[], bare: boolean): ResourceObject[] {
  const finalStage = named.filter((m) => groupOf(m) === null);
  if (bare && finalStage.length > 0) return finalStage;
  return [...named];
}

/**
 * How a refusal's candidates, in several groups, are each named with --group (a final-stage
 * match is never among them: preferFinalStage took it).
 */
function groupWays(candidates: readonly ResourceObject[]): string {
  const groups = candidates.map(groupOf);
  if (new Set(groups).size < 2) return "";
  return `, or its group with --group (--group ${groups[0]} names group ${groups[0]}'s)`;
}

export async function resolveMatch(
  client: ApiClient,
  tournament: string,
  ref: string,
  hints: MatchHints = {},
): Promise<ResourceObject> {
  if (hints.group !== undefined) parseGroupRef(hints.group); // refused before anything is read
  // A match id not found: the tournament's state says why when it has not started.
  const notStarted = async (error: unknown): Promise<never> => {
    if (!(error instanceof NotFoundError)) throw error;
    await refuseIfNotStarted(client, tournament).catch((e: unknown) => {
      throw e instanceof StateRefusedError ? e : error;
    });
    throw error;
  };
  if (/^\d+$/.test(ref)) return client.matches.get(tournament, ref).catch(notStarted);
  const identifier = ref.trim().toUpperCase();
  // Only the matches of that identifier (issue 27: a 512-player round robin's 130,816 were
  // all read to find one), unless --group is given: a group letter counts every group.
  const all = await client.matches.listAll(
    tournament,
    hints.group === undefined && /^[A-Z]{1,6}$/.test(identifier) ? { identifier } : {},
  );
  const group = hints.group === undefined ? undefined : resolveGroup(all, tournament, hints.group);
  const where =
    group === undefined ? "" : group === null ? " in the final stage" : ` in group ${group}`;
  const named = preferFinalStage(
    all.filter(
      (m) =>
        String(m.attributes.identifier).toUpperCase() === identifier &&
        (group === undefined || groupOf(m) === group),
    ),
    group === undefined,
  );
  if (named.length === 0) {
    if (all.length === 0) await refuseIfNotStarted(client, tournament);
    throw new UnknownReferenceError(
      `no match ${JSON.stringify(ref)}${where} in tournament ${tournament}; \`tourney match list ${tournament}\` shows them`,
    );
  }
  return pick(named, hints, `${identifier}${where} in tournament ${tournament}`);
}
