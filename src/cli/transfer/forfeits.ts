/**
 * Which of a file's results were forfeits, made by a participant's removal mid-event (the
 * replay removes them on the target just before their first forfeit: match-replay.ts). The
 * file records no forfeit as such: a forfeit is a loss without scores by a removed player,
 * and a result reported without scores (`match report --winner`) looks the same. So a removed
 * player's scoreless loss counts as a forfeit only when it can have been one:
 *  - outside a round robin, it is their last result: a removal forfeits the one match they
 *    have open and they are paired in no other after it;
 *  - in a round robin (their remaining matches all forfeited at once), no result of theirs
 *    that is not such a loss was completed after it;
 *  - in a swiss stage, no bye of theirs comes in a later round of it: a bye is given only to
 *    a player still in when its round is paired.
 * Before, every scoreless loss of a removed player was taken for a forfeit: a swiss player
 * who lost round 1 without scores, took round 2's bye and was then removed was removed before
 * round 1's report on the target, round 2 was paired without them, and the import stopped at
 * a round-3 match whose players differed (exit 5; a reviewer found it).
 */
import type { ExportedBye, ExportedMatch } from "../../model/tournament-export.js";

/** The participants removed mid-event, and the forfeits their removals made. */
export interface Leavers {
  readonly removed: ReadonlySet<string>;
  readonly forfeits: ReadonlyMap<ExportedMatch, string>;
}

/** Everyone a match holds: its players, or a free for all's entries. */
export function peopleIn(m: ExportedMatch): string[] {
  const names = m.players.filter((p): p is string => p !== null);
  for (const e of m.entries) if (!names.includes(e.participant)) names.push(e.participant);
  return names;
}

/** The removed participant who lost `m` without scores (a forfeit's look), if one did. */
function scorelessLoser(m: ExportedMatch, removed: ReadonlySet<string>): string | undefined {
  if (m.state !== "complete" || m.tie || m.entries.length > 0 || m.score_in_sets.length > 0)
    return undefined;
  return m.loser !== null && removed.has(m.loser) ? m.loser : undefined;
}

/** The forfeits among `matches` (the file's), each with the removed participant who made it. */
export function leaversOf(
  matches: readonly ExportedMatch[],
  removed: ReadonlySet<string>,
  byes: readonly ExportedBye[],
): Leavers {
  const forfeits = new Map<ExportedMatch, string>();
  const at = (m: ExportedMatch) => m.completed_at ?? "";
  for (const m of matches) {
    const by = scorelessLoser(m, removed);
    if (by === undefined) continue;
    if (
      m.bracket === "swiss" &&
      byes.some((b) => b.participant === by && b.group === m.group && b.round > m.round)
    )
      continue;
    const later = matches.filter(
      (x) => x !== m && x.state === "complete" && at(x) > at(m) && peopleIn(x).includes(by),
    );
    const roundRobin = m.bracket === "round_robin";
    if (later.some((x) => !roundRobin || x.group !== m.group || scorelessLoser(x, removed) !== by))
      continue;
    forfeits.set(m, by);
  }
  return { removed, forfeits };
}
