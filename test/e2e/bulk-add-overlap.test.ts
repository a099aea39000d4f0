/**
 * End to end: two runs of one roster's `participants bulk-add` at once (a CI retry overlapping
 * the first attempt, review I #6), against one `tourney serve` on loopback and on one embedded
 * database. Run B is held after its first request (TOURNEY_TEST_PAUSE=bulk-add-chunk), run A
 * after its read (bulk-add-read) or not at all; files order them, never the clock.
 * Before: B, refused or interrupted, removed the names A had skipped as present, and A had
 * exited 0 on a roster short of them. Now a run that exits 0 leaves its whole roster in.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT, binaryEnv, runBinary, type Served, startServe } from "../helpers/binary.js";
import { pausedRun } from "../helpers/paused-run.js";

const roster = (n: number) => Array.from({ length: n }, (_, i) => `P${i + 1}`);

describe.runIf(BUILT)("two bulk adds of one roster at once", () => {
  const dir = mkdtempSync(join(tmpdir(), "tourney-e2e-bulk-overlap-"));
  const env = binaryEnv(dir);
  const lan = ["--profile", "lan"];
  let served: Served;
  beforeAll(async () => {
    served = await startServe(["--db", join(dir, "served.db")], env);
    const base = `http://127.0.0.1:${served.port}`;
    expect((await runBinary(["profile", "add", "lan", "--base-url", base], env)).code).toBe(0);
    const login = await runBinary(
      ["auth", "login", "--api-key", ...lan],
      env,
      `${served.apiKey}\n`,
    );
    expect(login.code, login.stderr).toBe(0);
  });
  afterAll(async () => {
    expect(await served.stop()).toBe(0);
    rmSync(dir, { recursive: true, force: true });
  });

  /** A tournament `url` and a file of `names`: the arguments of a bulk add of it. */
  async function setUp(profile: string[], url: string, names: string[]) {
    const create = await runBinary([...profile, "tournament", "create", "--name", url], env);
    expect(create.code, create.stderr).toBe(0);
    const file = join(dir, `${url}.txt`);
    writeFileSync(file, names.join("\n"));
    return [...profile, "participants", "bulk-add", url, "--file", file, "--json"];
  }

  /** Run `args` held at `point` until released. */
  async function held(args: string[], point: string, url: string) {
    const run = pausedRun(args, env, point, join(dir, `${url}.${point}`));
    await run.reached;
    return run;
  }

  /** The tournament's participants on serve: name -> id. */
  async function onServe(url: string): Promise<Map<string, number>> {
    const list = await runBinary([...lan, "participants", "list", url, "--json", "id,name"], env);
    expect(list.code, list.stderr).toBe(0);
    return new Map(
      JSON.parse(list.stdout).map((p: { id: number; name: string }) => [p.name, p.id]),
    );
  }

  it("B interrupted after A read its names as present: A adds them back, exit 0", async () => {
    const names = roster(100);
    const args = await setUp(lan, "undone", names);
    const b = await held(args, "bulk-add-chunk", "undone");
    const a = await held(args, "bulk-add-read", "undone");
    // B has P1-P20 in; A has read them. B, stopped, sees no other command's names: undoes.
    b.child.kill("SIGINT");
    const bEnd = await b.done;
    expect(bEnd.code, bEnd.stderr).toBe(130);
    expect(bEnd.stderr).toContain("interrupted: this run had added 20 of 100 participants");
    a.release();
    const aEnd = await a.done;
    expect(aEnd.code, aEnd.stderr).toBe(0);
    // Before: 80 participants, P1-P20 gone, though A exited 0.
    expect([...(await onServe("undone")).keys()].sort()).toEqual([...names].sort());
    expect(aEnd.stderr).toMatch(/^Skipped 20 of 100 names already in the tournament: /m);
    expect(aEnd.stderr).toContain(
      '20 of these names, counted as present, were removed by another command meanwhile: adding them again: "P1", "P2", "P3" and 17 more',
    );
    expect(JSON.parse(aEnd.stdout)).toHaveLength(100);
  });

  it("B refused as A added its names: B keeps the 20 A skipped, both exit 0", async () => {
    const names = roster(100);
    const args = await setUp(lan, "refused", names);
    const b = await held(args, "bulk-add-chunk", "refused");
    const aEnd = await runBinary(args, env);
    expect(aEnd.code, aEnd.stderr).toBe(0);
    expect(aEnd.stderr).toMatch(/^Skipped 20 of 100 names already in the tournament: /m);
    expect(JSON.parse(aEnd.stdout)).toHaveLength(80);
    const skipped = await onServe("refused");
    b.release();
    const bEnd = await b.done;
    expect(bEnd.code, bEnd.stderr).toBe(0);
    // The very records A counted as present: never removed (before: removed, then added anew).
    expect(await onServe("refused")).toEqual(skipped);
    expect(skipped.size).toBe(100);
    expect(bEnd.stderr).toContain(
      "80 of these names were added by another command meanwhile: the 20 this run had added were kept (that command may count them as present); adding the rest",
    );
    expect(bEnd.stderr).toMatch(/^Skipped 80 of 100 names already in the tournament: /m);
    expect(JSON.parse(bEnd.stdout).map((p: { name: string }) => p.name)).toEqual(
      names.slice(0, 20),
    );
  });

  it("B interrupted after A's run: B keeps what A counts as present, exit 130 saying so", async () => {
    const names = roster(100);
    const args = await setUp(lan, "late", names);
    const b = await held(args, "bulk-add-chunk", "late");
    const aEnd = await runBinary(args, env);
    expect(aEnd.code, aEnd.stderr).toBe(0);
    b.child.kill("SIGINT");
    const bEnd = await b.done;
    expect(bEnd.code, bEnd.stderr).toBe(130);
    // Before: B removed P1-P20, which A (exit 0) had counted as present.
    expect([...(await onServe("late")).keys()].sort()).toEqual([...names].sort());
    expect(bEnd.stderr).toContain(
      "interrupted: this run added 20 of 100 participants; undoing it stopped (another command added 80 of this roster's names meanwhile and may count this run's as present), so 20 are still in the tournament:",
    );
    expect(bEnd.stderr).not.toContain("or delete these");
  });

  it("embedded: A reads nothing of B's open transaction; B interrupted rolls back, A adds all", async () => {
    const names = roster(1500);
    const args = await setUp([], "emb", names);
    // B's first request (1,000 names) is in its transaction, not committed.
    const b = await held(args, "bulk-add-chunk", "emb");
    const a = await held(args, "bulk-add-read", "emb");
    b.child.kill("SIGINT");
    const bEnd = await b.done;
    expect(bEnd.code, bEnd.stderr).toBe(130);
    a.release();
    const aEnd = await a.done;
    expect(aEnd.code, aEnd.stderr).toBe(0);
    expect(aEnd.stderr).not.toContain("Skipped");
    expect(JSON.parse(aEnd.stdout)).toHaveLength(1500);
    const list = await runBinary(["participants", "list", "emb", "--json", "name"], env);
    expect(JSON.parse(list.stdout)).toHaveLength(1500);
  });

  it("embedded: B commits whole after A read; A, refused, skips every name, exit 0", async () => {
    const names = roster(1500).map((n) => `Q${n}`);
    const args = await setUp([], "emb2", names);
    const b = await held(args, "bulk-add-chunk", "emb2");
    const a = await held(args, "bulk-add-read", "emb2");
    b.release();
    const bEnd = await b.done;
    expect(bEnd.code, bEnd.stderr).toBe(0);
    a.release();
    const aEnd = await a.done;
    expect(aEnd.code, aEnd.stderr).toBe(0);
    expect(aEnd.stderr).toMatch(/^Skipped 1500 of 1500 names already in the tournament: /m);
    const list = await runBinary(["participants", "list", "emb2", "--json", "name"], env);
    expect(JSON.parse(list.stdout)).toHaveLength(1500);
  });
});
