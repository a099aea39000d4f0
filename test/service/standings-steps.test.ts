/**
 * The standings of the bracket page's snapshot made a part at a time (issue 24: at 50,000
 * players they were one unit of about 100 ms that stalled every other request): the steps
 * of a StandingsJob give exactly what GET /tournaments/{t}/standings answers (the same
 * JSON text), whatever the tournament and the size of a part; a write landing between two
 * steps does not stop them (parts failing on it are made again whole); and the snapshot's
 * standings are the route's.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { StandingsJob, sortedInParts } from "../../src/service/bracket/standings-steps.js";
import { createContext } from "../../src/service/context.js";
import { openDatabase } from "../../src/store/database.js";
import { tournamentRevisions } from "../../src/store/tournament-revisions.js";
import { changeState, createWithPlayers, matches, reportBody } from "../helpers/play.js";
import { type ServiceHarness, startService } from "../helpers/service.js";

const dir = mkdtempSync(join(tmpdir(), "tourney-standings-steps-"));
const dbPath = join(dir, "t.db");
const harness = startService({ dbPath });
const reader = openDatabase(dbPath);
const context = createContext(reader, {});
const revisionOf = tournamentRevisions(reader);

afterAll(async () => {
  (await harness).service.close();
  reader.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The route's standings documents, as JSON text. */
async function routeText(s: ServiceHarness, id: string): Promise<string> {
  const r = await s.request("GET", `/v2.1/tournaments/${id}/standings`);
  expect(r.status, r.body).toBe(200);
  return JSON.stringify(r.json.data);
}

/** Runs `job` to its end (`between` after each step); its documents as JSON text, and its steps. */
async function finish(
  job: StandingsJob,
  between: (step: number) => Promise<void> = async () => {},
) {
  for (let steps = 1; ; steps++) {
    const step = job.step();
    if (step.done) return { text: JSON.stringify(step.value), steps };
    await between(steps);
  }
}

/** Reports `count` open matches (or fewer), each won by the player `pick` chooses. */
async function play(s: ServiceHarness, id: string, count: number, pick: (n: number) => boolean) {
  let n = 0;
  while (n < count) {
    const open = await matches(s, id, "open");
    if (open.length === 0) return;
    for (const m of open.slice(0, count - n)) {
      const [w, l] = pick(n) ? [m.player1_id, m.player2_id] : [m.player2_id, m.player1_id];
      const r = await s.request("PUT", `/v2.1/tournaments/${id}/matches/${m.id}`, reportBody(w, l));
      expect(r.status, r.body).toBe(200);
      n++;
    }
  }
}

const kinds = fc.constantFrom<Record<string, unknown>>(
  { tournament_type: "double elimination" },
  { tournament_type: "single elimination" },
  { tournament_type: "round robin" },
  { tournament_type: "swiss" },
  {
    tournament_type: "single elimination",
    group_stage_enabled: true,
    group_stage_options: { stage_type: "double elimination", group_size: 4 },
  },
  {
    tournament_type: "double elimination",
    group_stage_enabled: true,
    group_stage_options: { stage_type: "round robin", group_size: 4 },
  },
);

