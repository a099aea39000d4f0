import type { ResourceObject } from "../../model/resource.js";
import type { ParticipantRow } from "../../store/participants-repository.js";

/** Email is write-only: never returned. */
export function participantResource(row: ParticipantRow): ResourceObject {
  return {
    id: String(row.id),
    type: "participant",
    attributes: {
      name: row.name,
      seed: row.seed,
      group_id: row.group_id,
      tournament_id: row.tournament_id,
      username: row.username,
      final_rank: row.final_rank,
      misc: row.misc,
      states: { active: row.active === 1, checked_in: row.checked_in_at !== null },
      timestamps: {
        created_at: row.created_at,
        updated_at: row.updated_at,
        checked_in_at: row.checked_in_at,
      },
    },
  };
}
