/** Which fields each resource shows in tables and tab-separated output. */
import type { Column } from "./printer.js";

export const TOURNAMENT_COLUMNS: readonly Column[] = [
  { header: "ID", value: "id" },
  { header: "NAME", value: "name" },
  { header: "URL", value: "url" },
  { header: "TYPE", value: "tournament_type" },
  { header: "STATE", value: "state" },
  { header: "PARTICIPANTS", value: "participants_count" },
  { header: "CREATED", value: "timestamps.created_at" },
];

export const TOURNAMENT_FIELDS: readonly Column[] = [
  { header: "id", value: "id" },
  { header: "name", value: "name" },
  { header: "url", value: "url" },
  { header: "type", value: "tournament_type" },
  { header: "state", value: "state" },
  { header: "participants", value: "participants_count" },
  {
    header: "progress",
    value: (t) =>
      t.matches_count === undefined
        ? t.progress_meter === undefined
          ? undefined
          : `${String(t.progress_meter)}%`
        : `${String(t.matches_complete)}/${String(t.matches_count)} matches complete`,
  },
  { header: "game", value: "game_name" },
  { header: "starts at", value: "starts_at" },
  { header: "private", value: "private" },
  { header: "group stage", value: "group_stage_enabled" },
  // 3 with --third-place: a match for third place; 5, 9, ... (--consolation-rank) 5th-8th and on.
  { header: "consolation rank", value: "match_options.consolation_matches_target_rank" },
  { header: "description", value: "description" },
  { header: "created", value: "timestamps.created_at" },
  { header: "started", value: "timestamps.started_at" },
  { header: "completed", value: "timestamps.completed_at" },
];

export const PARTICIPANT_COLUMNS: readonly Column[] = [
  { header: "ID", value: "id" },
  { header: "SEED", value: "seed" },
  { header: "NAME", value: "name" },
  { header: "ACTIVE", value: "states.active" },
  { header: "CHECKED IN", value: "states.checked_in" },
  { header: "FINAL RANK", value: "final_rank" },
  { header: "MISC", value: "misc" },
];

export const PARTICIPANT_FIELDS: readonly Column[] = [
  { header: "id", value: "id" },
  { header: "name", value: "name" },
  { header: "seed", value: "seed" },
  { header: "tournament", value: "tournament_id" },
  { header: "group", value: "group_id" },
  { header: "final rank", value: "final_rank" },
  { header: "active", value: "states.active" },
  { header: "checked in", value: "states.checked_in" },
  { header: "username", value: "username" },
  { header: "misc", value: "misc" },
  { header: "created", value: "timestamps.created_at" },
];
