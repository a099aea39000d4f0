/**
 * A look's snapshot taken as far as its records agree (issue: `tourney watch` at scale). A
 * look reads a tournament a page at a time; under a stream of reports from other processes
 * (130 a second on an 8,000-player bracket) a write lands between two pages, and the look
 * mixes records from before and after it: a match that holds the winner of a match whose
 * page was read before its report. Diffed as it was, that match opened when no completion
 * of its players was in sight, so at its creation (the start), under an id no other watcher
 * gave it, and the report that opened it was told at the next look, after it.
 *
 * So before the diff, each match whose record the look cannot have read whole is taken as
 * the last look held it (unchanged: nothing told of it now) or, new to the watch, as not
 * yet played (pending, no players): a match holding a player from a match that is not
 * complete in the look or did not have that player (its report not read yet), and the
 * matches a tournament's state cannot have yet (any before its start; the final stage's
 * in a group stage not yet over: the start that made them not read yet). Such a match is
 * told at a later look, once the records agree, under the id and time every other watcher
 * gives it. Taking a match as held may leave another holding its player: taken as held too.
 * Pure: shared by the embedded and polled watches (client/watch.ts).
 */
import type { SnapMatch, TournamentSnapshot } from "./watch-snapshot.js";

/** A tournament's states before its start: it has no matches yet. */
const UNSTARTED = new Set(["pending", "checking_in", "checked_in"]);
/** A two-stage tournament's states before its final stage's start. */
const GROUP_STAGE = new Set(["group_stages_underway", "group_stages_finalized"]);

/** The match as it stood before anything was played in it: no players, no result. */
function unplayed(m: SnapMatch): SnapMatch {
  const info = {
    ...m.info,
    state: "pending",
    player1: null,
    player2: null,
    winner: null,
    loser: null,
    scores: "",
    ...(m.info.players === undefined ? {} : { players: [] }),
    ...(m.info.score_in_sets === undefined ? {} : { score_in_sets: [] }),
  };
  const ids = m.ids.map(() => null);
  return { ...m, info, ids, underwayAt: null, completedAt: null };
}

/** Whether a slot of `m` holds a player its prerequisite in `matches` did not give it (yet). */
function ahead(m: SnapMatch, matches: ReadonlyMap<string, SnapMatch>): boolean {
  for (const [slot, from] of m.prereqs.entries()) {
    const player = m.ids[slot];
    const before = from == null ? undefined : matches.get(from);
    if (player == null || before === undefined) continue;
    if (before.info.state !== "complete" || !before.ids.includes(player)) return true;
  }
  return false;
}

/** Whether the tournament's state says `m` cannot exist yet (its start not read). */
function early(next: TournamentSnapshot, m: SnapMatch): boolean {
  if (UNSTARTED.has(next.state)) return true;
  return next.groupStage && GROUP_STAGE.has(next.state) && m.finalStage;
}

/**
 * `next` with each match it cannot have read whole taken as `prev` held it (or unplayed, or
 * left out when the state says it does not exist yet); `next` itself when there is none.
 */
export function acceptSnapshot(
  prev: TournamentSnapshot | undefined,
  next: TournamentSnapshot,
): TournamentSnapshot {
  let matches: Map<string, SnapMatch> | undefined;
  const hold = (id: string, m: SnapMatch) => {
    matches ??= new Map(next.matches);
    const kept = prev?.matches.get(id);
    // The look before holding it as it is now (shared, unchanged): nothing older to take.
    if (kept !== undefined && kept !== m) matches.set(id, kept);
    else if (early(next, m)) matches.delete(id);
    else matches.set(id, unplayed(m));
  };
  for (const [id, m] of next.matches) if (early(next, m)) hold(id, m);
  // A match held may leave one it feeds ahead of it: until none is.
  for (let changed = true; changed; ) {
    changed = false;
    const now: ReadonlyMap<string, SnapMatch> = matches ?? next.matches;
    for (const [id, m] of now)
      if (m === next.matches.get(id) && ahead(m, now)) {
        hold(id, m);
        changed = true;
      }
  }
  return matches === undefined ? next : { ...next, matches };
}
