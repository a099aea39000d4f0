/** A stage's stored rows read as the engine's inputs: match results and participants. */
import type { EngineParticipant, MatchResult, SetScore } from "../../engine/index.js";
import type { MatchRow } from "../../store/matches-repository.js";
import type { ServiceContext } from "../context.js";

export function matchResultOf(row: MatchRow): MatchResult {
  const sets = row.score_sets === null ? [] : (JSON.parse(row.score_sets) as SetScore[]);
  return {
    player1Id: row.player1_id!,
    player2Id: row.player2_id!,
    winnerId: row.tie === 1 ? null : row.winner_id,
    sets,
    round: row.round,
  };
}

export function stageParticipants(
  service: ServiceContext,
  tournamentId: number,
  ids?: ReadonlySet<number>,
): EngineParticipant[] {
  return service.participants
    .list(tournamentId)
    .filter((p) => ids === undefined || ids.has(p.id))
    .map((p) => ({ id: p.id, seed: p.seed }));
}
