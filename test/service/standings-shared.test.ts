/**
 * GET /v2.1/tournaments/{t}/standings on serve, made in parts (public/standings-answer.ts):
 * a crowd asking for the same standings at once is answered by one job, not one each; a
 * request that comes after a write does not take the job of the version before; and a job
 * whose every client has closed its connection stops, serve answering the next ones as before.
 */
import type { request as httpRequest } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { StandingsJob } from "../../src/service/bracket/standings-steps.js";
import { changeState, createWithPlayers, matches, reportBody } from "../helpers/play.js";
import type { ServiceHarness } from "../helpers/service.js";
import { type StandingsServe, standingsPath, standingsServe } from "../helpers/standings-serve.js";

let serve: StandingsServe;
let s: ServiceHarness;

beforeAll(async () => {
  serve = await standingsServe("standings-shared");
  s = serve.s;
});

afterAll(() => serve.close());

beforeEach(() => {
  s.service.standings.onePieceUpTo = -1;
  s.service.standings.part = 2;
  s.service.standings.beforeStep = undefined;
});

const served = (path: string, opened?: (req: ReturnType<typeof httpRequest>) => void) =>
  serve.served(path, opened);
const madeInOnePiece = (path: string) => serve.madeInOnePiece(path);

async function startedDoubleElimination(players: number): Promise<string> {
  const t = await createWithPlayers(s, { tournament_type: "double elimination" }, players);
  expect((await changeState(s, t.id, "start")).status).toBe(200);
  return t.id;
}

/** Resolves once `ready()` holds, looking every few ms (the steps wait meanwhile). */
async function until(ready: () => boolean): Promise<void> {
  for (let n = 0; !ready(); n++) {
    if (n > 2000) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 2));
  }
}

describe("GET .../standings on serve: one job for a crowd", () => {
  it("five clients at once: one job's steps, five equal answers", async () => {
    // Two tournaments alike: the second's standings are not a text kept from the first's GET.
    const alike = await startedDoubleElimination(24);
    const t = await startedDoubleElimination(24);
    const expected = madeInOnePiece(standingsPath(t));
    // One client alone: the steps one job takes.
    let steps = 0;
    s.service.standings.beforeStep = () => ++steps > 0;
    expect((await served(standingsPath(alike))).status).toBe(200);
    const alone = steps;
    expect(alone).toBeGreaterThan(5);
    // Five at once (the steps held until all five have asked): the same steps, not five times.
    steps = 0;
    let asked = false;
    s.service.standings.beforeStep = () => asked && ++steps > 0;
    const joined = s.service.standings.joined;
    const crowd = Array.from({ length: 5 }, () => served(standingsPath(t)));
    await until(() => s.service.standings.joined === joined + 4);
    asked = true;
    const answers = await Promise.all(crowd);
    for (const a of answers) expect([a.status, a.body]).toEqual([200, expected]);
    expect(steps).toBe(alone);
  });

  it("a request after a write takes a job of its own, and its answer has the write", async () => {
    const t = await startedDoubleElimination(16);
    // The first job takes one step (its first reads the revision), then waits; every job
    // waits after that until `go` lets it. Each is told by the job its step is of, not by
    // time: which of two jobs let on at once has serve's next turn is not for a test to know.
    let firstJob: StandingsJob | undefined;
    let newJob: StandingsJob | undefined;
    let go: "first" | "all" | undefined;
    s.service.standings.beforeStep = (job) => {
      firstJob ??= job;
      if (job === firstJob) return job.revision === undefined || go !== undefined;
      newJob ??= job;
      return go === "all";
    };
    const started = s.service.standings.joined;
    const first = served(standingsPath(t));
    await until(() => firstJob?.revision !== undefined);
    const [m] = await matches(s, t, "open");
    const r = await s.request(
      "PUT",
      `/v2.1/tournaments/${t}/matches/${m!.id}`,
      reportBody(m!.player1_id, m!.player2_id),
    );
    expect(r.status, r.body).toBe(200);
    const second = served(standingsPath(t));
    // The second request starts a job of its own: it does not join the first's, whose
    // revision is the one before the write.
    await until(() => newJob !== undefined || s.service.standings.joined !== started);
    expect(s.service.standings.joined).toBe(started);
    expect(newJob!.revision).toBeUndefined();
    // The first job, let on, stops at the write; its request, asking again, joins the new job.
    go = "first";
    await until(() => s.service.standings.joined !== started);
    expect(firstJob!.moved).toBe(true);
    go = "all";
    const [a, b] = await Promise.all([first, second]);
    const after = madeInOnePiece(standingsPath(t));
    expect(after).toContain('"wins":1');
    expect(b.body).toBe(after);
    // The first job's client's answer is the new version's too, made by the new job alone.
    expect(a.body).toBe(after);
    expect(s.service.standings.joined).toBe(started + 1);
    expect(newJob!.revision).not.toBe(firstJob!.revision);
  });

  it("a job whose only client has gone stops; the next request is answered", async () => {
    const t = await startedDoubleElimination(32);
    let steps = 0;
    let hold = true;
    let held: StandingsJob | undefined;
    s.service.standings.beforeStep = (job) => {
      held ??= job;
      return !hold && ++steps > 0;
    };
    const abandoned = s.service.standings.abandoned;
    let req: ReturnType<typeof httpRequest> | undefined;
    const gone = served(standingsPath(t), (r) => {
      req = r;
    }).catch((e: Error) => e);
    await until(() => req !== undefined);
    // Wait until serve has the request (its job waits at its first step), then hang up.
    await until(() => held !== undefined);
    req!.destroy();
    await gone;
    await until(() => s.service.standings.abandoned === abandoned + 1);
    hold = false;
    await new Promise((r) => setTimeout(r, 30));
    expect(steps).toBe(0);
    const next = await served(standingsPath(t));
    expect([next.status, next.body]).toEqual([200, madeInOnePiece(standingsPath(t))]);
    expect(steps).toBeGreaterThan(5);
  });
});
