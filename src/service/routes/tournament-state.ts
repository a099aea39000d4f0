/** Tournament state changes. The bracket engine arrives with the next capability. */
import { STATE_CHANGES } from "../../model/tournament.js";
import type { TournamentRow } from "../../store/tournaments-repository.js";
import type { ServiceContext } from "../context.js";
import { unprocessable } from "../errors.js";

export function changeTournamentState(
  _service: ServiceContext,
  row: TournamentRow,
  attributes: Record<string, unknown>,
): TournamentRow {
  const state = attributes.state;
  if (typeof state !== "string" || !STATE_CHANGES.includes(state as never)) {
    throw unprocessable(
      `state must be one of ${STATE_CHANGES.join(", ")}`,
      "/data/attributes/state",
    );
  }
  throw unprocessable(
    `the transition ${state} from ${row.state} is not available yet in this version of the service`,
    "/data/attributes/state",
  );
}
