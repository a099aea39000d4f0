/**
 * A match's words on the bracket page: its state ("underway", "tie", "forfeit") and its accessible name
 * ("Match A, Winners bracket, Round 1: Ada 11 11 versus Hal 4 6; Ada won"), read by screen
 * readers in place of the drawing. Pure: no DOM.
 */
import { originText, type ViewMatch } from "../../bracket-model/data.js";

export function stateText(m: ViewMatch): string {
  if (m.state === "open" && m.underway) return "underway";
  if (m.state === "complete" && m.tie) return "tie";
  if (m.forfeit === true) return "forfeit";
  return m.state;
}

/** Where a match is, for its name: "Winners bracket, Round 1", "Semifinals". */
export interface Place {
  readonly round: string;
  readonly bracket?: string | undefined;
}

/** "P1", "P1 and P6", "P1, P2 and P6". */
function names(list: readonly string[]): string {
  return list.length < 2 ? (list[0] ?? "") : `${list.slice(0, -1).join(", ")} and ${list.at(-1)}`;
}

/**
 * "Ada won"; a free-for-all table: "P1 won; P1 and P6 advance", "P2 and P5 share first
 * place; P2 and P5 advance"; undefined: no winner and no one sent on.
 */
function resultText(m: ViewMatch): string | undefined {
  const winner = m.slots.find((s) => s.winner)?.name;
  const shared = m.slots.filter((s) => s.sharedFirst === true).map((s) => s.name);
  let first: string | undefined;
  if (winner !== undefined) first = `${winner} won`;
  else if (shared.length > 0) first = `${names(shared)} share first place`;
  const going = m.slots.filter((s) => s.advancing === true).map((s) => s.name);
  if (going.length === 0) return first;
  const on = `${names(going)} ${going.length === 1 ? "advances" : "advance"}`;
  return first === undefined ? on : `${first}; ${on}`;
}

/** The match's accessible name: identifier, round, players with their scores, and the result. */
export function matchName(m: ViewMatch, place: Place): string {
  const where = place.bracket === undefined ? place.round : `${place.bracket}, ${place.round}`;
  const players = m.slots
    .map((s) => {
      if (s.id === null) return s.from === null ? "to be decided" : originText(s.from);
      const rank = s.rank === null ? "" : ` (place ${s.rank})`;
      return `${s.name}${rank}${s.score === "" ? "" : ` ${s.score}`}`;
    })
    .join(m.slots.length > 2 ? ", " : " versus ");
  let result = stateText(m);
  if (m.state === "complete") result = m.tie ? "a tie" : (resultText(m) ?? "complete");
  if (m.forfeit === true) result = `${result} by forfeit`;
  return `Match ${m.identifier}, ${where}: ${players}; ${result}`;
}
