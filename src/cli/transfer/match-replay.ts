/**
 * Replays an export's results into a backend, in the order they were played,
 * checking before each report that the target match holds the same players;
 * a match already complete with the same result is skipped (a re-run sends
 * nothing twice), any difference stops the import (StateRefusedError, exit 5).
 * A participant removed mid-event is removed on the target just before their
 * first forfeit (or after their last match when they forfeited none): the
 * target's engine then forfeits the same matches.
 */
import type { ApiClient } from "../../client/api-client.js";
import type { ApiRecord } from "../../client/envelope.js";
import type { MatchReport } from "../../client/matches.js";
import { playerIds } from "../../model/match-players.js";
import {
  type ExportedBye,
  type ExportedMatch,
  matchKey,
  playedOrder,
} from "../../model/tournament-export.js";
import { StateRefusedError } from "../errors.js";
import { type Leavers, leaversOf, peopleIn } from "./forfeits.js";
import { deactivate, type ParticipantCounts, type Roster } from "./participant-replay.js";
import type { Progress } from "./progress.js";
import { afterByes } from "./swiss-byes.js";
import { targetMatches } from "./target-matches.js";

export interface ReplayCounts extends ParticipantCounts {
  reported: number;
  skipped: number;
}

function targetPlayers(m: ApiRecord, roster: Roster): (string | null)[] {
  const ids = m.attributes.participant_ids;
  const list = Array.isArray(ids) ? ids.map(Number) : playerIds(m);
  return list.map((id) => (id === null ? null : (roster.nameOf.get(id) ?? `#${id}`)));
}

const show = (players: readonly (string | null)[]) =>
  players.map((p) => p ?? "(to be decided)").join(" vs ");

function refuse(key: string, what: string, here: string, file: string): never {
  throw new StateRefusedError(
    `import stopped at match ${key}: its ${what} differ\n  target: ${here}\n  file:   ${file}\nnothing more was sent; the target holds what was sent before this match`,
  );
}

function reportOf(m: ExportedMatch, roster: Roster): MatchReport {
  const id = (name: string | null) => {
    const found = name === null ? undefined : roster.idOf.get(name);
    if (found === undefined) refuse(matchKey(m), "players", "(missing)", String(name));
    return found;
  };
  if (m.entries.length > 0) {
    return {
      match: m.entries.map((e) => ({
        participant_id: id(e.participant),
        score_set: e.scores.join(","),
        ...(e.rank === null ? {} : { rank: e.rank }),
        advancing: e.advancing,
      })),
    };
  }
  const [p1, p2] = m.players;
  const column = (i: 0 | 1) => m.score_in_sets.map((s) => s[i]).join(",");
  const line = (name: string | null, i: 0 | 1) => ({
    participant_id: id(name),
    score_set: column(i),
    ...(m.tie ? {} : { advancing: m.winner === name }),
  });
  return { match: [line(p1 ?? null, 0), line(p2 ?? null, 1)], ...(m.tie ? { tie: true } : {}) };
}

/** The result a complete target match holds, in the file's terms, for comparison. */
function resultOf(t: ApiRecord, roster: Roster): string {
  const a = t.attributes;
  const name = (id: unknown) => (id === null ? null : (roster.nameOf.get(Number(id)) ?? null));
  if (a.bracket === "free_for_all") {
    const points = (a.points_by_participant ?? []) as Record<string, unknown>[];
    return JSON.stringify(points.map((e) => [name(e.participant_id), e.scores, e.rank ?? null]));
  }
  return JSON.stringify([name(a.winner_id), a.tie === true, a.score_in_sets ?? []]);
}

function fileResult(m: ExportedMatch): string {
  if (m.entries.length > 0)
    return JSON.stringify(m.entries.map((e) => [e.participant, e.scores, e.rank]));
  return JSON.stringify([m.winner, m.tie, m.score_in_sets]);
}

/**
 * A result (resultOf's or fileResult's text) as a refusal shows it: "won by Ada, 3-1,3-2",
 * "a tie, 1-1", "Ada rank 1 (20), Bo rank 2 (18)". Before, the comparison's own JSON was
 * shown (["Zoë",false,[]]), a review found.
 */
function shownResult(text: string): string {
  const parsed = JSON.parse(text) as unknown[];
  const scores = (list: readonly number[]) => (list.length === 0 ? "" : ` (${list.join(",")})`);
  if (Array.isArray(parsed[0]))
    return (parsed as [string | null, number[], number | null][])
      .map(([name, list, rank]) => `${name ?? "?"} rank ${rank ?? "-"}${scores(list)}`)
      .join(", ");
  const [winner, tie, sets] = parsed as [string | null, boolean, [number, number][]];
  const how = tie ? "a tie" : winner === null ? "no winner" : `won by ${winner}`;
  return `${how}, ${sets.length === 0 ? "no scores" : sets.map(([a, b]) => `${a}-${b}`).join(",")}`;
}

