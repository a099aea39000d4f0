/** Swiss byes: who sat out which round of a stage. */
import type { Db } from "./database.js";
import type { StageRef } from "./match-rows.js";
import { Statements } from "./statements.js";

const STAGE = "tournament_id = ? AND stage = ? AND IFNULL(group_id, 0) = ?";

export class ByeRepository {
  private readonly statements: Statements;

  constructor(db: Db) {
    this.statements = new Statements(db);
  }

  add(ref: StageRef, round: number, participantId: number): void {
    this.statements
      .get(
        "INSERT INTO byes (tournament_id, stage, group_id, round, participant_id) VALUES (?, ?, ?, ?, ?)",
      )
      .run(ref.tournamentId, ref.stage, ref.groupId, round, participantId);
  }

  of(ref: StageRef): { participantId: number; round: number }[] {
    return this.statements
      .get(`SELECT participant_id AS participantId, round FROM byes WHERE ${STAGE} ORDER BY round`)
      .all(ref.tournamentId, ref.stage, ref.groupId ?? 0) as {
      participantId: number;
      round: number;
    }[];
  }

  deleteAfter(ref: StageRef, round: number): void {
    this.statements
      .get(`DELETE FROM byes WHERE ${STAGE} AND round > ?`)
      .run(ref.tournamentId, ref.stage, ref.groupId ?? 0, round);
  }

  delete(tournamentId: number, stage?: "final" | "group"): void {
    if (stage === undefined)
      this.statements.get("DELETE FROM byes WHERE tournament_id = ?").run(tournamentId);
    else
      this.statements
        .get("DELETE FROM byes WHERE tournament_id = ? AND stage = ?")
        .run(tournamentId, stage);
  }
}
