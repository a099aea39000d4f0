/**
 * How large a tournament the embedded service takes (docs/tournaments.md, "Size limits"), and the
 * match counts the limits are checked against before any work is done.
 *
 * Why these numbers (measured on the development machine, 2 cores, Node 20,
 * a start through `tourney serve` on a SQLite file; bench/large-start.mjs):
 * - Storing a stage costs about 5-10 us and 0.5 KB of held rows per match, and
 *   the service answers nothing else while a start runs (better-sqlite3 is
 *   synchronous, and a start is one transaction). Before these limits a
 *   1,000-player round robin (499,500 matches) blocked `serve` for 5.8 s and
 *   704 MB, 2,000 players (1,999,000 matches) for 25 s and 2.6 GB, and 4,000
 *   players ran it out of memory (4.6 GB) and killed it.
 * - A stage of MAX_STAGE_MATCHES (131,072) matches is the largest the project's
 *   benchmarks play: a 65,536-player double elimination stores 131,071 rows (131,070
 *   matches, 2n-2, and the grand-final reset, inactive until it is needed). Such a
 *   start takes about 2-3 s and 250-300 MB at peak; round robin, whose match
 *   count grows with the square of the field, is held to the same count:
 *   512 players (130,816 matches at one iteration), about 1-2 s and 180 MB at
 *   peak (it was 2.4 s and 264 MB before it was stored as the engine yields it).
 * - Swiss pairs each round from the standings when the previous one ends: about
 *   0.6-0.9 s a round at 8,192 players, 1.2-1.5 s at 16,384 and 3.4 s at 32,768
 *   (pairSwissRound, rounds 2-3), so swiss stops at 8,192.
 * - Elimination and free for all store at most about two matches per
 *   participant, so MAX_PARTICIPANTS bounds them.
 */
import type { TournamentType } from "./tournament.js";

/** Participants of one tournament, whatever its format (and the bulk-add total). */
export const MAX_PARTICIPANTS = 65_536;
/** Matches one start stores: the final stage, or every group of a group stage together. */
export const MAX_STAGE_MATCHES = 131_072;
/** Swiss: each later round is paired from the whole field when the previous one ends. */
export const MAX_SWISS_PARTICIPANTS = 8_192;

/**
 * Sets in one participant's score of one match (v2.1 score_set, v1 scores_csv).
 * Unbounded, one match took 120,000 sets (1.2 MB of JSON that every viewer of
 * the bracket downloads; issue 24, item 8). 100 is more than any real series
 * (a best of 199); at the limit a report of 8 entries stays under about 14 KB.
 */
export const MAX_SCORE_SETS = 100;

/**
 * Entries of one match report (v2.1 MatchInput.match: 1 to 8, the published contract's
 * maxItems). A free-for-all match is reported in one request, so it holds at most this
 * many players: free_for_all_options.max_participants stops here. Before, 9 to 64 was
 * taken and such a match could never be reported, nor the tournament finish.
 */
export const MAX_REPORT_ENTRIES = 8;

/** Why free_for_all_options.max_participants stops at MAX_REPORT_ENTRIES, in a refusal's words. */
export const MAX_PARTICIPANTS_WHY = `a free-for-all match is reported in one request of at most ${MAX_REPORT_ENTRIES} entries (the v2.1 contract's match maxItems), so a larger match could never be completed`;

/** Matches of a round robin of `participants` meeting `iterations` times. */
export function roundRobinMatchCount(participants: number, iterations: number): number {
  return (iterations * participants * (participants - 1)) / 2;
}

/** The largest round robin (at `iterations`) whose stage fits MAX_STAGE_MATCHES. */
export function maxRoundRobinParticipants(iterations: number): number {
  // n(n-1)/2 <= M / iterations, solved for n, then corrected for rounding.
  const pairs = Math.floor(MAX_STAGE_MATCHES / Math.max(1, iterations));
  let n = Math.floor((1 + Math.sqrt(1 + 8 * pairs)) / 2);
  while (roundRobinMatchCount(n, 1) > pairs) n--;
  return Math.min(n, MAX_PARTICIPANTS);
}

/** Round robin at one iteration: 512 players, 130,816 matches. */
export const MAX_ROUND_ROBIN_PARTICIPANTS = maxRoundRobinParticipants(1);

/** A limit a start or an addition would break, in words that name it (the caller adds the count). */
export interface LimitBreach {
  readonly limit: number;
  readonly detail: string;
}

/** A count with thousands separators, as the limits' messages write it. */
export const withSeparators = (n: number): string =>
  String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
const count = withSeparators;

/** The most participants a stage of `format` takes (round robin: at `iterations`). */
export function participantLimit(format: TournamentType, iterations = 1): number {
  if (format === "round robin") return maxRoundRobinParticipants(iterations);
  if (format === "swiss") return MAX_SWISS_PARTICIPANTS;
  return MAX_PARTICIPANTS;
}

/** The participant limit of `format`, broken by a field of `participants`, if it is. */
export function participantBreach(
  format: TournamentType,
  participants: number,
  iterations = 1,
): LimitBreach | undefined {
  const limit = participantLimit(format, iterations);
  if (participants <= limit) return undefined;
  const why =
    format === "round robin"
      ? `, so that its stage stays within ${count(MAX_STAGE_MATCHES)} matches (${count(roundRobinMatchCount(participants, iterations))} at ${count(participants)}${iterations > 1 ? `, ${iterations} iterations` : ""})`
      : "";
  return {
    limit,
    detail: `a ${format} takes at most ${count(limit)} participants${why}`,
  };
}

/** The sizes of the groups `participants` are dealt into (snake seeding: they differ by one at most). */
export function groupSizes(participants: number, groupSize: number): number[] {
  const groups = Math.ceil(participants / groupSize);
  const base = Math.floor(participants / groups);
  const larger = participants % groups;
  return Array.from({ length: groups }, (_, i) => base + (i < larger ? 1 : 0));
}

/** At most how many matches a group of `size` stores at its start, by format. */
function groupMatchCount(format: TournamentType, size: number, iterations: number): number {
  if (format === "round robin") return roundRobinMatchCount(size, iterations);
  if (format === "swiss") return Math.floor(size / 2);
  return 2 * size;
}

/** The matches-per-stage limit, broken by a group stage of these groups, if it is. */
export function groupStageBreach(
  format: TournamentType,
  sizes: readonly number[],
  iterations: number,
): LimitBreach | undefined {
  let matches = 0;
  for (const size of sizes) matches += groupMatchCount(format, size, iterations);
  if (matches <= MAX_STAGE_MATCHES) return undefined;
  return {
    limit: MAX_STAGE_MATCHES,
    detail: `a group stage stores at most ${count(MAX_STAGE_MATCHES)} matches; ${sizes.length} ${format} groups of ${count(sizes[0] ?? 0)} would store ${count(matches)}`,
  };
}

/** An attachment's uploaded file, in bytes (issue 15: "up to 250 KB"). */
export const MAX_ATTACHMENT_BYTES = 250 * 1024;
/** Attachments one match may have. */
export const MAX_MATCH_ATTACHMENTS = 4;
