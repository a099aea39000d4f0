/**
 * The report that completes a group (or a round of a swiss group) reads the group's players,
 * not the tournament's: the next round was planned from a list of every participant, read
 * again at each group's end, so playing out a 4,000-player group stage of round-robin groups
 * of 4 read 4,000 rows 1,000 times (18 of 21 s in a CPU profile; 12,000 players: 4 minutes).
 * Counted through the repository on a fresh service context, as a CLI process has it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { reportMatch } from "../../src/service/bracket/match-actions.js";
import { createContext } from "../../src/service/context.js";
import { openDatabase } from "../../src/store/database.js";
import type { MatchRow } from "../../src/store/match-rows.js";
import { changeState, createWithPlayers } from "../helpers/play.js";
import { startService } from "../helpers/service.js";

const dir = mkdtempSync(join(tmpdir(), "tourney-group-reads-"));
const dbPath = join(dir, "t.db");
const harness = startService({ dbPath });
const db = openDatabase(dbPath);

afterAll(async () => {
  (await harness).service.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

async function groupStage(stageType: string, players: number) {
  const s = await harness;
  const { id } = await createWithPlayers(
    s,
    {
      tournament_type: "single elimination",
      group_stage_enabled: true,
      group_stage_options: {
        stage_type: stageType,
        group_size: 4,
        participant_count_to_advance_per_group: 2,
      },
    },
    players,
  );
  expect((await changeState(s, id, "start_group_stage")).status).toBe(200);
  return Number(id);
}

/** Reports every open match of group `groupId` won by player 1, each on a fresh context. */
function playGroupRound(id: number, groupId: number) {
  const counts = { list: 0, among: [] as number[] };
  const open = createContext(db, {})
    .matches.list(id, { state: "open" })
    .filter((r) => (r as MatchRow).group_id === groupId) as MatchRow[];
  for (const row of open) {
    const context = createContext(db, {});
    const list = vi.spyOn(context.participants, "list");
    const among = vi.spyOn(context.participants, "seedsAmong");
    context.write(() => {
      const t = context.tournaments.findById(id)!;
      const current = context.matches.find(t.id, row.id)!;
      const entry = (participantId: number, advancing: boolean) => ({
        participantId,
        sets: [advancing ? 2 : 1],
        rank: undefined,
        advancing,
      });
      reportMatch(context, t, current, {
        entries: [entry(current.player1_id!, true), entry(current.player2_id!, false)],
        tie: false,
      });
    });
    counts.list += list.mock.calls.length;
    for (const call of among.mock.calls) counts.among.push((call[1] as number[]).length);
  }
  return { reported: open.length, ...counts };
}

const groupOf = (id: number) =>
  (createContext(db, {}).matches.list(id, {}) as MatchRow[])[0]!.group_id!;

const openIn = (id: number, groupId: number) =>
  (createContext(db, {}).matches.list(id, { state: "open" }) as MatchRow[]).filter(
    (r) => r.group_id === groupId,
  ).length;

describe("a group's last report reads the group's players", () => {
  it("round-robin groups of 4 (48 players): the group's 6 reports read no participant list", async () => {
    const id = await groupStage("round robin", 48);
    const group = groupOf(id);
    let played = { reported: 0, list: 0, among: [] as number[] };
    for (let round = 0; round < 3; round++) {
      const r = playGroupRound(id, group);
      played = {
        reported: played.reported + r.reported,
        list: played.list + r.list,
        among: [...played.among, ...r.among],
      };
    }
    expect(played.reported).toBe(6);
    expect(played.list).toBe(0);
    expect(played.among).toEqual([]);
    expect(openIn(id, group)).toBe(0);
  });

  it("swiss groups of 4 (48 players): a round's end reads its 4 players and pairs the next round", async () => {
    const id = await groupStage("swiss", 48);
    const group = groupOf(id);
    const first = playGroupRound(id, group);
    expect(first.reported).toBe(2);
    expect(first.list).toBe(0);
    expect(first.among).toEqual([4]);
    // The next round is paired from those four: two new open matches in the group.
    expect(openIn(id, group)).toBe(2);
  });
});
