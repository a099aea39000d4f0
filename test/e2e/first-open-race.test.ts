/**
 * End to end: several processes started at the same moment on a data folder with no
 * database yet. Each opens the new file, sets WAL and migrates it; one of them migrates,
 * the others wait for its write lock and then find the schema made (store/database.ts
 * migrate reads the schema version again once it holds the lock). Before, the version read
 * before the lock was stale and a waiting process ran the first migration again: "error:
 * table tournaments already exists", exit 1, in most rounds of 4 processes. The same for a
 * store an older tourney left, upgraded by several processes at once: each pending migration
 * runs once.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { MIGRATIONS } from "../../src/store/migrations.js";
import { BUILT, binaryEnv, runBinary } from "../helpers/binary.js";
import { rewriteAsVersion } from "../helpers/old-store.js";

const PROCESSES = 6;
const ROUNDS = 5;
const homes: string[] = [];

afterAll(() => {
  for (const home of homes) rmSync(home, { recursive: true, force: true });
});

describe.skipIf(!BUILT)("processes opening a new data folder at once", () => {
  it("all succeed, each write landing once", { timeout: 120_000 }, async () => {
    for (let round = 1; round <= ROUNDS; round++) {
      const home = mkdtempSync(join(tmpdir(), "tourney-first-open-"));
      homes.push(home);
      const env = binaryEnv(home);
      const names = Array.from({ length: PROCESSES }, (_, i) => `Round ${round} S${i + 1}`);
      const runs = await Promise.all(
        names.map((name) =>
          runBinary(["tournament", "create", "--name", name, "--json", "id"], env),
        ),
      );
      for (const run of runs) {
        expect(run.stderr, `round ${round}`).not.toMatch(/already exists|error/);
        expect(run.code, `round ${round}: ${run.stderr}`).toBe(0);
      }
      const ids = runs
        .map((run) => (JSON.parse(run.stdout) as { id: number }).id)
        .sort((a, b) => a - b);
      expect(ids).toEqual(Array.from({ length: PROCESSES }, (_, i) => i + 1));
      const listed = await runBinary(["tournament", "list", "--json", "name"], env);
      expect(listed.code).toBe(0);
      const listedNames = (JSON.parse(listed.stdout) as { name: string }[]).map((t) => t.name);
      expect(listedNames.sort()).toEqual([...names].sort());
    }
  });
  it("an older store upgraded by several processes at once", { timeout: 120_000 }, async () => {
    for (let round = 1; round <= ROUNDS; round++) {
      const home = mkdtempSync(join(tmpdir(), "tourney-upgrade-race-"));
      homes.push(home);
      const env = binaryEnv(home);
      const first = await runBinary(
        ["tournament", "create", "--name", "Kept", "--json", "id"],
        env,
      );
      expect(first.code, first.stderr).toBe(0);
      // Left by a tourney that knew only the first migrations: every later one is pending.
      rewriteAsVersion(join(home, "data", "tourney.db"), 1 + (round % (MIGRATIONS.length - 1)));
      const runs = await Promise.all(
        Array.from({ length: PROCESSES }, (_, i) =>
          runBinary(["tournament", "create", "--name", `S${i + 1}`, "--json", "id"], env),
        ),
      );
      for (const run of runs) expect(run.code, `round ${round}: ${run.stderr}`).toBe(0);
      const listed = await runBinary(["tournament", "list", "--json", "name"], env);
      expect((JSON.parse(listed.stdout) as unknown[]).length).toBe(PROCESSES + 1);
    }
  });
});
