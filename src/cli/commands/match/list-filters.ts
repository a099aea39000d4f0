/**
 * `match list --round N` and `--group N` checked against the rounds and groups the tournament
 * has (an outside review: `match list de --round 99`, `--group 501` of 500 groups, printed
 * nothing and exited 0, as a typo would, while `tourney bracket de --round 99` refused it).
 * A round or group it does not have is a usage error (exit 2) naming those it has; a
 * tournament not started has none yet (exit 5, not-started.ts). A filter that names a round or
 * group it has and keeps no match (`--state open` with none open) still lists nothing, exit 0.
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

function distinct(values: readonly unknown[]): number[] {
  const numbers = values.filter((v): v is number => typeof v === "number");
  return [...new Set(numbers)].sort((a, b) => a - b);
}

/** "rounds 1-10 (losers -1 to -18)": the rounds of `all`, the losers bracket's after. */
export function roundsText(all: readonly ResourceObject[]): string {
  const rounds = distinct(all.map((m) => m.attributes.round));
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

/**
 * Refuses a --round or --group (a group's number) that `all`, every match of `tournament`,
 * does not have; no match at all: the not-started refusal when it has not started.
 */
export async function checkListFilters(
  client: ApiClient,
  tournament: string,
  all: readonly ResourceObject[],
  filters: { readonly round?: number; readonly groupId?: number },
): Promise<void> {
  if (all.length === 0) await refuseIfNotStarted(client, tournament);
  const { round, groupId } = filters;
  if (round !== undefined && !all.some((m) => m.attributes.round === round))
    throw new UsageError(
      `--round ${round}: tournament ${tournament} has no round ${round}; it has ${all.length === 0 ? "no rounds yet" : roundsText(all)}`,
    );
  if (groupId !== undefined && !all.some((m) => m.attributes.group_id === groupId)) {
    const groups = distinct(all.map((m) => m.attributes.group_id));
    const has = groups.length === 0 ? "no groups" : `groups ${runsText(groups)}`;
    throw new UsageError(
      `--group ${groupId}: tournament ${tournament} has no group ${groupId}; it has ${has} (or A, B, ... in that order; final: the final stage)`,
    );
  }
}
