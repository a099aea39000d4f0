/**
 * GET /v2.1/tournaments/{t}/standings on serve, made in parts (public/standings-answer.ts):
 * a crowd asking for the same standings at once is answered by one job, not one each; a
 * request that comes after a write does not take the job of the version before; and a job
 * whose every client has closed its connection stops, serve answering the next ones as before.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  openService,
  type RunningServer,
  type Service,
  startHttpServer,
} from "../../src/service/index.js";
import { changeState, createWithPlayers, matches, reportBody } from "../helpers/play.js";
import { type ServiceHarness, startService } from "../helpers/service.js";

const dir = mkdtempSync(join(tmpdir(), "tourney-standings-shared-"));
const dbPath = join(dir, "t.db");
let s: ServiceHarness;
let server: RunningServer;
/** Another service on the same file: the route made in one piece (handleSync). */
let onePiece: Service;

beforeAll(async () => {
  s = await startService({ dbPath });
  server = await startHttpServer(s.service, { host: "127.0.0.1", port: 0 });
  onePiece = await openService({ dbPath });
});

afterAll(async () => {
  await server.close();
  s.service.close();
  onePiece.close();
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  s.service.standings.onePieceUpTo = -1;
  s.service.standings.part = 2;
  s.service.standings.beforeStep = undefined;
});

const standingsPath = (t: string) => `/v2.1/tournaments/${t}/standings`;

/** A GET on serve's port: its status and body; `req` is handed out to abort it. */
function served(path: string, opened?: (req: ReturnType<typeof httpRequest>) => void) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port: server.port, path }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        body += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
    opened?.(req);
  });
}

function madeInOnePiece(path: string): string {
  const headers = { host: `127.0.0.1:${server.port}` };
  const r = onePiece.handleSync({ method: "GET", path, headers, lowerCaseNames: true });
  expect(r.status, r.body).toBe(200);
  return r.body;
}

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
    // The first job takes one step (its first reads the revision), then waits until released.
    let release = false;
    let steps = 0;
    s.service.standings.beforeStep = () => (steps === 0 || release) && ++steps > 0;
    const started = s.service.standings.joined;
    const first = served(standingsPath(t));
    await until(() => steps === 1);
    const [m] = await matches(s, t, "open");
    const r = await s.request(
      "PUT",
      `/v2.1/tournaments/${t}/matches/${m!.id}`,
      reportBody(m!.player1_id, m!.player2_id),
    );
    expect(r.status, r.body).toBe(200);
    const second = served(standingsPath(t));
    await new Promise((r) => setTimeout(r, 20));
    release = true;
    const [a, b] = await Promise.all([first, second]);
    const after = madeInOnePiece(standingsPath(t));
    expect(after).toContain('"wins":1');
    expect(b.body).toBe(after);
    // The first job stopped at the write; its client's answer is the new version's too.
    expect(a.body).toBe(after);
    expect(s.service.standings.joined).toBe(started);
  });

  it("a job whose only client has gone stops; the next request is answered", async () => {
    const t = await startedDoubleElimination(32);
    let steps = 0;
    let hold = true;
    s.service.standings.beforeStep = () => !hold && ++steps > 0;
    const abandoned = s.service.standings.abandoned;
    let req: ReturnType<typeof httpRequest> | undefined;
    const gone = served(standingsPath(t), (r) => {
      req = r;
    }).catch((e: Error) => e);
    await until(() => req !== undefined);
    // Wait until serve has the request (its job waits at its first step), then hang up.
    await new Promise((r) => setTimeout(r, 50));
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
