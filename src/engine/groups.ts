/**
 * Two-stage tournaments: the group stage and the seeding of the final stage.
 *
 * Groups: ceil(n / group_size) groups filled by snake seeding (16 into 4 groups:
 * [1,8,9,16], [2,7,10,15], [3,6,11,14], [4,5,12,13]); when n is not a multiple of
 * the group count, the last, incomplete row goes to the first groups, so no group is
 * smaller than a later one (10 players by 4: sizes 4, 3, 3).
 *
 * Final stage: `participant_count_to_advance_per_group` advance from each group;
 * group winners are seeded first, then runners-up, and so on. Within one finishing
 * place, players are ordered by how well they did in their group, measured so that
 * groups of different sizes compare (match win rate, then game win percentage, then
 * points difference per match), then by group order.
 */
import { EngineRuleError } from "./errors.js";
import type { StandingRow } from "./standings.js";
import type { EngineParticipant } from "./types.js";

export const GROUP_SIZE_POINTER = "/data/attributes/group_stage_options/group_size";
export const ADVANCE_POINTER =
  "/data/attributes/group_stage_options/participant_count_to_advance_per_group";

export interface GroupStageRules {
  readonly participantCount: number;
  readonly groupSize: number;
  readonly advancePerGroup: number;
}

/** Every rule the group-stage settings break (empty when they are fine). */
export function groupStageRuleErrors(rules: GroupStageRules): EngineRuleError[] {
  const { participantCount, groupSize, advancePerGroup } = rules;
  const errors: EngineRuleError[] = [];
  if (!Number.isInteger(groupSize) || groupSize < 2) {
    errors.push(
      new EngineRuleError("group_size must be a whole number of at least 2", GROUP_SIZE_POINTER),
    );
  }
  if (!Number.isInteger(advancePerGroup) || advancePerGroup < 1) {
    errors.push(
      new EngineRuleError(
        "participant_count_to_advance_per_group must be a whole number of at least 1",
        ADVANCE_POINTER,
      ),
    );
  } else if (advancePerGroup >= groupSize) {
    errors.push(
      new EngineRuleError(
        `participant_count_to_advance_per_group (${advancePerGroup}) must be below group_size (${groupSize})`,
        ADVANCE_POINTER,
      ),
    );
  }
  if (errors.length === 0) {
    const split = groupSplitError(participantCount, groupSize, advancePerGroup);
    if (split !== undefined) errors.push(split);
  }
  return errors;
}

/**
 * What the split of `participantCount` into groups of `groupSize` needs: two groups at least
 * (one group is a round of its own, not a group stage), no group of one player (it would
 * play no match), and fewer to advance than the smallest group holds (or nobody of that
 * group is eliminated). The groups differ by one player at most, the larger first, and may
 * all be smaller than group_size: 7 by 4 is 4 and 3, 10 by 4 is 4, 3 and 3, 7 by 6 is 4
 * and 3 (snakeDistribute over groupCount groups).
 */
function groupSplitError(
  participantCount: number,
  groupSize: number,
  advancePerGroup: number,
): EngineRuleError | undefined {
  if (participantCount <= groupSize) {
    return new EngineRuleError(
      `${participantCount} participants make a single group of ${groupSize}: a group stage needs at least two groups, so more than ${groupSize} participants or a group_size below ${participantCount}`,
      GROUP_SIZE_POINTER,
    );
  }
  const groups = groupCount(participantCount, groupSize);
  const smallest = Math.floor(participantCount / groups);
  const sizes = Array.from({ length: groups }, (_, i) =>
    i < participantCount % groups ? smallest + 1 : smallest,
  );
  const made = `${participantCount} participants in groups of ${groupSize} make groups of ${sizes.slice(0, -1).join(", ")} and ${sizes.at(-1)}`;
  if (smallest < 2)
    return new EngineRuleError(
      `${made}: a group of one player plays no match; choose another group_size`,
      GROUP_SIZE_POINTER,
    );
  if (advancePerGroup < smallest) return undefined;
  return new EngineRuleError(
    `${made}: participant_count_to_advance_per_group (${advancePerGroup}) must be below the smallest group (${smallest}), or all of it advances; advance at most ${smallest - 1} a group`,
    ADVANCE_POINTER,
  );
}

/** Throw the first rule the group-stage settings break. */
export function assertGroupStageRules(rules: GroupStageRules): void {
  const [first] = groupStageRuleErrors(rules);
  if (first) throw first;
}

/** Number of groups: ceil(participants / group_size). */
export function groupCount(participantCount: number, groupSize: number): number {
  return Math.ceil(participantCount / groupSize);
}

/**
 * Deal items in snake order into `bucketCount` buckets: row 1 left to right, row 2
 * right to left, ...; an incomplete last row goes to the first buckets.
 */
export function snakeDistribute<T>(items: readonly T[], bucketCount: number): T[][] {
  const buckets = Array.from({ length: bucketCount }, (): T[] => []);
  const fullRows = Math.floor(items.length / bucketCount);
  items.forEach((item, index) => {
    const row = Math.floor(index / bucketCount);
    const column = index % bucketCount;
    const reversed = row < fullRows && row % 2 === 1;
    buckets[reversed ? bucketCount - 1 - column : column]!.push(item);
  });
  return buckets;
}

