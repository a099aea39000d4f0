import type { ResourceObject } from "../../model/resource.js";
import type { QueuerRow, StationRow } from "../../store/stations-repository.js";

export function stationResource(row: StationRow): ResourceObject {
  return {
    id: String(row.id),
    type: "station",
    attributes: {
      name: row.name,
      stream_url: row.stream_url,
      details: row.details,
      match_id: row.match_id,
      tournament_id: row.tournament_id,
      timestamps: { created_at: row.created_at, updated_at: row.updated_at },
    },
  };
}

export function queuerResource(row: QueuerRow): ResourceObject {
  return {
    id: String(row.id),
    type: "station_queuer",
    attributes: {
      match_id: row.match_id,
      station_id: row.station_id,
      position: row.position,
      timestamps: { created_at: row.created_at, updated_at: row.updated_at },
    },
  };
}
