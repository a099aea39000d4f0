/**
 * Crash test (issue 9): kill -9 at random moments of (a) an embedded
 * `participants bulk-add` of a whole roster and (b) `tourney serve` under write load
 * from several HTTP clients, then restart on the same database. After every kill:
 * no partial bulk add (a tournament holds none or all of its roster), no started
 * tournament without matches, integrity_check ok, foreign_key_check empty, and the
 * CLI works (lists, creates, adds, starts).
 *
 * TOURNEY_CRASH_RUNS sets the number of kills (default 20, half of each kind);
 * TOURNEY_CRASH_SEED replays a run (every run prints its seed).
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { seededRandom } from "../../src/model/seeded-random.js";
import { openService } from "../../src/service/index.js";
import { BIN, BUILT, runBinary } from "../helpers/binary.js";
import { launchServe, type ServeProcess } from "../helpers/serve-process.js";
import { participantsBody, tournamentBody } from "../helpers/service.js";
import { brokenInvariants, inspectStore, type StoreReport } from "../helpers/store-check.js";
import { rosterSizeIn, writeLoad } from "../helpers/write-load.js";

const RUNS = Number(process.env.TOURNEY_CRASH_RUNS ?? 20);
const SEED = Number(process.env.TOURNEY_CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));
const EMBEDDED_RUNS = Math.ceil(RUNS / 2);
const SERVE_RUNS = RUNS - EMBEDDED_RUNS;
/** Past 1,000 names, so that a kill can land between the requests of one embedded transaction. */
const ROSTER = 2500;

const dir = mkdtempSync(join(tmpdir(), "tourney-crash-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function sandbox(name: string) {
  const root = join(dir, name);
  mkdirSync(root);
  const env = {
    PATH: process.env.PATH ?? "",
    TOURNEY_CONFIG_DIR: join(root, "config"),
    TOURNEY_DATA_DIR: join(root, "data"),
  };
  return { env, db: join(root, "data", "tourney.db") };
}

type Env = Record<string, string>;

async function tourney(env: Env, args: string[], stdin = ""): Promise<string> {
  const r = await runBinary(args, env, stdin);
  expect(r.code, `seed ${SEED}: tourney ${args.join(" ")}: ${r.stderr}`).toBe(0);
  return r.stdout;
}

/** A roster of `size` names for bulk add on stdin. */
const roster = (label: string, size: number) =>
  Array.from({ length: size }, (_, i) => `${label} p${i + 1}`).join("\n");

/** Store checks after a kill; `what` names the run in the failure message. */
function expectSound(db: string, what: string, rosterOf: (name: string) => number | undefined) {
  const report = inspectStore(db);
  expect(
    brokenInvariants(report, (t) => rosterOf(t.name)),
    `seed ${SEED}, ${what}`,
  ).toEqual([]);
  return report;
}

/** The CLI on the crashed database: lists everything, creates, adds and starts a tournament. */
async function expectCliWorks(env: Env, report: StoreReport, label: string) {
  const listed = JSON.parse(await tourney(env, ["tournament", "list", "--json"]));
  expect(listed.length, `seed ${SEED}`).toBe(report.tournaments.length);
  const created = JSON.parse(
    await tourney(env, ["tournament", "create", "--name", label, "--json"]),
  );
  await tourney(env, ["participants", "bulk-add", String(created.id)], roster(label, 8));
  await tourney(env, ["tournament", "start", String(created.id)]);
}

/** Spawns `args`, feeding stdin, and SIGKILLs it after `delayMs`; true if it was still running. */
function killAfter(env: Env, args: string[], stdin: string, delayMs: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env,
      stdio: ["pipe", "ignore", "ignore"],
    });
    child.stdin.on("error", () => {});
    child.stdin.end(stdin);
    const timer = setTimeout(() => child.kill("SIGKILL"), delayMs);
    child.on("error", reject);
    child.on("exit", (_code, signal) => {
      clearTimeout(timer);
      resolve(signal === "SIGKILL");
    });
  });
}

/** A database file with tournaments made through the service: `[name, roster, start?]`. */
async function storeWith(file: string, tournaments: [string, number, boolean][]) {
  const service = await openService({ dbPath: file });
  const send = async (method: "POST" | "PUT", path: string, body: unknown) => {
    const r = await service.handle({
      method,
      path: `/v2.1${path}`,
      headers: { "content-type": "application/vnd.api+json" },
      body: JSON.stringify(body),
    });
    expect(r.status, r.body).toBeLessThan(300);
  };
  for (const [i, [name, size, start]] of tournaments.entries()) {
    await send(
      "POST",
      "/tournaments",
      tournamentBody({ name, tournament_type: "single elimination" }),
    );
    const names = Array.from({ length: size }, (_, p) => `P${p + 1}`);
    await send("POST", `/tournaments/${i + 1}/participants/bulk_add`, participantsBody(names));
    if (start)
      await send("PUT", `/tournaments/${i + 1}/change_state`, {
        data: { type: "TournamentState", attributes: { state: "start" } },
      });
  }
  service.close();
}

