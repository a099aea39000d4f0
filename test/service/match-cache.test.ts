/**
 * The service's store holds rows in memory (src/store/cache/): these tests
 * check that what the service answers is what the database holds, read by a
 * second connection, and that a second connection's commits are seen; with
 * the cache and without it (every read a query), the same answers.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Service } from "../../src/service/index.js";
import { changeState, createWithPlayers, matches, playOut, reportBody } from "../helpers/play.js";
import { type ServiceHarness, startService } from "../helpers/service.js";

const dirs: string[] = [];
const services: Service[] = [];
afterEach(() => {
  for (const s of services.splice(0)) s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function dbFile(): string {
  const dir = mkdtempSync(join(tmpdir(), "tourney-cache-"));
  dirs.push(dir);
  return join(dir, "tourney.db");
}

let cache = true;

async function harness(dbPath: string): Promise<ServiceHarness> {
  const h = await startService({ dbPath, cache });
  services.push(h.service);
  return h;
}

/** Every match as a separate connection reads it from the file. */
function storedMatches(dbPath: string, tournamentId: string) {
  const db = new Database(dbPath, { readonly: true });
  try {
    return db
      .prepare("SELECT * FROM matches WHERE tournament_id = ? AND active = 1 ORDER BY id")
      .all(Number(tournamentId)) as Record<string, unknown>[];
  } finally {
    db.close();
  }
}

async function expectServiceMatchesDatabase(s: ServiceHarness, dbPath: string, t: string) {
  const served = (await matches(s, t)).sort((a, b) => Number(a.id) - Number(b.id));
  const stored = storedMatches(dbPath, t);
  expect(served.map((m) => Number(m.id))).toEqual(stored.map((r) => r.id));
  served.forEach((m, i) => {
    const row = stored[i]!;
    const attributes = m as unknown as Record<string, unknown>;
    expect(
      [m.state, m.player1_id, m.player2_id, m.winner_id, m.loser_id, m.group_id, m.round],
      `match ${m.id}`,
    ).toEqual([
      row.state,
      row.player1_id,
      row.player2_id,
      row.winner_id,
      row.loser_id,
      row.group_id,
      row.round,
    ]);
    expect(attributes.underway_at).toBe(row.underway_at);
    expect((attributes.timestamps as Record<string, unknown>).updated_at).toBe(row.updated_at);
  });
  // The tournament's counts (from the held rows) agree with the stored rows too.
  const tournament = await s.request("GET", `/v2.1/tournaments/${t}`);
  const counts = tournament.json.data.attributes;
  expect([counts.matches_count, counts.matches_complete]).toEqual([
    stored.length,
    stored.filter((r) => r.state === "complete").length,
  ]);
}

const lowerId = (m: { player1_id: number; player2_id: number }) =>
  Math.min(m.player1_id, m.player2_id);

describe.each([
  ["with the cache", true],
  ["without the cache", false],
])("matches %s", (_, withCache) => {
  beforeEach(() => {
    cache = withCache;
  });

  it("answer what the database holds, through a double elimination with reopen and underway", async () => {
    const dbPath = dbFile();
    const s = await harness(dbPath);
    const { id } = await createWithPlayers(s, { tournament_type: "double elimination" }, 12);
    await changeState(s, id, "start");
    await expectServiceMatchesDatabase(s, dbPath, id);
    const [first] = await matches(s, id, "open");
    await s.request("PUT", `/v2.1/tournaments/${id}/matches/${first!.id}/change_state`, {
      data: { type: "MatchState", attributes: { state: "mark_as_underway" } },
    });
    await expectServiceMatchesDatabase(s, dbPath, id);
    await playOut(s, id, lowerId);
    await expectServiceMatchesDatabase(s, dbPath, id);
    const reopened = await s.request(
      "PUT",
      `/v2.1/tournaments/${id}/matches/${first!.id}/change_state`,
      { data: { type: "MatchState", attributes: { state: "reopen", reset_dependents: true } } },
    );
    expect(reopened.status, reopened.body).toBe(200);
    await expectServiceMatchesDatabase(s, dbPath, id);
    await playOut(s, id, lowerId);
    await expectServiceMatchesDatabase(s, dbPath, id);
  });

  it("answer what the database holds through a two-stage swiss tournament", async () => {
    const dbPath = dbFile();
    const s = await harness(dbPath);
    const { id } = await createWithPlayers(
      s,
      {
        tournament_type: "swiss",
        group_stage_enabled: true,
        group_stage_options: { stage_type: "round robin", group_size: 4 },
      },
      8,
    );
    await changeState(s, id, "start_group_stage");
    await playOut(s, id, lowerId);
    await changeState(s, id, "finalize_group_stage");
    await changeState(s, id, "start");
    await expectServiceMatchesDatabase(s, dbPath, id);
    await playOut(s, id, lowerId);
    await expectServiceMatchesDatabase(s, dbPath, id);
    await changeState(s, id, "reset");
    expect(await matches(s, id)).toEqual([]);
    await expectServiceMatchesDatabase(s, dbPath, id);
  });

  it("see what another connection committed", async () => {
    const dbPath = dbFile();
    const a = await harness(dbPath);
    const b = await harness(dbPath);
    const { id } = await createWithPlayers(a, { tournament_type: "single elimination" }, 4);
    await changeState(a, id, "start");
    const open = await matches(b, id, "open");
    expect(open).toHaveLength(2);
    const m = open[0]!;
    const winner = lowerId(m);
    const loser = winner === m.player1_id ? m.player2_id : m.player1_id;
    const reported = await a.request(
      "PUT",
      `/v2.1/tournaments/${id}/matches/${m.id}`,
      reportBody(winner, loser),
    );
    expect(reported.status, reported.body).toBe(200);
    const seen = await b.request("GET", `/v2.1/tournaments/${id}/matches/${m.id}`);
    expect(seen.json.data.attributes.state).toBe("complete");
    expect(seen.json.data.attributes.winner_id).toBe(winner);
    // b reports the other semi-final; a then sees the final open with both players
    const other = open[1]!;
    const w2 = lowerId(other);
    await b.request(
      "PUT",
      `/v2.1/tournaments/${id}/matches/${other.id}`,
      reportBody(w2, w2 === other.player1_id ? other.player2_id : other.player1_id),
    );
    const final = (await matches(a, id, "open"))[0]!;
    expect(new Set([final.player1_id, final.player2_id])).toEqual(new Set([winner, w2]));
    await expectServiceMatchesDatabase(a, dbPath, id);
  });

  it("agree after a refused report", async () => {
    const dbPath = dbFile();
    const s = await harness(dbPath);
    const { id } = await createWithPlayers(s, { tournament_type: "single elimination" }, 4);
    await changeState(s, id, "start");
    const [m] = await matches(s, id, "open");
    const bad = await s.request("PUT", `/v2.1/tournaments/${id}/matches/${m!.id}`, {
      data: {
        type: "Match",
        attributes: {
          match: [
            { participant_id: String(m!.player1_id), score_set: "1,2", advancing: true },
            { participant_id: String(m!.player2_id), score_set: "0", advancing: false },
          ],
        },
      },
    });
    expect(bad.status).toBe(422);
    await expectServiceMatchesDatabase(s, dbPath, id);
  });
});
