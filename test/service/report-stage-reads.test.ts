/**
 * A report in a round robin, a swiss stage or a group of a group stage reads what it needs,
 * not every match of the tournament (issue 27): it asked whether its stage was complete
 * by counting the stage through the cache, which loaded all the tournament's rows first
 * (130,816 in a 512-player round robin: 5 s of a CLI `match report`). Counted here through
 * the store's own instrumentation (the cache's `loaded`) and the rows `stageRows` returns,
 * on a fresh service context (as a CLI process has: nothing held), then on one whose rows
 * are held (as serve's are), where the stage's completion must still be seen.
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

const dir = mkdtempSync(join(tmpdir(), "tourney-report-reads-"));
const dbPath = join(dir, "t.db");
const harness = startService({ dbPath });
const db = openDatabase(dbPath);

afterAll(async () => {
  (await harness).service.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

async function started(attributes: Record<string, unknown>, players: number, state: string) {
  const s = await harness;
  const { id } = await createWithPlayers(s, attributes, players);
  expect((await changeState(s, id, state)).status).toBe(200);
  return Number(id);
}

/** A fresh context on the database, counting the match rows it loads and reads by stage. */
function counted(hold = false) {
  let loaded = 0;
  const context = createContext(db, { cache: { loaded: (_id, rows) => (loaded += rows) } });
  const stageRows = vi.spyOn(context.matches, "stageRows");
  const stageRead = () =>
    stageRows.mock.results.reduce((n, r) => n + (r.value as MatchRow[]).length, 0);
  return { context, loaded: () => loaded, stageRead, hold };
}

/** Reports `row` won by its player 1 through `context` (the route's function). */
function report(context: ReturnType<typeof createContext>, row: MatchRow): void {
  const entry = (participantId: number, advancing: boolean) => ({
    participantId,
    sets: [advancing ? 2 : 1],
    rank: undefined,
    advancing,
  });
  context.write(() => {
    const t = context.tournaments.findById(row.tournament_id)!;
    const current = context.matches.find(t.id, row.id)!;
    reportMatch(context, t, current, {
      entries: [entry(current.player1_id!, true), entry(current.player2_id!, false)],
      tie: false,
    });
  });
}

const openRows = (id: number) =>
  createContext(db, {}).matches.list(id, { state: "open" }) as MatchRow[];

describe("a report reads its stage, not the tournament", () => {
  it("round robin of 24: one report loads no row of the 276", async () => {
    const id = await started({ tournament_type: "round robin" }, 24, "start");
    const c = counted();
    report(c.context, openRows(id)[5]!);
    expect(c.loaded()).toBe(0);
    expect(c.stageRead()).toBe(0);
    expect(createContext(db, {}).matches.find(id, openRows(id)[0]!.id)).toBeDefined();
  });

  it("swiss of 24: a report within a round loads nothing; the round's last reads its stage only", async () => {
    const id = await started({ tournament_type: "swiss" }, 24, "start");
    const round = openRows(id);
    expect(round.length).toBe(12);
    for (const row of round.slice(0, -1)) {
      const c = counted();
      report(c.context, row);
      expect(c.loaded()).toBe(0);
      expect(c.stageRead()).toBe(0);
    }
    const last = counted();
    report(last.context, round.at(-1)!);
    expect(last.loaded()).toBe(0);
    expect(last.stageRead()).toBe(12); // the stage's 12 rows, to pair the next round
    expect(openRows(id).length).toBe(12); // round 2 is open
  });

  it.each(["round robin", "swiss"])(
    "%s groups of 4: a group's reports load no other group's rows",
    async (stageType) => {
      const attributes = {
        tournament_type: "single elimination",
        group_stage_enabled: true,
        group_stage_options: { stage_type: stageType, group_size: 4 },
      };
      const id = await started(attributes, 24, "start_group_stage");
      let mostRead = 0;
      for (let played = 0; ; played++) {
        const open = openRows(id).filter((r) => r.group_id === 3);
        if (open.length === 0) break;
        const c = counted();
        report(c.context, open[0]!);
        expect(c.loaded()).toBe(0);
        mostRead = Math.max(mostRead, c.stageRead());
        expect(played).toBeLessThan(12);
      }
      const rows = createContext(db, {}).matches.list(id, {}) as MatchRow[];
      const group = rows.filter((r) => r.group_id === 3);
      expect(mostRead).toBeGreaterThan(0); // the group's end (and a swiss round's) reads its rows
      expect(mostRead).toBeLessThanOrEqual(group.length); // and no other group's
      expect(group.every((r) => r.state === "complete")).toBe(true);
      expect(rows.filter((r) => r.group_id !== 3).some((r) => r.state !== "complete")).toBe(true);
    },
  );

  it("a match found by identifier is read alone, by the route's ?identifier= too", async () => {
    const id = await started({ tournament_type: "round robin" }, 24, "start");
    const c = counted();
    const found = c.context.matches.list(id, { identifier: "B" });
    expect(found.map((r) => r.identifier)).toEqual(["B"]);
    expect(c.context.matches.count(id, { identifier: "B" })).toBe(1);
    expect(c.loaded()).toBe(0); // not the 276 rows
    const groups = await started(
      {
        tournament_type: "single elimination",
        group_stage_enabled: true,
        group_stage_options: { stage_type: "round robin", group_size: 4 },
      },
      24,
      "start_group_stage",
    );
    const s = await harness;
    const r = await s.request("GET", `/v2.1/tournaments/${groups}/matches?identifier=b`);
    expect(r.status, r.body).toBe(200);
    const named = r.json.data.map((m: { attributes: Record<string, unknown> }) => m.attributes);
    expect(named.map((m: Record<string, unknown>) => m.identifier)).toEqual(Array(6).fill("B"));
    expect(new Set(named.map((m: Record<string, unknown>) => m.group_id)).size).toBe(6);
    const bad = await s.request("GET", `/v2.1/tournaments/${groups}/matches?identifier=B1`);
    expect(bad.status).toBe(400);
  });

  it("with the rows held, the count kept per stage ends a round robin as a count would", async () => {
    const id = await started({ tournament_type: "round robin" }, 6, "start");
    const c = counted();
    expect(c.context.matches.count(id)).toBe(15); // a list: the rows are held from here on
    for (const row of openRows(id)) {
      expect(c.context.tournaments.findById(id)!.state).toBe("underway");
      report(c.context, row);
    }
    expect(c.context.tournaments.findById(id)!.state).toBe("awaiting_review");
    expect(createContext(db, {}).tournaments.findById(id)!.state).toBe("awaiting_review");
  });
});
