/**
 * A round-robin, swiss or free-for-all stage's standings made a part at a time (issue 27:
 * each was one unit of serve's work, a 512-player round robin's 130,816 results holding its
 * event loop ~0.4 s): the rows read, the results tallied, the tie-breaks (mini-leagues,
 * median Buchholz) and the rows made PART a step, the sort in runs then merged. The steps
 * give exactly the route's standings (the same JSON text), with ties, every tie-break and
 * custom points, whatever the part; the stage is no longer one step; a write landing between
 * two steps gives the snapshot one version's standings, and the API's answer (serve) the
 * standings after it, made again.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StandingsJob } from "../../src/service/bracket/standings-steps.js";
import { createContext } from "../../src/service/context.js";
import { openDatabase } from "../../src/store/database.js";
import { tournamentRevisions } from "../../src/store/tournament-revisions.js";
import { ffaMatches, ffaReport } from "../helpers/free-for-all.js";
import { changeState, createWithPlayers, type MatchAttrs, matches } from "../helpers/play.js";
import { type ServiceHarness, startService } from "../helpers/service.js";
import { type StandingsServe, standingsPath, standingsServe } from "../helpers/standings-serve.js";

const dir = mkdtempSync(join(tmpdir(), "tourney-standings-table-parts-"));
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

type Outcome = "one" | "two" | "tie";

/** The body of a one-on-one report: player 1 or 2 winning 2-1 or 2-0, or a 1-1 tie. */
function report(m: MatchAttrs, outcome: Outcome, n: number) {
  const [one, two] =
    outcome === "tie" ? ["1", "1"] : outcome === "one" ? ["2", `${n % 2}`] : [`${n % 2}`, "2"];
  return {
    data: {
      type: "Match",
      attributes: {
        ...(outcome === "tie" ? { tie: true } : {}),
        match: [
          { participant_id: String(m.player1_id), score_set: one },
          { participant_id: String(m.player2_id), score_set: two },
        ],
      },
    },
  };
}

/** Reports up to `count` open matches, round after round, the n-th with `outcomes[n % length]`. */
async function play(s: ServiceHarness, id: string, count: number, outcomes: readonly Outcome[]) {
  for (let n = 0; n < count; ) {
    const open = await matches(s, id, "open");
    if (open.length === 0) return;
    for (const m of open.slice(0, count - n)) {
      const r = await s.request(
        "PUT",
        `/v2.1/tournaments/${id}/matches/${m.id}`,
        report(m, outcomes[n % outcomes.length]!, n),
      );
      expect(r.status, r.body).toBe(200);
      n++;
    }
  }
}

/** Every open free-for-all table reported, round after round (`rounds` at most): ranks by `rankOf`. */
async function playFreeForAll(
  s: ServiceHarness,
  id: string,
  rounds: number,
  rankOf: (i: number, table: number) => number,
) {
  for (let round = 0; round < rounds; round++) {
    const open = (await ffaMatches(s, id)).filter((m) => m.state === "open");
    if (open.length === 0) return;
    for (const [table, m] of open.entries()) {
      const ranks = m.participant_ids.map((_, i) => rankOf(i, table));
      // The better half advances, never across a shared rank (the cut after the second).
      const entries = m.participant_ids.map((p, i) => ({
        id: p,
        rank: ranks[i]!,
        advancing: ranks[i]! <= 2 && ranks.filter((r) => r <= 2).length < m.participant_ids.length,
      }));
      const r = await s.request(
        "PUT",
        `/v2.1/tournaments/${id}/matches/${m.id}`,
        ffaReport(entries),
      );
      expect(r.status, r.body).toBe(200);
    }
  }
}

const TIE_BREAKS = fc.constantFrom(
  ["match wins vs tied", "game wins", "points scored"],
  ["median buchholz", "match wins vs tied", "points difference"],
  ["game win percentage", "match wins vs tied"],
  ["points difference", "median buchholz"],
  [],
);

const tables = fc.oneof(
  fc.record({
    tournament_type: fc.constant("round robin"),
    tie_breaks: TIE_BREAKS,
    round_robin_options: fc.constantFrom(
      { ranking: "match wins" },
      { ranking: "custom", pts_for_match_win: 0.3, pts_for_match_tie: 0.1, pts_for_game_win: 0.1 },
      { ranking: "points difference" },
      { ranking: "game win percentage", iterations: 2 },
    ),
  }),
  fc.record({
    tournament_type: fc.constant("swiss"),
    tie_breaks: TIE_BREAKS,
    swiss_options: fc.constantFrom(
      { rounds: 4 },
      { rounds: 3, pts_for_match_tie: 0.3, pts_for_bye: 0.7, pts_for_game_win: 0.1 },
    ),
  }),
);