/**
 * How target match `t` differs from the file's `m` (what, target's side, file's side): its
 * players, or, complete there, its result; undefined when alike. The replay's check before
 * each report, and the check of every result before anything is sent (conflictsIn).
 */
function difference(
  t: ApiRecord,
  m: ExportedMatch,
  roster: Roster,
): [string, string, string] | undefined {
  const here = targetPlayers(t, roster);
  if (show(here) !== show(m.players)) return ["players", show(here), show(m.players)];
  if (t.attributes.state !== "complete") return undefined;
  const now = resultOf(t, roster);
  const file = fileResult(m);
  return now === file ? undefined : ["results", shownResult(now), shownResult(file)];
}

/** A match complete on the target whose players or result are not the file's. */
export interface Conflict {
  readonly match: ExportedMatch;
  /** "players" or "results". */
  readonly what: string;
  readonly target: string;
  readonly file: string;
}

/**
 * The matches of `matches` complete on the target (`target`, by key) whose players or result
 * differ there, in replay order: the replay's own check (difference), made for all of them
 * before anything is sent (result-conflicts.ts). Before, the run stopped at the first after
 * sending the results played before it, and the plan named that first one alone.
 */
export function conflictsIn(
  matches: readonly ExportedMatch[],
  target: ReadonlyMap<string, ApiRecord>,
  roster: Roster,
  removed: ReadonlySet<string>,
  byes: readonly ExportedBye[],
): Conflict[] {
  const found: Conflict[] = [];
  for (const m of replayOrder(matches, leaversOf(matches, removed, byes))) {
    const t = target.get(matchKey(m));
    if (t?.attributes.state !== "complete") continue;
    const differ = difference(t, m, roster);
    if (differ !== undefined)
      found.push({ match: m, what: differ[0], target: differ[1], file: differ[2] });
  }
  return found;
}

/** The removed participant a match was forfeited by, if it was one (forfeits.ts). */
function forfeitedBy(m: ExportedMatch, leavers: Leavers): string | undefined {
  return leavers.forfeits.get(m);
}

/**
 * The matches of one instant (one completed_at: a millisecond, and a fast machine
 * completes several in one), each after those it depends on:
 *  - outside a round robin (where a player's matches are open together), a player's
 *    previous match there in played order: it put them in this one;
 *  - a participant removed at that instant: their other results before their forfeits
 *    (the removal forfeits what is left).
 * Otherwise in `preferred` order. A removal forfeits the player's open match and the
 * matches their loss opens in the same write, and the next report can come in the
 * same millisecond: by "results before forfeits" alone, final F was replayed before
 * forfeit C had put its winner there, and the import stopped at F, "its players
 * differ" (reliability/publish-restore-kill9, one CI run in three).
 */
function instantOrder(preferred: readonly ExportedMatch[], leavers: Leavers) {
  const before = new Map<ExportedMatch, ExportedMatch[]>(preferred.map((m) => [m, []]));
  const lastOf = new Map<string, ExportedMatch>();
  for (const m of [...preferred].sort(playedOrder)) {
    if (m.bracket === "round_robin") continue;
    for (const p of peopleIn(m)) {
      const previous = lastOf.get(`${m.group} ${p}`);
      if (previous !== undefined) before.get(m)!.push(previous);
      lastOf.set(`${m.group} ${p}`, m);
    }
  }
  for (const m of preferred) {
    const by = forfeitedBy(m, leavers);
    if (by === undefined) continue;
    for (const other of preferred)
      if (forfeitedBy(other, leavers) !== by && peopleIn(other).includes(by))
        before.get(m)!.push(other);
  }
  const placed = new Set<ExportedMatch>();
  const order: ExportedMatch[] = [];
  const place = (m: ExportedMatch, visiting: Set<ExportedMatch>) => {
    if (placed.has(m) || visiting.has(m)) return; // a cycle (not expected): preferred order
    visiting.add(m);
    for (const earlier of before.get(m)!) place(earlier, visiting);
    placed.add(m);
    order.push(m);
  };
  for (const m of preferred) place(m, new Set());
  return order;
}

/**
 * Played order: by completed_at, then within one instant its dependencies
 * (instantOrder), results before forfeits (a report that makes a match playable
 * forfeits it in the same write), then playedOrder.
 */
