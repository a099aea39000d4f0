/**
 * Property tests through the real service: any size from 2 to 64, any results,
 * every format reaches awaiting_review, never pairs a participant with itself,
 * and finalizes with ranks consistent with the bracket.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { seededRandom } from "../../src/engine/shuffle.js";
import {
  changeState,
  createWithPlayers,
  finalRanksBySeed,
  matches,
  playOut,
} from "../helpers/play.js";
import { startService } from "../helpers/service.js";

const FORMATS = [
  { tournament_type: "single elimination" },
  { tournament_type: "single elimination", match_options: { consolation_matches_target_rank: 3 } },
  { tournament_type: "double elimination" },
  {
    tournament_type: "double elimination",
    double_elimination_options: { grand_finals_modifier: "single match" },
  },
  {
    tournament_type: "double elimination",
    double_elimination_options: { grand_finals_modifier: "skip" },
  },
  {
    tournament_type: "double elimination",
    double_elimination_options: { split_participants: true },
  },
  { tournament_type: "round robin" },
];

describe("every format, every size, any results", () => {
  it("reaches awaiting_review and finalizes with consistent ranks", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2, max: 64 }),
        fc.constantFrom(...FORMATS),
        fc.integer({ min: 1, max: 2 ** 30 }),
        async (size, format, seed) => {
          if (format.double_elimination_options?.split_participants && size < 3) return;
          const s = await startService();
          const { id } = await createWithPlayers(s, format, size);
          const started = await changeState(s, id, "start");
          expect(started.status, started.body).toBe(200);
          const random = seededRandom(seed);
          await playOut(s, id, (m) => (random() < 0.5 ? m.player1_id : m.player2_id));
          const t = await s.request("GET", `/v2.1/tournaments/${id}`);
          expect(t.json.data.attributes.state).toBe("awaiting_review");
          expect((await matches(s, id)).every((m) => m.state === "complete")).toBe(true);
          expect((await changeState(s, id, "finalize")).status).toBe(200);
          const ranks = await finalRanksBySeed(s, id);
          const champions = ranks.filter((r) => r === 1).length;
          if (format.tournament_type === "round robin") expect(champions).toBeGreaterThanOrEqual(1);
          else expect(champions).toBe(1);
          for (const rank of ranks) {
            expect(rank).toBeGreaterThanOrEqual(1);
            expect(rank).toBeLessThanOrEqual(size);
          }
          s.service.close();
        },
      ),
      { numRuns: 40, seed: 20261123 },
    );
  });
});
