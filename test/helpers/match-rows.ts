/**
 * Match rows to insert straight into a store (store tests): `count` round-robin rows of
 * players 1 and 2, keyed R1-<from>, R1-<from + 1>, ..., open; `active(i)` says which are
 * active (all by default).
 */
import type { NewMatch } from "../../src/store/match-rows.js";

export function* planRows(
  count: number,
  from = 1,
  active: (i: number) => boolean = () => true,
): Generator<NewMatch> {
  for (let i = from; i < from + count; i++) {
    yield {
      stage: "final",
      groupId: null,
      key: `R1-${i}`,
      side: "round_robin",
      round: 1,
      identifier: `M${i}`,
      suggestedPlayOrder: i,
      player1Source: JSON.stringify({ type: "participant", participantId: 1 }),
      player2Source: JSON.stringify({ type: "participant", participantId: 2 }),
      onlyIfLoserWins: null,
      active: active(i),
      player1Id: 1,
      player2Id: 2,
      state: "open",
    };
  }
}
