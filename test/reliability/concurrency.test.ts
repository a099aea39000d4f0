/**
 * Separate OS processes on one database file (issue 9, defect 4): each race
 * starts its processes together (each has opened the store and warmed up
 * first), then checks the stored state with plain SQL. A write reads and
 * checks what it depends on inside its own BEGIN IMMEDIATE transaction, so:
 * one report of a match wins, nobody is added or deleted after a start, and
 * concurrent updates of a tournament's settings do not undo each other.
 *
 * TOURNEY_RACE_RUNS sets the runs of each race (default 4; the add and delete
 * races run twice as many).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openService, type Service } from "../../src/service/index.js";
import { BUILT, runBinary, startServe } from "../helpers/binary.js";
import { participantsBody, tournamentBody } from "../helpers/service.js";
import {
  race,
  removeServiceWorkerScript,
  type StepResult,
  serviceWorkerScript,
  type WorkerStep,
} from "../helpers/service-process.js";

const RUNS = Math.max(1, Number(process.env.TOURNEY_RACE_RUNS ?? 4));
const dir = mkdtempSync(join(tmpdir(), "tourney-race-"));
const dbPath = join(dir, "race.db");
const API = "/v2.1";

interface Row {
  [column: string]: unknown;
}

/** Plain SQL on the file, through a connection of its own. */
function sql<T = Row>(query: string, ...params: unknown[]): T[] {
  const db = new Database(dbPath, { readonly: true });
  try {
    return db.prepare(query).all(...params) as T[];
  } finally {
    db.close();
  }
}

let tournamentCount = 0;

