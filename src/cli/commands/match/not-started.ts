/**
 * A match named in a tournament that has no matches yet because it was never started (an
 * outside review: `match report forgot_start A` said "no match "A" ...; `tourney match list
 * forgot_start` shows them", exit 3, and that list was empty). Asked only once a match was
 * not found: a refusal in the tournament's state (exit 5, as docs/scripting.md has it for
 * "not allowed in the current state") naming the command that draws the bracket, as
 * `tourney bracket` says at a terminal.
 */
import type { ApiClient } from "../../../client/api-client.js";
import { StateRefusedError } from "../../errors.js";

/** The states before a bracket is drawn (the group stage's own matches come with its start). */
const BEFORE_START = new Set(["pending", "checking_in", "checked_in", "accepting_predictions"]);

/** `ref` as a shell word: an id or a url slug stands as typed, anything else single-quoted. */
function shellWord(ref: string): string {
  return /^[\w.:@%+-]+$/.test(ref) ? ref : `'${ref.replaceAll("'", `'\\''`)}'`;
}

/** The commands that give tournament `t` (in `state`) its first matches. */
export function startSteps(t: string, state: string, groupStage: boolean): string {
  const start = groupStage
    ? `\`tourney tournament start-group-stage ${t}\` (it has a group stage)`
    : `\`tourney tournament start ${t}\``;
  if (state === "checking_in")
    return `run \`tourney tournament process-checkin ${t}\` (ends the check-in), then ${start}`;
  return `run ${start}`;
}

/**
 * Throws the not-started refusal when tournament `tournament` has not started; returns
 * otherwise (the caller then says the match was not found). A failed read of the tournament
 * is thrown as it is (a tournament not found is exit 3, naming it).
 */
export async function refuseIfNotStarted(client: ApiClient, tournament: string): Promise<void> {
  const record = await client.tournaments.get(tournament);
  const state = String(record.attributes.state ?? "");
  if (!BEFORE_START.has(state)) return;
  const t = shellWord(tournament);
  const groupStage = record.attributes.group_stage_enabled === true;
  throw new StateRefusedError(
    `tournament ${tournament} has not started (it is ${state}): it has no matches yet; ${startSteps(t, state, groupStage)}`,
  );
}