function replayOrder(matches: readonly ExportedMatch[], leavers: Leavers) {
  const forfeit = (m: ExportedMatch) => (forfeitedBy(m, leavers) === undefined ? 0 : 1);
  const at = (m: ExportedMatch) => m.completed_at ?? "";
  const sorted = matches
    .filter((m) => m.state === "complete")
    .sort((a, b) => at(a).localeCompare(at(b)) || forfeit(a) - forfeit(b) || playedOrder(a, b));
  const order: ExportedMatch[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i + 1;
    while (j < sorted.length && at(sorted[j]!) === at(sorted[i]!)) j++;
    order.push(...(j - i === 1 ? [sorted[i]!] : instantOrder(sorted.slice(i, j), leavers)));
    i = j;
  }
  return order;
}

/**
 * Whether `m` is a free for all's final table: the single match of its stage's last round,
 * whose report ends the stage (after which no one can be removed).
 */
function isFinalTable(m: ExportedMatch, matches: readonly ExportedMatch[]): boolean {
  if (m.bracket !== "free_for_all") return false;
  const stage = matches.filter((x) => x.group === m.group && x.bracket === "free_for_all");
  return (
    stage.every((x) => x.round <= m.round) && stage.filter((x) => x.round === m.round).length === 1
  );
}

/**
 * Where each removed participant leaves: before their first forfeit, else after their last
 * match; before it when that is a free for all's final table (they were removed before it
 * was reported: it ranks them below every player still in); at the start of the replay, before
 * any result, when they played none: a free for all's removed player whose match is still
 * open (a free-for-all match is not forfeited at the removal, its report leaves them out), an
 * elimination player removed while waiting on a bye, a swiss player removed after a bye (in
 * no match of the file). Removed after the results instead (6cfdb5a), the swiss player was
 * paired in the next round the results made, and that match forfeited at the removal.
 */
function removals(
  played: readonly ExportedMatch[],
  leavers: Leavers,
  matches: readonly ExportedMatch[],
  byes: readonly ExportedBye[],
) {
  const { removed } = leavers;
  const before = new Map<number, string[]>();
  const after = new Map<number, string[]>();
  const atStart: string[] = [];
  const add = (at: Map<number, string[]>, i: number, name: string) =>
    at.set(i, [...(at.get(i) ?? []), name]);
  for (const name of removed) {
    const first = played.findIndex((m) => forfeitedBy(m, leavers) === name);
    if (first >= 0) add(before, first, name);
    else {
      const lastMatch = played.findLastIndex(
        (m) => m.players.includes(name) || m.entries.some((e) => e.participant === name),
      );
      // A swiss bye taken after their last match: kept in until its round is paired.
      const last = Math.max(lastMatch, afterByes(played, name, byes));
      if (last >= 0 && isFinalTable(played[last]!, matches)) add(before, last, name);
      else if (last >= 0) add(after, last, name);
      else atStart.push(name);
    }
  }
  return { before, after, atStart };
}

/** Replays `matches` (complete ones, played order) into tournament `url`. */
export async function replayMatches(
  client: ApiClient,
  url: string,
  matches: readonly ExportedMatch[],
  roster: Roster,
  counts: ReplayCounts,
  options: {
    readonly removed: ReadonlySet<string>;
    readonly progress: Progress;
    /** The file's swiss byes (none in a file written before them). */
    readonly byes?: readonly ExportedBye[];
  },
): Promise<void> {
  const { progress } = options;
  const byes = options.byes ?? [];
  const leavers = leaversOf(matches, options.removed, byes);
  const played = replayOrder(matches, leavers);
  const leaving = removals(played, leavers, matches, byes);
  const leave = async (names: readonly string[] | undefined) => {
    for (const name of names ?? []) await deactivate(client, url, name, roster, counts);
  };
  await leave(leaving.atStart);
  let target = await targetMatches(client, url);
  for (const [i, m] of played.entries()) {
    if (leaving.before.has(i)) {
      await leave(leaving.before.get(i));
      target = await targetMatches(client, url);
    }
    const key = matchKey(m);
    let t = target.get(key);
    if (t === undefined) {
      // A match made by an earlier report (a grand final's reset, a swiss round).
      target = await targetMatches(client, url);
      t = target.get(key);
    } else if (t.attributes.state !== "complete") {
      t = await client.matches.get(url, t.id);
    }
    if (t === undefined) refuse(key, "existence", "(no such match)", key);
    const differ = difference(t, m, roster);
    if (differ !== undefined) refuse(key, ...differ);
    if (t.attributes.state === "complete") {
      counts.skipped++;
    } else {
      await client.matches.update(url, t.id, reportOf(m, roster));
      counts.reported++;
    }
    await leave(leaving.after.get(i));
    progress.count("results", i + 1, played.length);
  }
  progress.end();
}
