/**
 * A report reads the players it needs, not the tournament's participant list: once anyone
 * had been removed, every elimination report looked its players up in a map of all
 * participants, read whole for each report (a 16,384-player double elimination: 2.7 ms a
 * report before a removal, 38-104 ms after), and every free-for-all report did the same
 * with no removal at all (4,096 players 11.9 ms a report, 16,384 67.6 ms). Counted through
 * the repository on a fresh service context, as a CLI process has it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { reportMatch } from "../../src/service/bracket/match-actions.js";
import { playersOf } from "../../src/service/bracket/match-codec.js";
import { entrantsOf } from "../../src/service/bracket/standings.js";
import { createContext } from "../../src/service/context.js";
import type { MatchReport } from "../../src/service/validation/match-report.js";
import { openDatabase } from "../../src/store/database.js";
import type { MatchRow } from "../../src/store/match-rows.js";
import { changeState, createWithPlayers } from "../helpers/play.js";
import { startService } from "../helpers/service.js";

const dir = mkdtempSync(join(tmpdir(), "tourney-removal-reads-"));
const harness = startService({ dbPath: join(dir, "t.db") });
const db = openDatabase(join(dir, "t.db"));

afterAll(async () => {
  (await harness).service.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const entry = (participantId: number, advancing: boolean, rank?: number) => ({
  participantId,
  sets: [advancing ? 2 : 1],
  rank,
  advancing,
});

/** Reports `row` through a fresh context; the participant lists it read. */
function reportCounted(row: MatchRow, report: (current: MatchRow) => MatchReport): number {
  const context = createContext(db, {});
  const list = vi.spyOn(context.participants, "list");
  context.write(() => {
    const t = context.tournaments.findById(row.tournament_id)!;
    const current = context.matches.find(t.id, row.id)!;
    reportMatch(context, t, current, report(current));
  });
  return list.mock.calls.length;
}

const rowsOf = (id: number, state?: "open") =>
  createContext(db, {}).matches.list(id, state === undefined ? {} : { state }) as MatchRow[];

describe("a report after a removal reads no participant list", () => {
  it("double elimination of 32, a player removed: a report reads none, and the removed player's next match still forfeits", async () => {
    const s = await harness;
    const made = await createWithPlayers(s, { tournament_type: "double elimination" }, 32);
    expect((await changeState(s, made.id, "start")).status).toBe(200);
    const id = Number(made.id);
    // Seed 16 is removed once the bracket is made: their round-1 match is forfeited.
    const gone = made.idOfSeed.get(16)!;
    const removed = await s.request("DELETE", `/v2.1/tournaments/${id}/participants/${gone}`);
    expect(removed.status, removed.body).toBe(204);
    // A report of an open match of two players still in.
    const open = rowsOf(id, "open").find((r) => r.player1_id !== gone && r.player2_id !== gone)!;
    expect(
      reportCounted(open, (c) => ({
        entries: [entry(c.player1_id!, true), entry(c.player2_id!, false)],
        tie: false,
      })),
    ).toBe(0);
    // The removed player's first match was forfeited by the removal; their loser-bracket
    // match forfeits as soon as it opens: play round 1 out and look.
    for (const row of rowsOf(id, "open").filter((r) => r.round === 1)) {
      expect(
        reportCounted(row, (c) => ({
          entries: [entry(c.player1_id!, true), entry(c.player2_id!, false)],
          tie: false,
        })),
      ).toBe(0);
    }
    const theirs = rowsOf(id).filter(
      (r) => (r.player1_id === gone || r.player2_id === gone) && r.state === "complete",
    );
    expect(theirs.length).toBe(2);
    expect(theirs.every((r) => r.winner_id !== gone)).toBe(true);
  });

  it("free for all of 16, tables of 4: a table's report reads none", async () => {
    const s = await harness;
    const made = await createWithPlayers(
      s,
      { tournament_type: "free for all", free_for_all_options: { max_participants: 4 } },
      16,
    );
    expect((await changeState(s, made.id, "start")).status).toBe(200);
    const table = rowsOf(Number(made.id), "open")[0]!;
    const players = playersOf(table);
    const reads = reportCounted(table, () => ({
      entries: players.map((p, i) => entry(p, i < 2, i + 1)),
      tie: false,
    }));
    expect(reads).toBe(0);
    expect(rowsOf(Number(made.id)).find((r) => r.id === table.id)!.state).toBe("complete");
  });
});

describe("entrantsOf", () => {
  it("gives the stage's entrants in seed order, each looked up, unknown ids left out", () => {
    const people = new Map([
      [7, { name: "a", seed: 1, active: 1 }],
      [3, { name: "b", seed: 2, active: 1 }],
      [9, { name: "c", seed: 3, active: 0 }],
    ]);
    expect(entrantsOf(people, new Set([9, 42, 7]))).toEqual([
      { id: 7, seed: 1 },
      { id: 9, seed: 3 },
    ]);
  });
});
