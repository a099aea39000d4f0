/**
 * The bracket index of a tournament serve's write worker started (issue 24): the main
 * thread's cache held its rows after the warm-up but not its index, and the first report
 * built it from every row in one turn (580 ms at 50,000 players, every other request
 * waiting). Now the warm-up ends with each stage's index built a step at a time
 * (warm-matches.ts, stage-index.ts `stageIndexSteps`, through serve's work gate), kept
 * only if the stage gained no row and its rows were not dropped meanwhile.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import * as progression from "../../src/engine/progression.js";
import { plannedFrom } from "../../src/service/bracket/match-codec.js";
import { stageIndexSteps } from "../../src/service/bracket/stage-index.js";
import { createContext, type ServiceContext } from "../../src/service/context.js";
import type { Service } from "../../src/service/index.js";
import { warmMatches } from "../../src/service/warm-matches.js";
import { openDatabase } from "../../src/store/database.js";
import type { StageRef } from "../../src/store/match-rows.js";
import { writeKind } from "../../src/store/match-writes.js";
import { changeState, createWithPlayers, matches, reportBody } from "../helpers/play.js";
import { type ServiceHarness, startService } from "../helpers/service.js";

// Counts whole builds (buildIndex) wherever they are made.
vi.mock("../../src/engine/progression.js", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../src/engine/progression.js")>();
  return { ...real, buildIndex: vi.fn(real.buildIndex) };
});
const wholeBuilds = vi.mocked(progression.buildIndex);

const dir = mkdtempSync(join(tmpdir(), "tourney-warm-index-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const services: Service[] = [];
const contexts: ServiceContext[] = [];
afterEach(() => {
  for (const s of services.splice(0)) s.close();
  for (const c of contexts.splice(0)) if (c.db.open) c.db.close();
});

/** Steps of the index build in these tests (serve's: 1,000). */
const PART = 16;

interface Setup {
  file: string;
  writer: ServiceHarness;
  t: string;
  ref: StageRef;
}

/** A 64-player double elimination started by a first service (the write worker's part). */
async function started(name: string): Promise<Setup> {
  const file = join(dir, `${name}.db`);
  const writer = await startService({ dbPath: file });
  services.push(writer.service);
  const t = await createWithPlayers(writer, { tournament_type: "double elimination" }, 64);
  expect((await changeState(writer, t.id, "start")).status).toBe(200);
  const ref = { tournamentId: Number(t.id), stage: "final", groupId: null } as const;
  return { file, writer, t: t.id, ref };
}

/** A second connection with its cache (serve's main thread), and one that holds nothing. */
function contextsOn(file: string) {
  const main = createContext(openDatabase(file), {});
  const plain = createContext(openDatabase(file), { cache: false });
  contexts.push(main, plain);
  return { main, plain };
}

/** Builds no index (the tests below run its steps by hand). */
const notYet = async <T>(_steps: Generator<void, T>) => undefined as T;

/** The index built in one piece from the stage's rows as stored. */
function wholeIndex(plain: ServiceContext, ref: StageRef) {
  const rows = plain.inRequest(() => plain.matches.stageRows(ref));
  return progression.buildIndex(rows.map(plannedFrom));
}

/** What the main cache keeps for the stage, without building it (undefined: none kept). */
function kept(main: ServiceContext, ref: StageRef) {
  let built = false;
  const value = main.inRequest(() =>
    main.matches.derivedFromHeld(ref, () => {
      built = true;
      return undefined;
    }),
  );
  return built ? undefined : (value as progression.BracketIndex | undefined);
}

