import type { ResourceObject } from "../../model/resource.js";
import type { TournamentRow } from "../../store/tournaments-repository.js";

export function tournamentResource(row: TournamentRow, basePath: string): ResourceObject {
  return {
    id: String(row.id),
    type: "tournament",
    // The row's settings object is parsed afresh for each row: extended in place, not copied.
    attributes: Object.assign(row.settings as unknown as Record<string, unknown>, {
      state: row.state,
      participants_count: row.participants_count,
      progress_meter:
        row.matches_count === 0 ? 0 : Math.floor((100 * row.matches_complete) / row.matches_count),
      matches_count: row.matches_count,
      matches_complete: row.matches_complete,
      timestamps: {
        starts_at: row.settings.starts_at,
        created_at: row.created_at,
        updated_at: row.updated_at,
        started_at: row.started_at,
        completed_at: row.completed_at,
      },
    }),
    links: { self: `${basePath}/tournaments/${row.id}` },
  };
}