describe("a round robin's, a swiss's and a free for all's standings made in parts", () => {
  it("are the route's standings, text for text, with ties and any tie-breaks", async () => {
    const s = await harness;
    await fc.assert(
      fc.asyncProperty(
        tables,
        fc.integer({ min: 5, max: 13 }),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 1, max: 6 }),
        fc.array(fc.constantFrom<Outcome>("one", "two", "tie"), { minLength: 1, maxLength: 9 }),
        async (attributes, size, reports, part, outcomes) => {
          const t = await createWithPlayers(s, attributes, size);
          expect((await changeState(s, t.id, "start")).status).toBe(200);
          await play(s, t.id, reports, outcomes);
          const job = new StandingsJob(context, Number(t.id), revisionOf, part);
          const made = await finish(job);
          expect(made.text).toBe(await routeText(s, t.id));
          // The stage in parts: grouped and looked at 4 * part rows a step, then its rows read
          // part a step (and its results tallied, its standings made), beyond the participants'.
          const rows = (await matches(s, t.id)).length;
          const least =
            Math.floor(size / part) + Math.floor(rows / (2 * part)) + Math.floor(rows / part);
          expect(made.steps).toBeGreaterThan(least);
        },
      ),
      { numRuns: Number(process.env.TOURNEY_STANDINGS_RUNS ?? 30), seed: 27 },
    );
  }, 240_000);

  it("a free for all's, under way and complete, with shared places, in parts", async () => {
    const s = await harness;
    const attributes = {
      tournament_type: "free for all",
      free_for_all_options: { max_participants: 4 },
    };
    const t = await createWithPlayers(s, attributes, 30);
    expect((await changeState(s, t.id, "start")).status).toBe(200);
    // Shared first places on every other table (a tie each), the others in order.
    const rankOf = (i: number, table: number) => (table % 2 === 0 && i < 2 ? 1 : i + 1);
    await playFreeForAll(s, t.id, 1, rankOf);
    const under = await finish(new StandingsJob(context, Number(t.id), revisionOf, 2));
    expect(under.text).toBe(await routeText(s, t.id));
    expect(under.text).toContain('"ties":1');
    await playFreeForAll(s, t.id, 10, rankOf);
    expect((await ffaMatches(s, t.id)).every((m) => m.state === "complete")).toBe(true);
    const whole = await finish(new StandingsJob(context, Number(t.id), revisionOf, 100_000));
    const parts = await finish(new StandingsJob(context, Number(t.id), revisionOf, 2));
    expect(parts.text).toBe(whole.text);
    expect(parts.text).toBe(await routeText(s, t.id));
    expect(
      JSON.parse(parts.text).every(
        (d: { attributes: { rank: unknown } }) => d.attributes.rank !== null,
      ),
    ).toBe(true);
    // 30 participants and 11 tables, 2 a step: the stage's reports, records and rows in parts.
    expect(parts.steps).toBeGreaterThan(whole.steps + 30);
  });

  it.each([
    ["round robin", { tournament_type: "round robin", tie_breaks: ["median buchholz"] }],
    ["swiss", { tournament_type: "swiss", tie_breaks: ["match wins vs tied", "median buchholz"] }],
  ])(
    "give the snapshot one version's standings when a write lands between steps: %s",
    async (_, attributes) => {
      const s = await harness;
      const t = await createWithPlayers(s, attributes, 9);
      expect((await changeState(s, t.id, "start")).status).toBe(200);
      await play(s, t.id, 6, ["one", "tie", "two"]);
      const before = await routeText(s, t.id);
      const job = new StandingsJob(context, Number(t.id), revisionOf, 2);
      // At the 12th step the stage's rows are read and being tallied: a report lands.
      const made = await finish(job, async (step) => {
        if (step === 12) await play(s, t.id, 1, ["tie"]);
      });
      const after = await routeText(s, t.id);
      expect(after).not.toBe(before);
      expect(job.wholeAfterWrite).toBe(false);
      expect([before, after]).toContain(made.text);
    },
  );
});

describe("GET .../standings on serve: a round robin or swiss, a write between two parts", () => {
  let serve: StandingsServe;
  beforeAll(async () => {
    serve = await standingsServe("standings-table-parts");
  });
  afterAll(() => serve.close());

  it.each([
    [
      "round robin",
      { tournament_type: "round robin", tie_breaks: ["median buchholz", "match wins vs tied"] },
    ],
    ["swiss", { tournament_type: "swiss", tie_breaks: ["match wins vs tied", "median buchholz"] }],
  ])("are made again: the standings after the write, %s", async (_, attributes) => {
    const { s } = serve;
    const t = await createWithPlayers(s, attributes, 10);
    expect((await changeState(s, t.id, "start")).status).toBe(200);
    await play(s, t.id, 7, ["tie", "one", "two", "one"]);
    const before = serve.madeInOnePiece(standingsPath(t.id));
    const [open] = await matches(s, t.id, "open");
    s.service.standings.onePieceUpTo = -1;
    s.service.standings.part = 2;
    let steps = 0;
    s.service.standings.beforeStep = () => {
      // Deep in the stage's tally of the first try: a tie reported through serve's service.
      if (++steps === 14) {
        const r = s.service.handleSync({
          method: "PUT",
          path: `/v2.1/tournaments/${t.id}/matches/${open!.id}`,
          headers: { "content-type": "application/vnd.api+json" },
          body: JSON.stringify(report(open!, "tie", 0)),
        });
        expect(r.status, r.body).toBe(200);
      }
      return true;
    };
    const counts = { ...s.service.standings };
    const answer = await serve.served(standingsPath(t.id));
    s.service.standings.beforeStep = undefined;
    expect(answer.status, answer.body).toBe(200);
    const after = serve.madeInOnePiece(standingsPath(t.id));
    expect(after).not.toBe(before);
    expect(answer.body).toBe(after);
    expect(s.service.standings.inParts).toBe(counts.inParts + 1);
    expect(s.service.standings.wholeAfterWrites).toBe(counts.wholeAfterWrites);
    // The first try stopped at the write, a second made them all.
    expect(steps).toBeGreaterThan(14 + 10 / 2);
  });
});
