/**
 * A started bracket's rows are stored in storageOrder (issue 27, store/match-plan.ts): in
 * blocks of a few rounds, each match's id right after the ids of the matches whose winners it
 * takes, so that a report's result and its winner's next slot are mostly on one page of the
 * table. Before, rows were stored in play order, a round after another: a match was a
 * round's length away from the match its winner plays next. Rows taking no winner (round
 * robin) keep play order.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { startService } from "../helpers/service.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

interface Row {
  id: number;
  plan_key: string;
  suggested_play_order: number;
  player1_source: string;
  player2_source: string;
}

/** The stored rows of a started `type` tournament of `players`, read from its file. */
async function storedRows(type: string, players: number): Promise<Row[]> {
  const dir = mkdtempSync(join(tmpdir(), "tourney-order-"));
  dirs.push(dir);
  const path = join(dir, "store.db");
  const h = await startService({ dbPath: path });
  const t = await h.request("POST", "/v2.1/tournaments", {
    data: { type: "tournament", attributes: { name: "Cup", tournament_type: type } },
  });
  const id = t.json.data.id as string;
  const participants = Array.from({ length: players }, (_, i) => ({ name: `P${i + 1}` }));
  await h.request("POST", `/v2.1/tournaments/${id}/participants/bulk_add`, {
    data: { type: "Participants", attributes: { participants } },
  });
  const started = await h.request("PUT", `/v2.1/tournaments/${id}/change_state`, {
    data: { type: "TournamentState", attributes: { state: "start" } },
  });
  expect(started.status).toBe(200);
  h.service.close();
  const db = new Database(path, { readonly: true });
  const rows = db
    .prepare(
      "SELECT id, plan_key, suggested_play_order, player1_source, player2_source FROM matches ORDER BY id",
    )
    .all() as Row[];
  db.close();
  return rows;
}

/** The keys of the matches whose winners `row` takes. */
const winnersTaken = (row: Row): string[] =>
  [row.player1_source, row.player2_source]
    .map((text) => JSON.parse(text) as { type: string; match?: string })
    .filter((s) => s.type === "winner" && s.match !== undefined)
    .map((s) => s.match!);

describe("the order a bracket's rows are stored in", () => {
  it.each([
    ["double elimination", 64],
    ["single elimination", 37],
  ])(
    "puts most %s matches beside the match their winner plays next (%i players)",
    async (type, n) => {
      const rows = await storedRows(type, n);
      const byKey = new Map(rows.map((r) => [r.plan_key, r]));
      const distances: number[] = [];
      for (const row of rows)
        for (const key of winnersTaken(row)) distances.push(row.id - byKey.get(key)!.id);
      // Each row after the rows whose winners it takes, and mostly within a page's rows.
      expect(distances.length).toBeGreaterThan(rows.length / 2);
      expect(Math.min(...distances)).toBeGreaterThan(0);
      const near = distances.filter((d) => d <= 8).length;
      expect(near / distances.length).toBeGreaterThan(0.7);
    },
  );

  it("keeps a round robin's rows in play order", async () => {
    const rows = await storedRows("round robin", 9);
    const orders = rows.map((r) => r.suggested_play_order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
  });
});
