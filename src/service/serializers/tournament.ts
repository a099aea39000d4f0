import type { ResourceObject } from "../../model/resource.js";
import type { MatchCounts } from "../../store/match-rows.js";
import type { TournamentRow } from "../../store/tournaments-repository.js";

/**
 * A tournament resource, a new object: the row's settings, state, counts and
 * timestamps. `counts` are the tournament's active matches (MatchStore.counts).
 */
export function tournamentResource(
  row: TournamentRow,
  counts: MatchCounts,
  basePath: string,
): ResourceObject {
  const { total, complete } = counts;
  return {
    id: String(row.id),
    type: "tournament",
    attributes: {
      ...row.settings,
      state: row.state,
      participants_count: row.participants_count,
      progress_meter: total === 0 ? 0 : Math.floor((100 * complete) / total),
      matches_count: total,
      matches_complete: complete,
      timestamps: {
        starts_at: row.settings.starts_at,
        created_at: row.created_at,
        updated_at: row.updated_at,
        started_at: row.started_at,
        completed_at: row.completed_at,
      },
    },
    links: { self: `${basePath}/tournaments/${row.id}` },
  };
}