describe("standings made a part at a time", () => {
  it("are the route's standings, text for text, for any tournament and part size", async () => {
    const s = await harness;
    await fc.assert(
      fc.asyncProperty(
        kinds,
        fc.integer({ min: 8, max: 20 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 1, max: 7 }),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 16 }),
        async (kind, size, reports, part, picks) => {
          const t = await createWithPlayers(s, kind, size);
          const pick = (n: number) => picks[n % picks.length]!;
          if (kind.group_stage_enabled === true) {
            expect((await changeState(s, t.id, "start_group_stage")).status).toBe(200);
            await play(s, t.id, reports, pick);
            if ((await matches(s, t.id, "open")).length === 0) {
              expect((await changeState(s, t.id, "finalize_group_stage")).status).toBe(200);
              expect((await changeState(s, t.id, "start")).status).toBe(200);
              await play(s, t.id, reports, pick);
            }
          } else {
            expect((await changeState(s, t.id, "start")).status).toBe(200);
            await play(s, t.id, reports, pick);
          }
          const job = new StandingsJob(context, Number(t.id), revisionOf, part);
          const made = await finish(job);
          expect(made.text).toBe(await routeText(s, t.id));
          // Parts: the participants alone take size / part steps.
          expect(made.steps).toBeGreaterThan(Math.floor(size / part));
        },
      ),
      { numRuns: Number(process.env.TOURNEY_STANDINGS_RUNS ?? 30), seed: 24 },
    );
  }, 240_000);

  it("an elimination stage's played matches are tallied a part a step", async () => {
    const s = await harness;
    const t = await createWithPlayers(s, { tournament_type: "double elimination" }, 32);
    expect((await changeState(s, t.id, "start")).status).toBe(200);
    await play(s, t.id, 30, (n) => n % 3 !== 0);
    const whole = await finish(new StandingsJob(context, Number(t.id), revisionOf, 100_000));
    const parts = await finish(new StandingsJob(context, Number(t.id), revisionOf, 2));
    expect(parts.text).toBe(whole.text);
    expect(whole.text).toBe(await routeText(s, t.id));
    // 32 participants and 30 played matches, 2 a step: at least 16 + 15 steps.
    expect(parts.steps).toBeGreaterThanOrEqual(31);
    expect(whole.steps).toBeLessThan(12);
  });

  it("finish when a write lands between two steps, with a version's standings", async () => {
    const s = await harness;
    const t = await createWithPlayers(s, { tournament_type: "double elimination" }, 12);
    expect((await changeState(s, t.id, "start")).status).toBe(200);
    const before = await routeText(s, t.id);
    const job = new StandingsJob(context, Number(t.id), revisionOf, 2);
    const made = await finish(job, async (step) => {
      if (step === 3) await play(s, t.id, 2, () => true);
    });
    expect(job.wholeAfterWrite).toBe(false);
    expect([before, await routeText(s, t.id)]).toContain(made.text);
  });

  it("made whole at once when a write between steps leaves them failing", async () => {
    const s = await harness;
    const t = await createWithPlayers(s, { tournament_type: "single elimination" }, 8);
    expect((await changeState(s, t.id, "start")).status).toBe(200);
    const [m] = await matches(s, t.id, "open");
    await play(s, t.id, 1, () => true);
    const job = new StandingsJob(context, Number(t.id), revisionOf, 2);
    const made = await finish(job, async (step) => {
      if (step !== 1) return;
      // The rows are taken; the participant the played match names is then removed.
      expect((await changeState(s, t.id, "reset")).status).toBe(200);
      const gone = await s.request(
        "DELETE",
        `/v2.1/tournaments/${t.id}/participants/${m!.player1_id}`,
      );
      expect(gone.status, gone.body).toBe(204);
    });
    expect(job.wholeAfterWrite).toBe(true);
    expect(made.text).toBe(await routeText(s, t.id));
  });

  it("are the bracket page's snapshot's standings", async () => {
    const s = await harness;
    const t = await createWithPlayers(s, { tournament_type: "double elimination" }, 9);
    expect((await changeState(s, t.id, "start")).status).toBe(200);
    await play(s, t.id, 5, () => true);
    const snapshot = await s.service.events.tournaments.snapshots.current(Number(t.id));
    if ("status" in snapshot) throw new Error(`snapshot refused: ${snapshot.status}`);
    const json = JSON.parse(gunzipSync(Buffer.concat(snapshot.gzip)).toString("utf8"));
    expect(JSON.stringify(json.standings)).toBe(await routeText(s, t.id));
  });
});

describe("a sort in runs then merged", () => {
  it("is the one sort of a total order", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 50 })),
        fc.integer({ min: 1, max: 9 }),
        (items, part) => {
          const order = (a: number, b: number) => a - b;
          const parts = sortedInParts(items, order, part);
          let next = parts.next();
          while (next.done !== true) next = parts.next();
          expect(next.value).toEqual([...items].sort(order));
        },
      ),
    );
  });

  it("merges a pair of runs a step, never a whole level", () => {
    const items = Array.from({ length: 64 }, (_, i) => (i * 37) % 64);
    const parts = sortedInParts(items, (a, b) => a - b, 8);
    let steps = 0;
    let next = parts.next();
    for (; next.done !== true; next = parts.next()) steps++;
    // 8 runs sorted (8 steps), then 4 + 2 + 1 merges (a level a step: 3).
    expect(steps).toBe(8 + 7);
    expect(next.value).toEqual(Array.from({ length: 64 }, (_, i) => i));
  });
});