/** Creates a tournament with `players` participants (and starts it) through the service in this process. */
async function setUp(
  type: string,
  players: number,
  started: boolean,
): Promise<{ t: number; ids: number[] }> {
  const service: Service = await openService({ dbPath });
  const call = (method: WorkerStep["method"], path: string, body?: unknown) => {
    const response = service.handleSync({
      method,
      path: `${API}${path}`,
      headers: { "content-type": "application/vnd.api+json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    expect(response.status, response.body).toBeLessThan(300);
    return JSON.parse(response.body || "null");
  };
  try {
    tournamentCount += 1;
    const created = call(
      "POST",
      "/tournaments",
      tournamentBody({ name: `Race ${tournamentCount}`, tournament_type: type }),
    );
    const t = Number(created.data.id);
    const names = Array.from({ length: players }, (_, i) => `Player ${i + 1}`);
    const added = call("POST", `/tournaments/${t}/participants/bulk_add`, participantsBody(names));
    if (started) call("PUT", `/tournaments/${t}/change_state`, stateBody("start"));
    return { t, ids: added.data.map((p: { id: string }) => Number(p.id)) };
  } finally {
    service.close();
  }
}

function stateBody(state: string) {
  return { data: { type: "TournamentState", attributes: { state } } };
}

function reportBody(winner: number, loser: number, score: string) {
  return {
    data: {
      type: "Match",
      attributes: {
        match: [
          { participant_id: winner, score_set: score, advancing: true },
          { participant_id: loser, score_set: "0", advancing: false },
        ],
        tie: false,
      },
    },
  };
}

const warm = (t: number) => [`${API}/tournaments/${t}`, `${API}/tournaments/${t}/matches`];
const detail = (r: StepResult) => (JSON.parse(r.body).errors?.[0]?.detail ?? "") as string;

interface MatchRow {
  id: number;
  round: number;
  state: string;
  player1_id: number | null;
  player2_id: number | null;
  winner_id: number | null;
  loser_id: number | null;
}

const matchesOf = (t: number) =>
  sql<MatchRow>("SELECT * FROM matches WHERE tournament_id = ? ORDER BY round, id", t);

/** Match slots holding a participant id that no participant row has. */
const danglingSlots = (t: number) =>
  sql(
    `SELECT m.id FROM matches m WHERE m.tournament_id = ? AND EXISTS (
       SELECT 1 FROM (SELECT m.player1_id AS p UNION ALL SELECT m.player2_id
                      UNION ALL SELECT m.winner_id UNION ALL SELECT m.loser_id) s
       WHERE s.p IS NOT NULL AND NOT EXISTS (SELECT 1 FROM participants x WHERE x.id = s.p))`,
    t,
  );

beforeAll(async () => {
  await serviceWorkerScript();
});

afterAll(async () => {
  await removeServiceWorkerScript();
  rmSync(dir, { recursive: true, force: true });
});

describe("concurrent processes on one database file", () => {
  it(`applies exactly one of four reports of the same match (${RUNS} runs)`, async () => {
    for (let run = 0; run < RUNS; run++) {
      const { t } = await setUp("single elimination", 8, true);
      const first = matchesOf(t)[0]!;
      const [a, b] = [first.player1_id!, first.player2_id!];
      const plans = [0, 1, 2, 3].map((i) => ({
        warm: warm(t),
        steps: [
          {
            method: "PUT" as const,
            path: `${API}/tournaments/${t}/matches/${first.id}`,
            body: i % 2 === 0 ? reportBody(a, b, `${i + 1}`) : reportBody(b, a, `${i + 1}`),
          },
        ],
      }));
      const results = (await race(dbPath, plans)).map((r) => r[0]!);
      const applied = results.filter((r) => r.status === 200);
      expect(applied, JSON.stringify(results)).toHaveLength(1);
      for (const refused of results.filter((r) => r.status !== 200)) {
        expect(refused.status).toBe(422);
        expect(detail(refused)).toMatch(/is already complete; reopen it first/);
      }
      const winner = JSON.parse(applied[0]!.body).data.attributes.winner_id as number;
      const loser = winner === a ? b : a;
      const rows = matchesOf(t);
      expect(rows.find((m) => m.id === first.id)).toMatchObject({
        state: "complete",
        winner_id: winner,
        loser_id: loser,
      });
      const later = rows.filter((m) => m.round > 1);
      const holding = (p: number) =>
        later.filter((m) => m.player1_id === p || m.player2_id === p).length;
      expect(holding(winner)).toBe(1);
      expect(holding(loser)).toBe(0);
    }
  });

  it(`applies reports of different matches sent at once (${RUNS} runs)`, async () => {
    for (let run = 0; run < RUNS; run++) {
      const { t } = await setUp("single elimination", 8, true);
      const firstRound = matchesOf(t).filter((m) => m.round === 1);
      expect(firstRound).toHaveLength(4);
      const plans = firstRound.map((m) => ({
        warm: warm(t),
        steps: [
          {
            method: "PUT" as const,
            path: `${API}/tournaments/${t}/matches/${m.id}`,
            body: reportBody(m.player2_id!, m.player1_id!, "2"),
          },
        ],
      }));
      const results = (await race(dbPath, plans)).map((r) => r[0]!);
      expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      const rows = matchesOf(t);
      const winners = firstRound.map((m) => m.player2_id!).sort((x, y) => x - y);
      expect(rows.filter((m) => m.round === 1).map((m) => m.winner_id)).toEqual(
        firstRound.map((m) => m.player2_id),
      );
      const second = rows.filter((m) => m.round === 2);
      expect(second.map((m) => m.state)).toEqual(["open", "open"]);
      expect(second.flatMap((m) => [m.player1_id!, m.player2_id!]).sort((x, y) => x - y)).toEqual(
        winners,
      );
    }
  });

  it(`adds nobody after a start: an add either lands in the bracket or is refused (${2 * RUNS} runs)`, async () => {
    const outcomes = { before: 0, refused: 0 };
    const violations: string[] = [];
    for (let run = 0; run < 2 * RUNS; run++) {
      const { t } = await setUp("round robin", 6, false);
      const adds: WorkerStep[] = Array.from({ length: 6 }, (_, i) => ({
        method: "POST",
        path: `${API}/tournaments/${t}/participants`,
        body: { data: { type: "Participants", attributes: { name: `Late ${i + 1}` } } },
      }));
      const start: WorkerStep = {
        method: "PUT",
        path: `${API}/tournaments/${t}/change_state`,
        body: stateBody("start"),
      };
      const [added, started] = await race(dbPath, [
        { warm: warm(t), steps: adds },
        { warm: warm(t), steps: [start] },
      ]);
      expect(started![0]!.status, started![0]!.body).toBe(200);
      for (const r of added!) {
        if (r.status === 201) outcomes.before += 1;
        else {
          expect(r.status, r.body).toBe(422);
          expect(detail(r)).toMatch(/cannot add participants while the tournament is underway/);
          outcomes.refused += 1;
        }
      }
      const players = sql<{ id: number }>("SELECT id FROM participants WHERE tournament_id = ?", t);
      const inBracket = new Set(matchesOf(t).flatMap((m) => [m.player1_id, m.player2_id]));
      const outside = players.filter((p) => !inBracket.has(p.id)).map((p) => p.id);
      const n = players.length;
      if (outside.length > 0 || matchesOf(t).length !== (n * (n - 1)) / 2)
        violations.push(`run ${run}: ${n} participants, ${outside} added after the start`);
    }
    expect(violations, `${violations.length} of ${2 * RUNS} runs`).toEqual([]);
    expect(outcomes.before + outcomes.refused).toBe(12 * RUNS);
  });

  it(`deletes nobody out from under a start: no match slot names a deleted participant (${2 * RUNS} runs)`, async () => {
    const violations: string[] = [];
    for (let run = 0; run < 2 * RUNS; run++) {
      const { t, ids } = await setUp("single elimination", 16, false);
      const deletes: WorkerStep[] = ids.slice(8).map((id) => ({
        method: "DELETE",
        path: `${API}/tournaments/${t}/participants/${id}`,
      }));
      const [deleted, started] = await race(dbPath, [
        { warm: warm(t), steps: deletes },
        {
          warm: warm(t),
          steps: [
            {
              method: "PUT",
              path: `${API}/tournaments/${t}/change_state`,
              body: stateBody("start"),
            },
          ],
        },
      ]);
      expect(started![0]!.status, started![0]!.body).toBe(200);
      expect(deleted!.map((r) => r.status)).toEqual(deletes.map(() => 204));
      const dangling = danglingSlots(t).length;
      if (dangling > 0)
        violations.push(`run ${run}: ${dangling} matches name a deleted participant`);
      // Removed after the start: kept as an inactive participant who forfeits what is open.
      const inactive = sql<{ id: number }>(
        "SELECT id FROM participants WHERE tournament_id = ? AND active = 0",
        t,
      ).map((p) => p.id);
      const open = matchesOf(t).filter(
        (m) =>
          m.state !== "complete" &&
          (inactive.includes(m.player1_id ?? -1) || inactive.includes(m.player2_id ?? -1)),
      );
      expect(open).toEqual([]);
    }
    expect(violations, `${violations.length} of ${2 * RUNS} runs`).toEqual([]);
  });

  it(`deletes one participant once when two processes delete it (${RUNS} runs)`, async () => {
    const broken: string[] = [];
    for (let run = 0; run < RUNS; run++) {
      const { t, ids } = await setUp("single elimination", 8, false);
      const remove: WorkerStep = {
        method: "DELETE",
        path: `${API}/tournaments/${t}/participants/${ids[2]}`,
      };
      const results = await race(dbPath, [
        { warm: warm(t), steps: [remove] },
        { warm: warm(t), steps: [remove] },
      ]);
      expect(results.map((r) => r[0]!.status).sort()).toEqual([204, 404]);
      const seeds = sql<{ seed: number }>(
        "SELECT seed FROM participants WHERE tournament_id = ? ORDER BY seed",
        t,
      ).map((p) => p.seed);
      if (seeds.join() !== "1,2,3,4,5,6,7") broken.push(`run ${run}: seeds ${seeds}`);
    }
    expect(broken, `runs with seeds not 1..7: ${broken.length} of ${RUNS}`).toEqual([]);
  });

  it(`gives participants added at once distinct seeds (${RUNS} runs)`, async () => {
    for (let run = 0; run < RUNS; run++) {
      const { t } = await setUp("single elimination", 4, false);
      const add = (name: string): WorkerStep => ({
        method: "POST",
        path: `${API}/tournaments/${t}/participants`,
        body: { data: { type: "Participants", attributes: { name } } },
      });
      const results = await race(
        dbPath,
        ["A", "B", "C"].map((who) => ({
          warm: warm(t),
          steps: [add(`${who} 1`), add(`${who} 2`), add("Same name")],
        })),
      );
      const statuses = results.flat().map((r) => r.status);
      // Six distinct names land; "Same name" lands once and is refused twice.
      expect(statuses.filter((s) => s === 201)).toHaveLength(7);
      expect(statuses.filter((s) => s === 422)).toHaveLength(2);
      const seeds = sql<{ seed: number }>(
        "SELECT seed FROM participants WHERE tournament_id = ? ORDER BY seed",
        t,
      ).map((p) => p.seed);
      expect(seeds).toEqual(Array.from({ length: 11 }, (_, i) => i + 1));
    }
  });

  it(`keeps both of two settings updates sent at once (${RUNS} runs)`, async () => {
    const lost: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const { t } = await setUp("single elimination", 2, false);
      const update = (attributes: Record<string, unknown>): WorkerStep => ({
        method: "PUT",
        path: `${API}/tournaments/${t}`,
        body: { data: { type: "tournament", attributes } },
      });
      const results = await race(dbPath, [
        { warm: warm(t), steps: [update({ description: `described ${run}` })] },
        { warm: warm(t), steps: [update({ game_name: `game ${run}` })] },
      ]);
      expect(results.map((r) => r[0]!.status)).toEqual([200, 200]);
      const [row] = sql<{ settings: string }>("SELECT settings FROM tournaments WHERE id = ?", t);
      const settings = JSON.parse(row!.settings);
      if (settings.description !== `described ${run}` || settings.game_name !== `game ${run}`)
        lost.push(run);
    }
    expect(lost, `runs that lost an update: ${lost.length} of ${RUNS}`).toEqual([]);
  });

  it(`changes the format only before a start (${RUNS} runs)`, async () => {
    const late: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const { t } = await setUp("single elimination", 8, false);
      const [changed, started] = await race(dbPath, [
        {
          warm: warm(t),
          steps: [
            {
              method: "PUT",
              path: `${API}/tournaments/${t}`,
              body: {
                data: { type: "tournament", attributes: { tournament_type: "round robin" } },
              },
            },
          ],
        },
        {
          warm: warm(t),
          steps: [
            {
              method: "PUT",
              path: `${API}/tournaments/${t}/change_state`,
              body: stateBody("start"),
            },
          ],
        },
      ]);
      expect(started![0]!.status).toBe(200);
      expect([200, 422]).toContain(changed![0]!.status);
      const [row] = sql<{ tournament_type: string }>(
        "SELECT tournament_type FROM tournaments WHERE id = ?",
        t,
      );
      // 8 players: 7 elimination matches, or 28 round-robin matches.
      if (matchesOf(t).length !== (row!.tournament_type === "round robin" ? 28 : 7)) late.push(run);
    }
    expect(late, `runs that changed the format after the start: ${late.length} of ${RUNS}`).toEqual(
      [],
    );
  });

  const cliRuns = Math.max(2, Math.ceil(RUNS / 2));
  it.runIf(BUILT)(
    `adds nobody after a start when the racers are CLI processes (${cliRuns} runs)`,
    async () => {
      const env = {
        PATH: process.env.PATH ?? "",
        TOURNEY_CONFIG_DIR: join(dir, "cli-config"),
        TOURNEY_DATA_DIR: join(dir, "cli-data"),
      };
      const cli = async (args: string[], stdin = "") => {
        const r = await runBinary(args, env, stdin);
        return r;
      };
      for (let run = 0; run < cliRuns; run++) {
        const created = await cli([
          "tournament",
          "create",
          "--name",
          `CLI race ${run}`,
          "--type",
          "round robin",
          "--json",
        ]);
        expect(created.code, created.stderr).toBe(0);
        const t = String(JSON.parse(created.stdout).id);
        const names = Array.from({ length: 6 }, (_, i) => `P${i + 1}`);
        expect((await cli(["participants", "bulk-add", t, ...names])).code).toBe(0);
        const [added, started] = await Promise.all([
          cli(["participants", "add", t, "Late"]),
          cli(["tournament", "start", t]),
        ]);
        expect(started.code, started.stderr).toBe(0);
        expect([0, 5], added.stderr).toContain(added.code);
        const db = new Database(join(env.TOURNEY_DATA_DIR, "tourney.db"), { readonly: true });
        try {
          const players = db
            .prepare("SELECT id FROM participants WHERE tournament_id = ?")
            .all(Number(t)) as { id: number }[];
          const n = players.length;
          expect(n).toBe(added.code === 0 ? 7 : 6);
          const count = db
            .prepare("SELECT COUNT(*) AS n FROM matches WHERE tournament_id = ?")
            .get(Number(t)) as { n: number };
          expect(count.n).toBe((n * (n - 1)) / 2);
        } finally {
          db.close();
        }
      }
    },
  );

  it.runIf(BUILT)(
    `adds nobody after a start when one racer is \`tourney serve\` (${RUNS} runs)`,
    async () => {
      const env = {
        PATH: process.env.PATH ?? "",
        TOURNEY_CONFIG_DIR: join(dir, "serve-config"),
        TOURNEY_DATA_DIR: join(dir, "serve-data"),
      };
      const served = await startServe(["--db", dbPath], env);
      const post = (t: number, name: string) =>
        fetch(`http://127.0.0.1:${served.port}${API}/tournaments/${t}/participants`, {
          method: "POST",
          headers: { "content-type": "application/vnd.api+json", authorization: served.apiKey },
          body: JSON.stringify({ data: { type: "Participants", attributes: { name } } }),
        }).then(async (r) => ({ status: r.status, body: await r.text() }));
      try {
        for (let run = 0; run < RUNS; run++) {
          const { t } = await setUp("round robin", 6, false);
          let adds: Promise<StepResult[]> = Promise.resolve([]);
          const addInTurn = async () => {
            const results: StepResult[] = [];
            for (let i = 1; i <= 6; i++) results.push(await post(t, `Served ${i}`));
            return results;
          };
          const [started] = await race(
            dbPath,
            [
              {
                warm: warm(t),
                steps: [
                  {
                    method: "PUT",
                    path: `${API}/tournaments/${t}/change_state`,
                    body: stateBody("start"),
                  },
                ],
              },
            ],
            () => {
              adds = addInTurn();
            },
          );
          expect(started![0]!.status, started![0]!.body).toBe(200);
          // 503: serve waited its short busy timeout for the start's write lock.
          for (const r of await adds) expect([201, 422, 503], r.body).toContain(r.status);
          const players = sql<{ id: number }>(
            "SELECT id FROM participants WHERE tournament_id = ?",
            t,
          );
          const inBracket = new Set(matchesOf(t).flatMap((m) => [m.player1_id, m.player2_id]));
          expect(players.filter((p) => !inBracket.has(p.id))).toEqual([]);
        }
      } finally {
        expect(await served.stop()).toBe(0);
      }
    },
  );

  it("reads while another process holds the write lock: a list writes only when a check-in is due", async () => {
    await setUp("single elimination", 2, false);
    const service = await openService({ dbPath });
    const holder = new Database(dbPath);
    try {
      holder.prepare("BEGIN IMMEDIATE").run();
      for (const path of ["/tournaments", "/tournaments/1", "/tournaments/1/participants"]) {
        const response = service.handleSync({ method: "GET", path: `${API}${path}`, headers: {} });
        expect(response.status, `${path}: ${response.body}`).toBe(200);
      }
    } finally {
      if (holder.inTransaction) holder.prepare("ROLLBACK").run();
      holder.close();
      service.close();
    }
  });

  it("leaves a store that passes integrity_check and foreign_key_check", () => {
    const db = new Database(dbPath, { readonly: true });
    try {
      expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
      expect(db.pragma("foreign_key_check")).toEqual([]);
    } finally {
      db.close();
    }
  });
});
