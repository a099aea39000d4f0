/**
 * End to end: two `participants bulk-add` of the same names at once, on one embedded database
 * and against one `tourney serve`. The second is held (TOURNEY_TEST_PAUSE, pausedRun) right
 * after it read the names present, while the first adds them all; let go, it is refused
 * them as taken, reads the tournament again and ends as a re-run of the file does: the
 * names there skipped, the rest added, exit 0. Before, it failed, exit 5, every name
 * "already taken" (bulk-add-run.ts read them once, before the add).
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { BUILT, binaryEnv, runBinary } from "../helpers/binary.js";
import { pausedRun } from "../helpers/paused-run.js";
import { useServeWithProfile } from "../helpers/served-sandbox.js";

const names = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${prefix} ${i + 1}`);

describe.runIf(BUILT)("two bulk adds of the same names at once", () => {
  const dir = mkdtempSync(join(tmpdir(), "tourney-e2e-bulk-once-"));
  const env = binaryEnv(dir);
  useServeWithProfile(dir, env);

  /**
   * The first adds `first` while the second, given `second` (which holds them all), waits
   * after its read; then the second goes on. Returns the second's end.
   */
  async function race(profile: string[], url: string, first: string[], second: string[]) {
    const create = await runBinary([...profile, "tournament", "create", "--name", url], env);
    expect(create.code, create.stderr).toBe(0);
    const file = join(dir, `${url}.txt`);
    writeFileSync(file, second.join("\n"));
    const barrier = join(dir, `${url}.barrier`);
    const held = pausedRun(
      [...profile, "participants", "bulk-add", url, "--file", file, "--json"],
      env,
      "bulk-add-read",
      barrier,
    );
    await held.reached;
    const winner = await runBinary(
      [...profile, "participants", "bulk-add", url, "--json"],
      env,
      first.join("\n"),
    );
    expect(winner.code, winner.stderr).toBe(0);
    expect(JSON.parse(winner.stdout)).toHaveLength(first.length);
    held.release();
    return held.done;
  }

  it("embedded: the second skips the names the first added, exit 0", async () => {
    const roster = names("Name", 1500);
    const loser = await race([], "emb", roster, roster);
    expect(loser.code, loser.stderr).toBe(0);
    expect(loser.stderr).toContain(
      "1500 of these names were added by another command meanwhile: nothing of this run was kept; adding the rest",
    );
    expect(loser.stderr).toMatch(
      /^Skipped 1500 of 1500 names already in the tournament: "Name 1", "Name 2", "Name 3" and 1497 more$/m,
    );
    expect(loser.stderr).not.toContain("already taken");
    expect(JSON.parse(loser.stdout)).toEqual([]);
    const db = new Database(join(env.TOURNEY_DATA_DIR!, "tourney.db"), { readonly: true });
    const count = db.prepare("SELECT COUNT(*) FROM participants").pluck().get();
    db.close();
    expect(count).toBe(1500);
  });

  it("embedded: a roster holding more adds its own names and skips the others'", async () => {
    const first = names("Name", 30);
    const loser = await race([], "emb_more", first, [...names("Extra", 5), ...first]);
    expect(loser.code, loser.stderr).toBe(0);
    expect(loser.stderr).toMatch(/^Skipped 30 of 35 names already in the tournament: /m);
    const added = JSON.parse(loser.stdout).map((p: { name: string }) => p.name);
    expect(added.sort()).toEqual(names("Extra", 5).sort());
  });

  // Since review I #6, the chunk it had in is kept, not undone: the other command adding names
  // of its roster may count them as present (test/e2e/bulk-add-overlap.test.ts).
  it("serve: the second, refused as taken, keeps its first chunk and adds the rest, exit 0", async () => {
    const first = names("Player", 50);
    // 25 names of its own first: its first chunk of 20 lands, the second is refused.
    const extra = names("Extra", 25);
    const loser = await race(["--profile", "lan"], "remote", first, [...extra, ...first]);
    expect(loser.code, loser.stderr).toBe(0);
    expect(loser.stderr).toContain(
      "50 of these names were added by another command meanwhile: the 20 this run had added were kept (that command may count them as present); adding the rest",
    );
    expect(loser.stderr).toMatch(/^Skipped 50 of 75 names already in the tournament: /m);
    const added = JSON.parse(loser.stdout).map((p: { name: string }) => p.name);
    expect(added.sort()).toEqual([...extra].sort());
    const list = await runBinary(
      ["--profile", "lan", "participants", "list", "remote", "--json", "name"],
      env,
    );
    const all = JSON.parse(list.stdout).map((p: { name: string }) => p.name);
    expect(all.sort()).toEqual([...first, ...extra].sort());
  });
});
