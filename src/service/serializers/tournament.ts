import type { ResourceObject } from "../../model/resource.js";
import type { TournamentRow } from "../../store/tournaments-repository.js";

export function tournamentResource(row: TournamentRow, basePath: string): ResourceObject {
  return {
    id: String(row.id),
    type: "tournament",
    attributes: {
      ...row.settings,
      state: row.state,
      participants_count: row.participants_count,
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