describe("the crash test's store checks", () => {
  it("name a partial roster, a wrong count, a start without matches, a stranded slot and a dangling key", async () => {
    const file = join(dir, "checks.db");
    await storeWith(file, [
      ["Whole n8", 8, true],
      ["Part n8", 8, false],
      ["Emptied n4", 4, true],
    ]);
    const rosterOf = (t: { name: string }) => rosterSizeIn(t.name);
    expect(brokenInvariants(inspectStore(file), rosterOf)).toEqual([]);
    const db = new Database(file);
    db.pragma("foreign_keys = OFF");
    db.exec(`
      DELETE FROM participants WHERE tournament_id = 2 AND seed > 5;
      UPDATE tournaments SET participants_count = 9 WHERE id = 2;
      DELETE FROM matches WHERE tournament_id = 3;
      UPDATE matches SET player1_id = 99999 WHERE id = (SELECT MIN(id) FROM matches);
      INSERT INTO byes (tournament_id, stage, round, participant_id) VALUES (77, 'final', 1, 1);`);
    db.close();
    expect(brokenInvariants(inspectStore(file), rosterOf)).toEqual([
      'foreign_key_check: [{"table":"byes","rowid":1,"parent":"tournaments","fkid":0}]',
      "1 match slots name a participant not in their tournament",
      "tournament 2 holds 5 of a bulk add of 8",
      "tournament 2: participants_count 9, rows 5",
      "tournament 3 is underway without matches",
    ]);
  });
});

describe.runIf(BUILT)(`crash: kill -9 (seed ${SEED}, ${RUNS} runs)`, () => {
  it(
    `embedded bulk add of ${ROSTER} names: all or none after each of ${EMBEDDED_RUNS} kills`,
    async () => {
      const rng = seededRandom(SEED);
      const { env, db } = sandbox("embedded");
      const names = roster("Calibration", ROSTER);
      // One uninterrupted add: how long the command takes here, so that kills land
      // throughout it (the write itself comes last, after start-up and parsing).
      const t0 = JSON.parse(
        await tourney(env, ["tournament", "create", "--name", "Calibration", "--json"]),
      ).id;
      let started = performance.now();
      await tourney(env, ["participants", "bulk-add", String(t0)], names);
      const full = performance.now() - started;
      const tally = { killed: 0, finishedFirst: 0, none: 0, all: 0 };
      for (let run = 1; run <= EMBEDDED_RUNS; run++) {
        const label = `Embedded ${run}`;
        const t = String(
          JSON.parse(
            await tourney(env, ["tournament", "create", "--name", `${label} n${ROSTER}`, "--json"]),
          ).id,
        );
        const delay = Math.round(full * (0.3 + 0.9 * rng()));
        started = performance.now();
        const killed = await killAfter(
          env,
          ["participants", "bulk-add", t],
          roster(label, ROSTER),
          delay,
        );
        tally[killed ? "killed" : "finishedFirst"]++;
        const report = expectSound(db, `embedded run ${run} (kill at ${delay} ms)`, rosterSizeIn);
        const held = report.tournaments.find((row) => String(row.id) === t)!.participants;
        tally[held === 0 ? "none" : "all"]++;
        await expectCliWorks(env, report, `${label} after`);
        // The interrupted add can be done again, and the tournament started.
        if (held === 0) await tourney(env, ["participants", "bulk-add", t], roster(label, ROSTER));
        await tourney(env, ["tournament", "start", t]);
      }
      console.log(
        `crash (embedded bulk add, seed ${SEED}): ${EMBEDDED_RUNS} runs, ${tally.killed} killed mid-command, ${tally.finishedFirst} finished first; rosters after: ${tally.none} none, ${tally.all} all, 0 partial`,
      );
    },
    EMBEDDED_RUNS * 8_000 + 20_000,
  );

  it(
    `serve under write load: sound store and a working CLI after each of ${SERVE_RUNS} kills`,
    async () => {
      const rng = seededRandom(SEED ^ 0x5eed);
      const { env, db } = sandbox("serve");
      const sizes = [16, 64, 250, 1000];
      let served: ServeProcess = await launchServe(db, env);
      const apiKey = served.apiKey!;
      expect(apiKey, "serve printed the owner's key on its first start").toMatch(/^tk_/);
      let answered = 0;
      const inFlight = new Map<string, number>();
      for (let run = 1; run <= SERVE_RUNS; run++) {
        const delay = Math.round(100 + 1200 * rng());
        const load = writeLoad({
          base: `http://127.0.0.1:${served.port}/v2.1`,
          apiKey,
          clients: 4,
          rosterSize: () => sizes[Math.floor(rng() * sizes.length)]!,
          label: `Serve ${run}`,
          tournaments: 50,
          reports: 12,
        });
        const killing = new Promise((done) => setTimeout(done, delay)).then(() => served.kill9());
        const [result] = await Promise.all([load, killing]);
        answered += result.answered;
        for (const kind of result.unanswered) inFlight.set(kind, (inFlight.get(kind) ?? 0) + 1);
        expect(result.unexpected, `seed ${SEED}, serve run ${run}`).toEqual([]);
        const report = expectSound(db, `serve run ${run} (kill at ${delay} ms)`, rosterSizeIn);
        await expectCliWorks(env, report, `Serve ${run} after`);
        served = await launchServe(db, env);
        expect(served.apiKey, "no new owner key on a restart").toBeUndefined();
        const listed = await fetch(`http://127.0.0.1:${served.port}/v2.1/tournaments.json`, {
          headers: { authorization: apiKey },
        });
        expect(listed.status, `seed ${SEED}: the key still works after the restart`).toBe(200);
        expect(((await listed.json()) as any).meta.count).toBe(report.tournaments.length + 1);
      }
      expect(await served.stop()).toBe(0);
      console.log(
        `crash (serve under load, seed ${SEED}): ${SERVE_RUNS} kills, ${answered} requests answered before them, requests cut by the kills: ${[...inFlight].map(([k, n]) => `${n} ${k}`).join(", ")}; 0 partial bulk adds`,
      );
    },
    SERVE_RUNS * 10_000 + 20_000,
  );
});
