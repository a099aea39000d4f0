/** One event of `tourney watch` as a terminal line (at a terminal) or an NDJSON line (piped, --json). */

import type { MatchInfo, WatchEvent } from "../../../model/watch-events.js";
import { visibleControls } from "../../output/terminal-text.js";
import { roundWords } from "./match-places.js";

const COLOURS: Partial<Record<WatchEvent["type"], string>> = {
  "match.opened": "36",
  "match.underway": "33",
  "match.completed": "32",
  "match.reopened": "35",
  "tournament.state_changed": "1",
  "group_stage.finalized": "1",
  "participant.checked_in": "34",
  "race.state_changed": "1",
  "round.started": "36",
  "round.finished": "32",
  "elapsed_time.recorded": "33",
};

/** "Ada vs Grace"; a free-for-all table's players "Ada, Grace, Linus, Margaret". */
function players(m: MatchInfo): string {
  if (m.players !== undefined) return m.players.map((p) => p.name).join(", ");
  return `${m.player1?.name ?? "?"} vs ${m.player2?.name ?? "?"}`;
}

/** " at Table 1": where the players go; a station whose name was not read, by its id. */
function at(m: MatchInfo): string {
  if (m.station !== null && m.station !== undefined) return ` at ${m.station.name}`;
  return m.station_id === null ? "" : ` at station ${m.station_id}`;
}

/**
 * A match's result: "Omar won 3-1 against Ada" (the scores as reported, the winner's first),
 * "Grace and Linus tied 1-1" (player 1's first, as `match view` shows them), a result
 * reported without scores (a walkover, a forfeit) "Omar won against Ada (no scores)"; a
 * free-for-all table's winner and its players, "Ada won (Ada, Grace, Linus)": a table has
 * no scores to tell. Before, the winner's sets won, a tie "tie won 0 - 0" (an outside review).
 */
function result(m: MatchInfo): string {
  if (m.players !== undefined) return `${m.winner?.name ?? "?"} won (${players(m)})`;
  const won = m.winner !== null && m.winner.id === m.player2?.id ? 1 : 0;
  const sets = (m.score_in_sets ?? []).map((s) => `${s[won]}-${s[1 - won]}`).join(",");
  const p1 = m.player1?.name ?? "?";
  const p2 = m.player2?.name ?? "?";
  if (m.winner === null) return `${p1} and ${p2} tied${sets === "" ? " (no scores)" : ` ${sets}`}`;
  const against = `against ${won === 1 ? p1 : p2}`;
  return `${m.winner.name} won ${sets === "" ? `${against} (no scores)` : `${sets} ${against}`}`;
}

function what(e: WatchEvent, place: string | undefined): string {
  const m = e.match;
  const where = m === undefined ? "" : (place ?? roundWords(m.round));
  const label = m === undefined ? "" : `match ${m.identifier ?? m.id} (${where}) `;
  switch (e.type) {
    case "match.opened":
      return `${label}open: ${players(m!)}${at(m!)}`;
    case "match.underway":
      return `${label}underway: ${players(m!)}`;
    case "match.completed":
      return `${label}complete: ${result(m!)}`;
    case "match.reopened":
      return `${label}reopened: ${players(m!)}`;
    case "participant.checked_in":
      return `${e.participant?.name} checked in`;
    case "group_stage.finalized":
      return "group stage finalized";
    case "round.started":
      return `round ${e.round} started`;
    case "round.finished":
      return `round ${e.round} finished`;
    case "elapsed_time.recorded":
      return `round ${e.round}: ${e.participant?.name} ${e.elapsed_time?.formatted ?? "no time"}`;
    default:
      return `state ${e.previous_state} -> ${e.state}`;
  }
}

/**
 * The event's line; `place`: where its match stands ("group 2, losers final": match-places.ts),
 * else its round as the event tells it ("round 2", "losers round 1").
 */
export function eventLine(e: WatchEvent, json: boolean, colour: boolean, place?: string): string {
  if (json) return `${JSON.stringify(e)}\n`;
  const time = e.at.length >= 19 ? e.at.slice(11, 19) : e.at;
  // Names' control characters shown, never obeyed (output/terminal-text.ts).
  const text = visibleControls(`${time}  ${e.tournament.name}: ${what(e, place)}`);
  const code = COLOURS[e.type];
  return colour && code !== undefined ? `\x1b[${code}m${text}\x1b[0m\n` : `${text}\n`;
}
