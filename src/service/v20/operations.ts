/**
 * The deprecated v2.0 interface (issue 25): the 35 operations the seed names
 * for it, each an operation id of the published v2.1 description, at the path
 * that description gives it (without `.json`; its two typos, a missing `}`,
 * mended). The seed shows no difference between the versions, so each answers
 * exactly as its v2.1 successor does. The community-scoped paths are not part
 * of v2.0; `changeStateTournament` is the id the description gives both the
 * tournament's and a match's `change_state`, so both answer.
 */
import type { HttpMethod } from "../../model/http.js";

export interface V20Operation {
  /** The seed's name, the v2.1 description's operationId. */
  readonly id: string;
  readonly method: HttpMethod;
  /** The path after the version prefix, parameters as `:name`. */
  readonly path: string;
}

const T = "/tournaments/:tournament";
const P = `${T}/participants`;
const M = `${T}/matches/:match`;
const R = "/races/:race";
const ROUND = `${R}/rounds/:round`;

function op(id: string, method: HttpMethod, path: string): V20Operation {
  return { id, method, path };
}

export const V20_OPERATIONS: readonly V20Operation[] = [
  op("findTournaments", "GET", "/tournaments"),
  op("createTournament", "POST", "/tournaments"),
  op("showTournament", "GET", T),
  op("updateTournament", "PUT", T),
  op("deleteTournament", "DELETE", T),
  op("changeStateTournament", "PUT", `${T}/change_state`),
  op("changeStateTournament", "PUT", `${M}/change_state`),
  op("findMatches", "GET", `${T}/matches`),
  op("showMatch", "GET", M),
  op("updateMatch", "PUT", M),
  op("findParticipants", "GET", P),
  op("createParticipant", "POST", P),
  op("showParticipant", "GET", `${P}/:participant`),
  op("updateParticipant", "PUT", `${P}/:participant`),
  op("deleteParticipant", "DELETE", `${P}/:participant`),
  op("bulkCreateParticipant", "POST", `${P}/bulk_add`),
  op("clearAllParticipants", "DELETE", `${P}/clear`),
  op("randomizeParticipants", "PUT", `${P}/randomize`),
  op("findMatchAttachments", "GET", `${M}/attachments`),
  op("createMatchAttachments", "POST", `${M}/attachments`),
  op("deleteMatchAttachment", "DELETE", `${M}/attachments/:attachment`),
  op("findRaces", "GET", "/races"),
  op("createRace", "POST", "/races"),
  op("showRace", "GET", R),
  op("updateRace", "PUT", R),
  op("deleteRace", "DELETE", R),
  op("changeStateRace", "PUT", `${R}/change_state`),
  op("findRounds", "GET", `${R}/rounds`),
  op("showRound", "GET", ROUND),
  op("updateRound", "PUT", ROUND),
  op("findElapsedTime", "GET", `${ROUND}/elapsed_times`),
  op("showElapsedTime", "GET", `${ROUND}/elapsed_times/:time`),
  op("updateElapsedTime", "PUT", `${ROUND}/elapsed_times/:time`),
  op("bulkUpdateElapsedTime", "POST", `${ROUND}/elapsed_times/bulk_update`),
  op("findUser", "GET", "/me"),
  op("findCommunities", "GET", "/communities"),
];
