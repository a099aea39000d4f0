/**
 * `match list --round N` and `--group N` checked against the rounds and groups the tournament
 * has (an outside review: `match list de --round 99`, `--group 501` of 500 groups, printed
 * nothing and exited 0, as a typo would, while `tourney bracket de --round 99` refused it).
 * A round or group it does not have is a usage error (exit 2) naming those it has; a
 * tournament not started has none yet (exit 5, not-started.ts). A filter that names a round or
 * group it has and keeps no match (`--state open` with none open) still lists nothing, exit 0.
 *
 * The check reads nothing of its own while the list keeps a match (checkedPages): a match of
 * the round kept is proof enough. Only a list that kept none is checked, against the rounds
 * and groups its own read saw when that read was of every match (no --state, no
 * --participant), else against one more read of every match. Before, every such list read
 * every match first to check (a second full read: 124,750 matches of a round robin of 500).
 */
import type { ApiClient } from "../../../client/api-client.js";
import type { ResourceObject } from "../../../model/resource.js";
import { UsageError } from "../../errors.js";
import { refuseIfNotStarted } from "./not-started.js";

/** "1-10", "1-3, 5, 7-8": whole numbers (sorted, distinct) as runs. */
export function runsText(numbers: readonly number[]): string {
  const runs: string[] = [];
  for (let i = 0; i < numbers.length; ) {
    let j = i;
    while (j + 1 < numbers.length && numbers[j + 1] === numbers[j]! + 1) j++;
    runs.push(i === j ? `${numbers[i]}` : `${numbers[i]}-${numbers[j]}`);
    i = j + 1;
  }
  return runs.join(", ");
}

function distinct(values: Iterable<unknown>): number[] {
  const numbers = [...values].filter((v): v is number => typeof v === "number");
  return [...new Set(numbers)].sort((a, b) => a - b);
}

/** "rounds 1-10 (losers -1 to -18)": the rounds given, the losers bracket's after. */
export function roundsText(all: Iterable<number>): string {
  const rounds = distinct(all);
  const winners = rounds.filter((r) => r >= 0);
  const losers = rounds.filter((r) => r < 0).reverse();
  const lowest = losers.at(-1);
  const losersText =
    lowest === undefined
      ? ""
      : losers.length === -lowest && losers[0] === -1
        ? `losers -1 to ${lowest}`
        : `losers ${losers.join(", ")}`;
  if (winners.length === 0) return `rounds ${losersText}`;
  return `rounds ${runsText(winners)}${losersText === "" ? "" : ` (${losersText})`}`;
}

/** The list's --round and --group (a group's number, or the group a letter named). */
export interface ListFilters {
  readonly round?: number;
  readonly groupId?: number;
}

/** The rounds and groups of a tournament's matches, and how many matches were seen. */
export interface SeenMatches {
  count: number;
  readonly rounds: Set<unknown>;
  readonly groups: Set<unknown>;
}

export function seenIn(all: readonly ResourceObject[]): SeenMatches {
  const seen: SeenMatches = { count: 0, rounds: new Set(), groups: new Set() };
  for (const m of all) see(seen, m);
  return seen;
}

function see(seen: SeenMatches, m: ResourceObject): void {
  seen.count++;
  seen.rounds.add(m.attributes.round);
  seen.groups.add(m.attributes.group_id);
}

/** "--group 3: tournament gs has no group 3; it has groups 1-2 (or A, B, ...)" (exit 2). */
export function noGroup(tournament: string, typed: string, groups: Iterable<unknown>): UsageError {
  const ids = distinct(groups);
  const has = ids.length === 0 ? "no groups" : `groups ${runsText(ids)}`;
  return new UsageError(
    `--group ${typed}: tournament ${tournament} has no group ${typed}; it has ${has} (or A, B, ... in that order; final: the final stage)`,
  );
}

/**
 * The group id `--group LETTER` names among every match of `tournament` (A = the first of
 * their group ids in order); none: the refusal of a group number it does not have (exit 2).
 * Before, `noGroup` for a number but match-ref.ts's exit 3 for a letter.
 */
export function letterGroup(
  all: readonly ResourceObject[],
  tournament: string,
  letter: string,
): number {
  const groups = distinct(all.map((m) => m.attributes.group_id));
  const id = groups[letter.charCodeAt(0) - 65];
  if (id === undefined) throw noGroup(tournament, letter, groups);
  return id;
}

/**
 * Refuses a --round or --group that `seen`, every match of `tournament`, does not have; no
 * match at all: the not-started refusal when it has not started.
 */
export async function checkListFilters(
  client: ApiClient,
  tournament: string,
  seen: SeenMatches,
  filters: ListFilters,
): Promise<void> {
  if (seen.count === 0) await refuseIfNotStarted(client, tournament);
  const { round, groupId } = filters;
  if (round !== undefined && !seen.rounds.has(round))
    throw new UsageError(
      `--round ${round}: tournament ${tournament} has no round ${round}; it has ${seen.count === 0 ? "no rounds yet" : roundsText(distinct(seen.rounds))}`,
    );
  if (groupId !== undefined && !seen.groups.has(groupId))
    throw noGroup(tournament, String(groupId), seen.groups);
}

/**
 * `pages` as they come, checked once they end: when none of their matches is of the round
 * and group `filters` name, checkListFilters refuses what the tournament does not have,
 * against what `pages` held when `whole` (they are every match), else against a read of every
 * match. Thrown before the caller writes anything for the last page: an empty list, or
 * nothing at all.
 */
export async function* checkedPages(
  client: ApiClient,
  tournament: string,
  pages: AsyncIterable<readonly ResourceObject[]>,
  filters: ListFilters,
  whole: boolean,
): AsyncGenerator<readonly ResourceObject[]> {
  const { round, groupId } = filters;
  const seen: SeenMatches = { count: 0, rounds: new Set(), groups: new Set() };
  let kept = false;
  for await (const page of pages) {
    for (const m of page) {
      if (whole) see(seen, m);
      if (
        (round === undefined || m.attributes.round === round) &&
        (groupId === undefined || m.attributes.group_id === groupId)
      )
        kept = true;
    }
    yield page;
  }
  if (kept || (round === undefined && groupId === undefined)) return;
  const all = whole ? seen : seenIn(await client.matches.listAll(tournament));
  await checkListFilters(client, tournament, all, filters);
}
