/**
 * Turning `match report` flags into the v2.1 match array (DESIGN.md §3).
 *
 * One-on-one: `--scores 3-1,2-3,3-0` gives one set per comma, always from
 * player 1's side (the match's first player, as `match view` shows it): player
 * 1 gets score_set "3,2,3" and player 2 "1,3,0". `--winner` marks who
 * advances; `--tie` completes a drawn match; neither records scores only.
 * With scores, a tie needs them level and a winner needs the majority of the sets
 * (resultProblem; --force lets a winner through, never a tie).
 *
 * Free for all: `--ranks Ada=1,Grace=2,...` (1 = best) and `--advancing
 * Ada,Grace` for the players moving to the next round.
 */
import type { MatchReport, MatchReportEntry } from "../../../client/matches.js";
import { levelScores, scoresAllowWinner, setsText, setsWon } from "../../../model/match-result.js";
import { UsageError } from "../../errors.js";

export type SetScores = readonly (readonly [number, number])[];

/**
 * Dashes read as the hyphen between two scores, as phone keyboards, word processors and
 * copy-paste write it (an outside review: `--scores 3–1` was refused): the hyphen (U+2010),
 * non-breaking hyphen (U+2011), figure dash (U+2012), en dash (U+2013), em dash (U+2014),
 * horizontal bar (U+2015), minus sign (U+2212), small and fullwidth hyphen-minus (U+FE63,
 * U+FF0D).
 */
const DASHES = /[\u2010-\u2015\u2212\uFE63\uFF0D]/g;

/**
 * `--scores` read: one set per comma, spaces around a set allowed ("3-1, 2-3"), any dash
 * (DASHES) for the hyphen. An empty
 * set (`3-1,,2-0`, `3-1,`) is refused naming which, as `--json id,,name` is: before, it was
 * dropped and the other sets sent as though the list were whole.
 */
export function parseScores(text: string): SetScores {
  const sets = text.split(",").map((s) => s.trim());
  const written = sets.filter((s) => s !== "");
  if (written.length === 0) throw new UsageError("--scores needs at least one set, like 3-1");
  const empty = sets.indexOf("");
  if (empty !== -1)
    throw new UsageError(
      `set ${empty + 1} of --scores is empty (${JSON.stringify(text)}): write one comma between sets: --scores ${written.join(",")}`,
    );
  return sets.map((set) => {
    const m = /^(\d+)\s*-\s*(\d+)$/.exec(set.replace(DASHES, "-"));
    if (m === null)
      throw new UsageError(
        `--scores takes sets like 3-1,2-3,3-0 (player 1's score first), not ${JSON.stringify(text)}`,
      );
    const scores = [Number(m[1]), Number(m[2])] as const;
    if (!scores.every(Number.isSafeInteger))
      throw new UsageError(
        `--scores: ${JSON.stringify(set)} is too large a score (at most ${Number.MAX_SAFE_INTEGER})`,
      );
    return scores;
  });
}

export { setsWon };

/** What a result is checked against: the players' names, the scores, the winner or a tie. */
export interface ResultCheck {
  /** Player 1 and player 2, as messages name them. */
  readonly names: readonly [string, string];
  readonly sets: SetScores;
  /** 0: player 1 won, 1: player 2 won. */
  readonly winnerSide?: 0 | 1 | undefined;
  readonly tie: boolean;
}

const setCount = (n: number) => `${n} set${n === 1 ? "" : "s"}`;

/**
 * Why the scores do not fit the result (model/match-result.ts's rule), or undefined: a tie
 * needs level scores, a winner the majority of the sets. Scores are from player 1's side.
 */
export function resultProblem(r: ResultCheck): string | undefined {
  if (r.sets.length === 0) return undefined;
  const [one, two] = r.names;
  const [won1, won2] = setsWon(r.sets);
  const text = setsText(r.sets);
  const read = `${text} (from player 1's side: ${one} ${setCount(won1)}, ${two} ${setCount(won2)})`;
  if (r.tie)
    return levelScores(r.sets) ? undefined : `a tie needs level scores, and ${read} are not level`;
  if (r.winnerSide === undefined || scoresAllowWinner(r.sets, r.winnerSide)) return undefined;
  const winner = r.names[r.winnerSide];
  if (won1 === won2) return `${read} give neither player the majority, not ${winner} the match`;
  const flipped = setsText(r.sets.map(([a, b]) => [b, a] as const));
  return `${read} give the match to ${r.names[1 - r.winnerSide]}, not ${winner}; if ${winner} won, from player 1's side that is ${flipped}`;
}

