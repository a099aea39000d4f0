/**
 * A report writes the rows its transition read by their ids (issue 27): inside the
 * write no row is looked up again by plan key, with the store's cache (serve) or
 * without it (a CLI process). Before, each result and slot change found its row by
 * key a second time. The rows written are the ones a report changes.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { planDoubleElimination } from "../../src/engine/index.js";
import { reportMatch } from "../../src/service/bracket/match-actions.js";
import { applyChanges } from "../../src/service/bracket/stage-io.js";
import { createContext } from "../../src/service/context.js";
import { defaultSettings } from "../../src/service/validation/tournament-settings.js";
import { type Db, openDatabase } from "../../src/store/database.js";

const NOW = "2026-11-23T10:00:00.000Z";
const open: Db[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

/** A started 8-player double elimination, its stage stored as a start stores it. */
function started(cache: boolean) {
  const db = openDatabase(":memory:");
  open.push(db);
  const service = createContext(db, { cache });
  const id = service.tournaments.insert({
    settings: {
      ...defaultSettings(),
      name: "Cup",
      url: "cup",
      tournament_type: "double elimination",
    },
    communityId: null,
    randomSeed: 1,
    now: NOW,
  });
  const ref = { tournamentId: id, stage: "final", groupId: null } as const;
  const players = Array.from({ length: 8 }, (_, i) => ({ id: 100 + i, seed: i + 1 }));
  const plan = planDoubleElimination(players, { sequentialPairings: false });
  service.write(() => applyChanges(service, ref, [{ kind: "plan", plan }], NOW));
  return { service, id };
}

describe("a report's write", () => {
  it.each([
    ["with the cache", true],
    ["without the cache", false],
  ])("writes the rows it read by id, none found by key again (%s)", (_, cache) => {
    const { service, id } = started(cache);
    const [row] = service.matches.list(id, { state: "open" });
    const t = service.tournaments.findById(id)!;
    const winner = row!.player1_id!;
    const loser = row!.player2_id!;
    const byKey = vi.spyOn(service.matches, "findByKey");
    const writes = vi.spyOn(service.matches, "write");
    service.write(() =>
      reportMatch(service, t, row!, {
        entries: [
          { participantId: winner, sets: [2], rank: undefined, advancing: true },
          { participantId: loser, sets: [0], rank: undefined, advancing: false },
        ],
        tie: false,
      }),
    );
    // The result, the winner's next slot and the loser's drop into the losers bracket.
    expect(writes.mock.calls.map((c) => c[1])).toHaveLength(3);
    const firstWrite = Math.min(...writes.mock.invocationCallOrder);
    expect(byKey.mock.invocationCallOrder.filter((n) => n > firstWrite)).toEqual([]);
    const after = service.matches.find(id, row!.id)!;
    expect(after).toMatchObject({ state: "complete", winner_id: winner, loser_id: loser });
    const placed = service.matches
      .list(id, {})
      .filter((r) => r.id !== row!.id && (r.player1_id === winner || r.player1_id === loser));
    expect(placed.map((r) => r.side).sort()).toEqual(["losers", "winners"]);
  });
});
