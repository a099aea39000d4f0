/**
 * A refusal to change group results (the group stage is over) or to reset the group stage
 * (the final stage has started) names the way out in the API's words (reset_group_stage,
 * reset: service/bracket/report.ts groupStageWayBack); the CLI adds it in its verbs.
 */
import { RejectedError } from "../../../client/errors.js";
import { HintedError } from "../../errors.js";

const OVER =
  /group stage is over \(the tournament is (\w+)\)|cannot reset the group stage of a tournament that is (\w+)/;

/** `ref` as a shell word: an id or a url slug stands as typed, anything else single-quoted. */
function shellWord(ref: string): string {
  return /^[\w.:@%+-]+$/.test(ref) ? ref : `'${ref.replaceAll("'", `'\\''`)}'`;
}

/** `error` with the commands that change group results of tournament `ref`, when it is such a refusal. */
export function withGroupStageHint(error: unknown, ref: string): unknown {
  if (!(error instanceof RejectedError)) return error;
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