export interface OneOnOne {
  readonly player1: number;
  readonly player2: number;
  readonly sets: SetScores;
  /** The winner's participant id (one of the two players). */
  readonly winner?: number | undefined;
  readonly tie?: boolean | undefined;
}

export function oneOnOneReport(input: OneOnOne): MatchReport {
  const side = (i: 0 | 1) => input.sets.map((s) => s[i]).join(",");
  const entry = (id: number, scores: string): MatchReportEntry => {
    if (input.tie) return { participant_id: id, score_set: scores, advancing: false };
    if (input.winner === undefined) return { participant_id: id, score_set: scores };
    return { participant_id: id, score_set: scores, advancing: id === input.winner };
  };
  const match = [entry(input.player1, side(0)), entry(input.player2, side(1))];
  return input.tie ? { match, tie: true } : { match };
}

/**
 * One flag's pairs: split at commas, a piece without "=" kept with the next one, so that a
 * name holding a comma reads whole ("Smith, John=1,Bo=2": "Smith, John" and "Bo"; before,
 * "Smith" was refused as a pair, a review found).
 */
function rankPairs(value: string): string[] {
  const pairs: string[] = [];
  let pending = "";
  const pieces = value.split(",");
  // An empty item (`Ada=1,,Bob=2`, a trailing or leading comma) is refused naming it, as
  // --scores' empty set is: it was dropped without a word.
  refuseEmptyItem("--ranks", value, pieces, `"Ada=1,Grace=2"`);
  for (const piece of pieces) {
    const joined = pending === "" ? piece : `${pending},${piece}`;
    if (piece.includes("=")) {
      pairs.push(joined);
      pending = "";
    } else pending = joined;
  }
  if (pending !== "") pairs.push(pending);
  return pairs;
}

/** Splits "Ada=1,Grace=2" (or repeated flags) into [ref, rank] pairs. */
export function parseRanks(values: readonly string[]): [string, number][] {
  const pairs = values.flatMap(rankPairs).filter((v) => v.trim() !== "");
  if (pairs.length === 0) throw new UsageError("--ranks needs participant=rank pairs");
  return pairs.map((pair) => {
    const at = pair.lastIndexOf("=");
    const rank = pair.slice(at + 1).trim();
    if (at <= 0 || !/^\d+$/.test(rank) || Number(rank) < 1 || !Number.isSafeInteger(Number(rank)))
      throw new UsageError(
        `--ranks takes participant=rank pairs like "Ada=1,Grace=2" (rank 1 = best), not ${JSON.stringify(pair)}`,
      );
    return [pair.slice(0, at).trim(), Number(rank)];
  });
}

/** `--advancing Ada,Grace` (or repeated): the refs, an empty item refused naming it. */
export function parseRefList(values: readonly string[]): string[] {
  return values.flatMap((value) => {
    const items = value.split(",").map((v) => v.trim());
    refuseEmptyItem("--advancing", value, items, "Ada,Grace");
    return items;
  });
}

/**
 * Refuses a list flag's value (`flag`, as typed: `value`, split at its commas: `items`)
 * with an empty item, naming which and the list as it should be written (`example`).
 */
function refuseEmptyItem(
  flag: string,
  value: string,
  items: readonly string[],
  example: string,
): void {
  const empty = items.findIndex((item) => item.trim() === "");
  if (empty === -1) return;
  throw new UsageError(
    `item ${empty + 1} of ${flag} is empty (${JSON.stringify(value)}): write one comma between items, like ${flag} ${example}`,
  );
}

/**
 * A free-for-all result: each ranked player with the scores the match holds for them
 * (`recorded`, by participant id; sent again, since score_set is required and an empty one
 * would wipe them).
 */
export function freeForAllReport(
  ranks: readonly (readonly [number, number])[],
  advancing: ReadonlySet<number>,
  recorded: ReadonlyMap<number, string> = new Map(),
): MatchReport {
  return {
    match: ranks.map(([id, rank]) => ({
      participant_id: id,
      score_set: recorded.get(id) ?? "",
      rank,
      advancing: advancing.has(id),
    })),
  };
}
