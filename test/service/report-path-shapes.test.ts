/**
 * The objects and arrays a match report goes through keep one shape however they are made
 * (issue 27): V8 throws away the optimised code that meets an object of a shape (a map) its
 * feedback never saw, and the report path was then recompiled piece by piece over ~1,900
 * reports of the next tournament. docs/development.md has the deopts this removed.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildSync } from "esbuild";
import { describe, expect, it } from "vitest";
import { planDoubleElimination, roundRobinMatches } from "../../src/engine/index.js";
import { createService } from "../../src/service/app.js";
import { plannedFrom } from "../../src/service/bracket/match-codec.js";
import { StageDraft } from "../../src/service/bracket/stage-draft.js";
import { createContext } from "../../src/service/context.js";
import { openDatabase } from "../../src/store/database.js";
import { openStore, type Store } from "../../src/store/store.js";
import { NOW, planRows, players, stateOf } from "../helpers/stage.js";

const keysOf = (o: object) => Object.keys(o).join(",");

describe("one shape on the report path", () => {
  it("gives every planned match the same fields in the same order, the reset's included", () => {
    const plan = planDoubleElimination(players(8));
    const rows = planRows(plan);
    const shapes = new Set([
      ...plan.map(keysOf),
      ...rows.map((r) => keysOf(plannedFrom(r))),
      ...[...roundRobinMatches(players(4))].map(keysOf),
    ]);
    expect(plan.some((m) => m.onlyIfLoserWins !== undefined)).toBe(true);
    expect([...shapes]).toEqual([
      "key,round,side,suggestedPlayOrder,identifier,player1,player2,onlyIfLoserWins",
    ]);
  });

  it("makes every kind of stage change with the same fields in the same order", () => {
    const rows = planRows(planDoubleElimination(players(8)));
    const draft = new StageDraft(stateOf({ type: "double elimination", rows }), NOW);
    const [a, b] = rows;
    draft.setResult(a!.plan_key, {
      state: "complete",
      winnerId: 101,
      loserId: 108,
      tie: false,
      scoreSets: "2-0",
      entries: null,
      completedAt: NOW,
    });
    draft.setSlot(b!.plan_key, "player1", 101);
    draft.setSlot(b!.plan_key, "player2", 102, "open");
    draft.setState(b!.plan_key, "pending", true);
    draft.setEntries(a!.plan_key, "[]");
    draft.addBye({ round: 1, participantId: 101 });
    draft.setTournamentState("awaiting_review");
    draft.dropRoundsAfter(3);
    expect(new Set(draft.changes.map(keysOf)).size).toBe(1);
  });

  it("gives every service's context the same methods, not closures made per service", () => {
    const [a, b] = [openDatabase(":memory:"), openDatabase(":memory:")];
    try {
      const [one, other] = [createContext(a, {}), createContext(b, {})];
      expect(one.now).toBe(other.now);
      expect(one.write).toBe(other.write);
      expect(one.inRequest).toBe(other.inRequest);
      expect(Object.getPrototypeOf(one)).toBe(Object.getPrototypeOf(other));
      const [store, otherStore] = [openStore(a), openStore(b)];
      expect(store.sync).toBe(otherStore.sync);
      expect(Object.getPrototypeOf(store)).toBe(Object.getPrototypeOf(otherStore));
      // A nested write is a savepoint: its failure undoes only itself.
      one.write(() => {
        a.exec("CREATE TABLE t (x)");
        expect(() =>
          one.write(() => {
            a.exec("INSERT INTO t VALUES (1)");
            throw new Error("refused");
          }),
        ).toThrow("refused");
        a.exec("INSERT INTO t VALUES (2)");
      });
      expect(a.prepare("SELECT group_concat(x) FROM t").pluck().get()).toBe("2");
      expect(a.inTransaction).toBe(false);
      expect(one.write(() => one.now())).toMatch(/^\d{4}-\d\d-\d\dT/);
    } finally {
      a.close();
      b.close();
    }
  });

  it("gives every store's cached repositories one class, their methods shared, not made per store", () => {
    const [a, b] = [openDatabase(":memory:"), openDatabase(":memory:")];
    try {
      const [one, other] = [createContext(a, {}), createContext(b, {})];
      const [store, otherStore] = [openStore(a), openStore(b)];
      const tables = [
        (s: Store) => s.tournaments,
        (s: Store) => s.participants,
        (s: Store) => s.stations,
        (s: Store) => s.accounts.users,
        (s: Store) => s.accounts.tokens,
      ];
      for (const table of tables) {
        expect(Object.getPrototypeOf(table(store))).toBe(Object.getPrototypeOf(table(otherStore)));
        expect(Object.getOwnPropertyNames(table(store))).toEqual(["plain", "cache"]);
      }
      expect(store.stations.any).toBe(otherStore.stations.any);
      expect(store.tournaments.findById).toBe(otherStore.tournaments.findById);
      expect(store.tournaments.setState).toBe(otherStore.tournaments.setState);
      expect(store.participants.anyInactive).toBe(otherStore.participants.anyInactive);
      expect(one.tournaments.findById).toBe(other.tournaments.findById);
      expect(one.stations.any).toBe(other.stations.any);
    } finally {
      a.close();
      b.close();
    }
  });

  it("gives every service the same handle and handleSync, and answers through them", async () => {
    const [one, other] = [
      createService({ dbPath: ":memory:" }),
      createService({ dbPath: ":memory:" }),
    ];
    try {
      expect(one.handleSync).toBe(other.handleSync);
      expect(one.handle).toBe(other.handle);
      expect(Object.getPrototypeOf(one)).toBe(Object.getPrototypeOf(other));
      const created = one.handleSync({
        method: "POST",
        path: "/v2.1/tournaments",
        headers: { "content-type": "application/vnd.api+json" },
        body: JSON.stringify({
          data: {
            type: "tournament",
            attributes: { name: "Cup", tournament_type: "double elimination" },
          },
        }),
      });
      expect(created.status).toBe(201);
      const listed = await other.handle({ method: "GET", path: "/v2.1/tournaments", headers: {} });
      expect(JSON.parse(listed.body).data).toEqual([]);
    } finally {
      one.close();
      other.close();
    }
  });

  it("reads a report into the same arrays optimised or not (no doubles, no holes)", () => {
    const dir = mkdtempSync(join(tmpdir(), "tourney-shapes-"));
    try {
      const entry = join(dir, "entry.ts");
      const source = fileURLToPath(
        new URL("../../src/service/validation/match-report.ts", import.meta.url),
      );
      writeFileSync(
        entry,
        `import { readMatchReport } from ${JSON.stringify(source)};
let n = 0;
// Sets of two ("1,3") and of one ("1": read without split), in turns.
const attributes = () => ({ match: [
  { participant_id: "12", score_set: n % 2 === 0 ? "1,3" : "1", advancing: true },
  { participant_id: "13", score_set: n++ % 2 === 0 ? "0,2" : "0", advancing: false },
] });
const natives = (body) => new Function("a", body);
const smi = natives("return %HasSmiElements(a)");
const double = natives("return %HasDoubleElements(a)");
const holey = natives("return %HasHoleyElements(a)");
const prepare = natives("%PrepareFunctionForOptimization(a)");
const optimize = natives("%OptimizeFunctionOnNextCall(a)");
const kinds = (r) => [r.entries, ...r.entries.map((e) => e.sets)].map((a) =>
  (smi(a) ? "smi" : double(a) ? "double" : "object") + (holey(a) ? " holey" : " packed"));
const before = [kinds(readMatchReport(attributes())), kinds(readMatchReport(attributes()))];
prepare(readMatchReport);
for (let i = 0; i < 4; i++) readMatchReport(attributes());
optimize(readMatchReport);
const after = [kinds(readMatchReport(attributes())), kinds(readMatchReport(attributes()))];
process.stdout.write(JSON.stringify({ before, after }));
`,
      );
      const outfile = join(dir, "entry.mjs");
      buildSync({ entryPoints: [entry], outfile, bundle: true, format: "esm", platform: "node" });
      const run = spawnSync(process.execPath, ["--allow-natives-syntax", outfile], {
        encoding: "utf8",
      });
      expect(run.stderr).toBe("");
      const { before, after } = JSON.parse(run.stdout);
      expect(before).toEqual([
        ["object packed", "smi packed", "smi packed"],
        ["object packed", "smi packed", "smi packed"],
      ]);
      expect(after).toEqual(before);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
