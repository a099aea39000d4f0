/**
 * A request that reads many stages reads the tournament's participants once (issue 27):
 * each group of a group stage read the whole list again, so a 3,000-player group stage's
 * standings read 3,000 participants 750 times (9.6 s of serve, every other request
 * waiting). Counted here on a real database through the service's own repository: the
 * standings route's function, the bracket page's standings in steps, and the finalize of
 * the group stage, for round-robin, swiss and elimination groups.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { standingDocument, tournamentStandings } from "../../src/service/bracket/standings.js";
import { StandingsJob } from "../../src/service/bracket/standings-steps.js";
import { applyStateChange } from "../../src/service/bracket/tournament-state.js";
import { createContext } from "../../src/service/context.js";
import { openDatabase } from "../../src/store/database.js";
import { tournamentRevisions } from "../../src/store/tournament-revisions.js";
import { changeState, createWithPlayers, playOut } from "../helpers/play.js";
import { startService } from "../helpers/service.js";

const dir = mkdtempSync(join(tmpdir(), "tourney-stage-participants-"));
const dbPath = join(dir, "t.db");
const harness = startService({ dbPath });
const db = openDatabase(dbPath);

afterAll(async () => {
  (await harness).service.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A group stage of 24 players in groups of 4 (6 groups) of `stageType`, every group match played. */
async function playedGroupStage(stageType: string): Promise<number> {
  const s = await harness;
  const attributes = {
    tournament_type: "single elimination",
    group_stage_enabled: true,
    group_stage_options: {
      stage_type: stageType,
      group_size: 4,
      participant_count_to_advance_per_group: 2,
    },
  };
  const { id } = await createWithPlayers(s, attributes, 24);
  expect((await changeState(s, id, "start_group_stage")).status).toBe(200);
  await playOut(s, id, (m) => Math.min(m.player1_id, m.player2_id));
  return Number(id);
}

/** The participants' reads `fn` makes through a fresh service context on the database. */
function readsOf<T>(fn: (context: ReturnType<typeof createContext>) => T) {
  const context = createContext(db, {});
  const list = vi.spyOn(context.participants, "list");
  const namesAfter = vi.spyOn(context.participants, "namesAfter");
  const value = fn(context);
  return { value, list: list.mock.calls.length, namesAfter: namesAfter.mock.calls.length };
}

describe.each(["round robin", "swiss", "double elimination"])("%s groups", (stageType) => {
  it("standings, their steps and the finalize read the participants once", async () => {
    const id = await playedGroupStage(stageType);
    const route = readsOf((c) =>
      tournamentStandings(c, c.tournaments.findById(id)!).map(standingDocument),
    );
    expect(route.value.length).toBe(24);
    expect(route.list).toBe(1);

    const steps = readsOf((c) => {
      const job = new StandingsJob(c, id, tournamentRevisions(db), 10);
      for (;;) {
        const step = job.step();
        if (step.done) return step.value;
      }
    });
    expect(steps.value).toEqual(route.value);
    expect(steps.list).toBe(0);
    expect(steps.namesAfter).toBe(3); // 24 participants, 10 a part

    const finalize = readsOf((c) =>
      c.write(() => applyStateChange(c, c.tournaments.findById(id)!, "finalize_group_stage")),
    );
    expect(finalize.list).toBeLessThanOrEqual(1);
    expect(createContext(db, {}).tournaments.findById(id)!.state).toBe("group_stages_finalized");
  });
});