/** Participants (any order) snake-seeded into ceil(n / groupSize) groups, each in seed order. */
export function snakeGroups(
  participants: readonly EngineParticipant[],
  groupSize: number,
): EngineParticipant[][] {
  if (!Number.isInteger(groupSize) || groupSize < 2) {
    throw new EngineRuleError(
      "group_size must be a whole number of at least 2",
      GROUP_SIZE_POINTER,
    );
  }
  const bySeed = [...participants].sort((a, b) => a.seed - b.seed || a.id - b.id);
  return snakeDistribute(bySeed, groupCount(bySeed.length, groupSize));
}

/** A final-stage entrant and where it came from. */
export interface FinalStageEntrant {
  readonly participantId: number;
  /** Final-stage seed, 1 = best. */
  readonly seed: number;
  /** Index of the group it came from (0 = the first group). */
  readonly group: number;
  /** Its rank in that group. */
  readonly groupRank: number;
}

/** How well a group result went, comparable across group sizes (higher is better). */
function groupQuality(row: StandingRow): readonly number[] {
  const played = row.matchesPlayed;
  const matchScore = row.matchWins + row.matchTies / 2;
  return [
    played === 0 ? 0 : matchScore / played,
    row.gameWinPercentage,
    played === 0 ? 0 : row.pointsDifference / played,
  ];
}

function compareQuality(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return b[i]! - a[i]!;
  return 0;
}

/**
 * Final-stage seeds from group standings (each in rank order): winners first, then
 * runners-up, ..., `advancePerGroup` from each group.
 */
export function finalStageSeeds(
  groupStandings: readonly (readonly StandingRow[])[],
  advancePerGroup: number,
): FinalStageEntrant[] {
  const entrants: Omit<FinalStageEntrant, "seed">[] = [];
  for (let place = 0; place < advancePerGroup; place++) {
    const tier = groupStandings
      .map((rows, group) => ({ row: rows[place], group }))
      .filter((entry): entry is { row: StandingRow; group: number } => entry.row !== undefined)
      .sort(
        (a, b) => compareQuality(groupQuality(a.row), groupQuality(b.row)) || a.group - b.group,
      );
    for (const { row, group } of tier) {
      entrants.push({ participantId: row.participantId, group, groupRank: place + 1 });
    }
  }
  return entrants.map((entrant, index) => ({ ...entrant, seed: index + 1 }));
}

/** First-round pairs of a bracket as 1-based seed pairs, e.g. 8 -> [1,8], [4,5], [2,7], [3,6]. */
export type FirstRoundPairing = (
  participantCount: number,
) => readonly (readonly [number, number])[];

/**
 * Reorder final-stage entrants so that no first-round pair holds two players of the
 * same group, moving seeds as little as possible. Pairs are checked in order of
 * their better seed; a clashing pair is mended by one swap of either of its players
 * with another place, for which neither pair clashes afterwards. Among the swaps
 * that work, the one moving a seed the shortest distance wins; on equal distance,
 * moving the weaker player of the pair, then a place on the weaker side of another
 * pair, then a place in another pair, then a first-round bye, then the lower seed.
 * A clash no swap can mend (one group holds more than half the field) stays.
 * Seeds are renumbered 1..n.
 */
export function keepGroupsApart(
  entrants: readonly FinalStageEntrant[],
  firstRound: FirstRoundPairing,
): FinalStageEntrant[] {
  const order = [...entrants].sort((a, b) => a.seed - b.seed);
  const n = order.length;
  const partner = new Array<number>(n).fill(-1);
  const weaker = new Set<number>();
  for (const [x, y] of firstRound(n)) {
    if (!(x >= 1 && y >= 1 && x <= n && y <= n && x !== y)) {
      throw new RangeError(`first-round pair ${x}-${y} is not a pair of seeds 1..${n}`);
    }
    partner[x - 1] = y - 1;
    partner[y - 1] = x - 1;
    weaker.add(Math.max(x, y) - 1);
  }
  const clashes = (i: number) => partner[i] !== -1 && order[i]!.group === order[partner[i]!]!.group;
  const swap = (i: number, j: number) => {
    [order[i], order[j]] = [order[j]!, order[i]!];
  };
  const strongerSides = [...weaker].map((w) => partner[w]!).sort((a, b) => a - b);
  for (const strong of strongerSides) {
    const weak = partner[strong]!;
    if (!clashes(weak)) continue;
    for (const { from, to } of swapCandidates(strong, weak, partner, weaker)) {
      swap(from, to);
      if (!clashes(from) && !clashes(to)) break;
      swap(from, to);
    }
  }
  return order.map((entrant, index) => ({ ...entrant, seed: index + 1 }));
}

/** Swaps that could mend the pair (strong, weak), most preferred first. */
function swapCandidates(
  strong: number,
  weak: number,
  partner: readonly number[],
  weaker: ReadonlySet<number>,
): { from: number; to: number }[] {
  const side = (i: number) => (weaker.has(i) ? 0 : partner[i] !== -1 ? 1 : 2);
  const candidates: { from: number; to: number; key: number[] }[] = [];
  for (const from of [weak, strong]) {
    for (let to = 0; to < partner.length; to++) {
      if (to === weak || to === strong) continue;
      const key = [Math.abs(to - from), from === weak ? 0 : 1, side(to), -to];
      candidates.push({ from, to, key });
    }
  }
  const compare = (a: number[], b: number[]) => {
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
    return 0;
  };
  return candidates.sort((a, b) => compare(a.key, b.key));
}