describe("the bracket index after a start in another connection", () => {
  it("is kept when the warm-up ends, built a step at a time, the index a whole build makes", async () => {
    const s = await started("kept");
    const { main, plain } = contextsOn(s.file);
    let units = 0;
    const inParts = async <T>(steps: Generator<void, T>): Promise<T> => {
      for (;;) {
        units++;
        const next = steps.next();
        if (next.done === true) return next.value;
        await new Promise<void>((done) => setImmediate(done));
      }
    };
    wholeBuilds.mockClear();
    await warmMatches(main.matches, Number(s.t), { rows: PART, indexPart: PART, inParts });
    expect(wholeBuilds).not.toHaveBeenCalled();
    const rows = plain.inRequest(() => plain.matches.countStage(s.ref));
    // 126 rows: decoded PART a step, then buildIndex's four passes PART a step.
    expect(units).toBeGreaterThan(rows / PART);
    const index = kept(main, s.ref);
    expect(index).toBeDefined();
    const whole = wholeIndex(plain, s.ref);
    expect([...index!.matches]).toEqual([...whole.matches]);
    expect([...index!.feeds]).toEqual([...whole.feeds]);
    expect(index!.terminal).toEqual(whole.terminal);
  });

  it("is not kept when the stage gains a row meanwhile; a result written in place keeps it", async () => {
    const s = await started("discard");
    const { main } = contextsOn(s.file);
    await warmMatches(main.matches, Number(s.t), { rows: PART, inParts: notYet });
    expect(kept(main, s.ref)).toBeUndefined(); // nothing built yet: derivedFromHeld would build it

    // A row added to the stage meanwhile: the build is dropped.
    const now = "2026-11-26T12:00:00.000Z";
    const extra = {
      stage: "final",
      groupId: null,
      key: "EXTRA",
      side: "winners",
      round: 99,
      identifier: "ZZ",
      suggestedPlayOrder: 9_999,
      player1Source: JSON.stringify({ type: "participant", participantId: 1 }),
      player2Source: JSON.stringify({ type: "participant", participantId: 2 }),
      onlyIfLoserWins: null,
      active: false,
      player1Id: null,
      player2Id: null,
      state: "pending",
    } as const;
    let steps = stageIndexSteps(main.matches, Number(s.t), PART);
    for (let i = 0; i < 3; i++) expect(steps.next().done).toBe(false);
    main.write(() => main.matches.insertMany(Number(s.t), [extra], now));
    expect(drain(steps)).toBe(0);
    expect(kept(main, s.ref)).toBeUndefined();

    // A write in place (a match marked underway): plan columns are untouched, the build kept.
    steps = stageIndexSteps(main.matches, Number(s.t), PART);
    for (let i = 0; i < 3; i++) expect(steps.next().done).toBe(false);
    const first = main.inRequest(() => main.matches.list(Number(s.t), { state: "open" })[0]!);
    main.write(() =>
      main.matches.write(writeKind("underway_at"), first.id, [now, now, first.id], now),
    );
    expect(drain(steps)).toBe(1);
    const index = kept(main, s.ref);
    expect(index?.matches.get("EXTRA")?.round).toBe(99);
  });

  it("is not kept when another connection commits meanwhile (the held rows are dropped)", async () => {
    const s = await started("dropped");
    const { main } = contextsOn(s.file);
    await warmMatches(main.matches, Number(s.t), { rows: PART, inParts: notYet });
    const steps = stageIndexSteps(main.matches, Number(s.t), PART);
    for (let i = 0; i < 3; i++) expect(steps.next().done).toBe(false);
    const open = await matches(s.writer, s.t, "open");
    const m = open[0]!;
    const put = await s.writer.request(
      "PUT",
      `/v2.1/tournaments/${s.t}/matches/${m.id}`,
      reportBody(m.player1_id, m.player2_id),
    );
    expect(put.status, put.body).toBe(200);
    expect(drain(steps)).toBe(0);
  });

  it("a report after serve's warm-up builds no index in one piece", async () => {
    const s = await started("report");
    const main = await startService({ dbPath: s.file });
    services.push(main.service);
    await main.service.warmMatches(Number(s.t));
    wholeBuilds.mockClear();
    const m = (await matches(main, s.t, "open"))[0]!;
    const put = await main.request(
      "PUT",
      `/v2.1/tournaments/${s.t}/matches/${m.id}`,
      reportBody(m.player1_id, m.player2_id),
    );
    expect(put.status, put.body).toBe(200);
    expect(wholeBuilds).not.toHaveBeenCalled();
  });
});

/** Runs the rest of `steps`: what they return. */
function drain<T>(steps: Generator<void, T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done === true) return next.value;
  }
}
