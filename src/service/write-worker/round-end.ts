/**
 * The match report that ends a large swiss round, which serve hands to its write worker
 * (lane.ts) as it does a start: completing a round's last match pairs the next round from
 * the whole stage (a maximum-weight matching), about 1.3 s at 8,192 players and 0.2 s at
 * 2,048 on a 2-core machine, every other request waiting when it ran on the event loop.
 *
 * Told before it runs, from what the main thread holds (store/cache/: the match's row, its
 * stage's rows and incomplete ones, counted as rows are written: no pass, no query): the
 * report names a match that is its swiss stage's last incomplete one (a swiss tournament's,
 * or a group's of a swiss group stage: told alike, though a group, 64 players at most, stays
 * below the threshold), says who won or a tie (heavy-writes.ts `completes`), and the stage
 * has at least ROUND_END_PLAYERS players. Anything else (a report that ends
 * no round, a small stage, a tournament whose rows are not held: right after serve starts,
 * before anything lists its matches) is answered on the event loop as before, without a
 * round trip. The worker answers with the same code, so the reply is the same; a report it
 * finds refused or not ending a round costs one message each way.
 */

import type { HttpRequest } from "../../model/http.js";
import { CachedMatches } from "../../store/cache/cached-matches.js";
import { stageFormat } from "../bracket/stage-state.js";
import type { ServiceContext } from "../context.js";
import { type ChangedTournament, completes, reportPath } from "./heavy-writes.js";

/**
 * A swiss stage from this many players on has its round-ending report run in the worker.
 * Measured (node bench/swiss-round-end.mjs --players 256,512,1024 --against a build of
 * e2f4434, 2-core machine at load 10-11): on the event loop the report held every other
 * request 29 ms at 256 players, 85-167 ms at 512, 94-139 ms at 1,024 (0.3 s at 2,048, 1.3 s
 * at 8,192); in the worker the longest read of another tournament meanwhile was 11-58 ms at
 * 512, but the report's own reply came after 0.5-1 s (the worker starts anew, idle since the
 * last round), and the worker's commit drops every row serve held (read again afterwards).
 * At 256 that trade is not worth 29 ms; from 512 on it is.
 */
export const ROUND_END_PLAYERS = 512;

/**
 * The tournament (id and the ways paths name it) whose swiss round `request` would end, when
 * its stage has at least `minPlayers` players; undefined otherwise (nothing is read but what
 * the cache holds, and the tournament's row).
 */
export function largeRoundEnd(
  context: ServiceContext,
  request: HttpRequest,
  minPlayers = ROUND_END_PLAYERS,
): ChangedTournament | undefined {
  const path = reportPath(request);
  if (path === undefined) return undefined;
  try {
    return roundEnd(context, request, path, minPlayers);
  } catch {
    return undefined; // the cache's look failed (a busy or failing disk): the report says so itself
  }
}

function roundEnd(
  context: ServiceContext,
  request: HttpRequest,
  path: { tournament: string; match: number },
  minPlayers: number,
): ChangedTournament | undefined {
  // Rows are held only through the cache (a service opened without it holds none).
  const { matches } = context;
  const held = matches instanceof CachedMatches ? matches.heldInStage(path.match) : undefined;
  if (held === undefined || held.incomplete !== 1) return undefined;
  const { row, rows } = held;
  // The stage's one incomplete match is this one (a round's last), and the report completes it.
  if (row.active !== 1 || row.state === "complete" || row.round < 1) return undefined;
  // A swiss round stores floor(n/2) matches (a bye none): the stage's players, about.
  if ((2 * rows) / row.round < minPlayers || !completes(request)) return undefined;
  const t = context.tournaments.findById(row.tournament_id);
  if (t === undefined || stageFormat(t.settings, row.stage) !== "swiss") return undefined;
  return { id: t.id, refs: new Set([String(t.id), t.url, path.tournament]) };
}
