/**
 * A refusal to change group results (the group stage is over) or to reset the group stage
 * (the final stage has started) names the way out in the API's words (reset_group_stage,
 * reset: service/bracket/report.ts groupStageWayBack); the CLI adds it in its verbs. So does
 * a refusal to start a two-stage tournament before its group stage is finalized
 * (service/bracket/tournament-state.ts: start_group_stage, then finalize_group_stage, then start).
 */
import { RejectedError } from "../../../client/errors.js";
import { HintedError } from "../../errors.js";

const OVER =
  /group stage is over \(the tournament is (\w+)\)|cannot reset the group stage of a tournament that is (\w+)/;

/** service/bracket/tournament-state.ts groupStageFirst: a two-stage start before its final stage. */
const NOT_YET = /^cannot start yet: .*?\(the tournament is (\w+)\)/;
const BEFORE_GROUPS = new Set(["pending", "checking_in", "checked_in", "accepting_predictions"]);

/** `ref` as a shell word: an id or a url slug stands as typed, anything else single-quoted. */
function shellWord(ref: string): string {
  return /^[\w.:@%+-]+$/.test(ref) ? ref : `'${ref.replaceAll("'", `'\\''`)}'`;
}

/** `error` with the commands that change group results of tournament `ref`, when it is such a refusal. */
export function withGroupStageHint(error: unknown, ref: string): unknown {
  if (!(error instanceof RejectedError)) return error;
  const early = startHint(error, shellWord(ref));
  if (early !== undefined) return new HintedError(error, early);
  const state = error.errors
    .map((e) => OVER.exec(e.detail))
    .find((m) => m !== null)
    ?.slice(1)
    .find((s) => s !== undefined);
  if (state === undefined) return error;
  const t = shellWord(ref);
  const again = `\`tourney tournament start-group-stage ${t}\` then plays the group stage again`;
  if (state === "group_stages_finalized")
    return new HintedError(
      error,
      `\`tourney tournament reset-group-stage ${t}\` removes every group match and result (back to pending); ${again}`,
    );
  if (state === "underway" || state === "awaiting_review" || state === "complete")
    return new HintedError(
      error,
      `the final stage has started: \`tourney tournament reset ${t}\` removes every match and result of both stages (back to pending); ${again}`,
    );
  return error;
}

/** The commands that lead a two-stage tournament to its start, from the state a refused start names. */
function startHint(error: RejectedError, t: string): string | undefined {
  const state = error.errors.map((e) => NOT_YET.exec(e.detail)?.[1]).find((s) => s !== undefined);
  const finalize = `\`tourney tournament finalize-group-stage ${t}\``;
  const start = `\`tourney tournament start ${t}\``;
  if (state === "group_stages_underway")
    return `the group stage is being played: ${finalize} ends it once every group match is complete, then ${start} starts the final stage`;
  if (state !== undefined && BEFORE_GROUPS.has(state))
    return `a two-stage tournament plays its groups first: \`tourney tournament start-group-stage ${t}\`, then ${finalize}, then ${start}`;
  return undefined;
}
