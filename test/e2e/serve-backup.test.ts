/**
 * `tourney serve backup` (review J #1): a copy of the database taken while the built `serve`
 * holds it open, with the CLI's writes in its -wal, is one self-contained file that the CLI
 * opens with all of it; a `cp` of the file alone is empty then, and opening it warns.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBinary, type Served, startServe } from "../helpers/binary.js";
import { type SandboxEnv, sandboxEnv } from "../helpers/served-sandbox.js";

const dir = mkdtempSync(join(tmpdir(), "tourney-e2e-serve-backup-"));
let env: SandboxEnv;
let served: Served;
let live: string;

beforeAll(async () => {
  env = sandboxEnv(dir);
  mkdirSync(env.TOURNEY_DATA_DIR, { recursive: true });
  live = join(env.TOURNEY_DATA_DIR, "tourney.db");
  served = await startServe(["--db", live], env);
  const cli = async (...args: string[]) =>
    expect((await runBinary(args, env)).code, args.join(" ")).toBe(0);
  await cli("tournament", "create", "--name", "Before Copy");
  await cli("participants", "bulk-add", "before_copy", "Ada", "Bob", "Cy", "Dee");
  await cli("tournament", "start", "before_copy");
  await cli("match", "report", "before_copy", "A", "--winner", "Ada");
});

afterAll(async () => {
  await served?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** The tournaments, participants and matches the CLI lists from the database in `data`. */
async function contents(data: string) {
  const at = { ...env, TOURNEY_DATA_DIR: data };
  const list = async (...args: string[]) => {
    const r = await runBinary([...args, "--json"], at);
    expect(r.code, r.stderr).toBe(0);
    return { rows: JSON.parse(r.stdout) as unknown[], stderr: r.stderr };
  };
  const tournaments = await list("tournament", "list");
  if (tournaments.rows.length === 0) return { tournaments: [], stderr: tournaments.stderr };
  return {
    tournaments: tournaments.rows,
    participants: (await list("participants", "list", "before_copy")).rows,
    matches: (await list("match", "list", "before_copy")).rows,
    stderr: tournaments.stderr,
  };
}

describe("serve backup while serve runs", () => {
  it("copies everything into one file without a -wal, which the CLI opens as the live one", async () => {
    expect(existsSync(`${live}-wal`)).toBe(true);
    const folder = join(dir, "usb");
    mkdirSync(folder);
    const target = join(folder, "tourney.db");
    const r = await runBinary(["serve", "backup", target, "--json"], env);
    expect(r.code, r.stderr).toBe(0);
    const said = JSON.parse(r.stdout);
    expect(said).toMatchObject({ backup: target, tournaments: 1, participants: 4 });
    expect(existsSync(`${target}-wal`)).toBe(false);
    // Rollback mode in its header (bytes 18-19: 1), so it needs no -wal beside it.
    expect([...readFileSync(target).subarray(18, 20)]).toEqual([1, 1]);
    const copy = await contents(folder);
    expect(copy.tournaments).toHaveLength(1);
    expect(copy).toEqual({ ...(await contents(env.TOURNEY_DATA_DIR)), stderr: "" });
    expect((copy.matches as { state: string }[]).map((m) => m.state).sort()).toEqual([
      "complete",
      "open",
      "pending",
    ]);
  });

  it("refuses an existing file without --force, and a folder that does not exist", async () => {
    const target = join(dir, "twice.db");
    expect((await runBinary(["serve", "backup", target], env)).code).toBe(0);
    const again = await runBinary(["serve", "backup", target], env);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain("it exists; --force replaces it");
    expect((await runBinary(["serve", "backup", target, "--force"], env)).code).toBe(0);
    const nowhere = await runBinary(["serve", "backup", join(dir, "none", "x.db")], env);
    expect(nowhere.code).toBe(2);
    expect(nowhere.stderr).toContain(`the folder ${join(dir, "none")} does not exist`);
  });

  it("warns when it opens a cp of the live file, empty without its -wal", async () => {
    const folder = join(dir, "cp");
    mkdirSync(folder);
    copyFileSync(live, join(folder, "tourney.db"));
    const copy = await contents(folder);
    expect(copy.tournaments).toEqual([]);
    expect(copy.stderr).toMatch(/looks like a copy made without its -wal file/);
    expect(copy.stderr).toContain("tourney serve backup FILE");
    // Once, when it is made a database: the next command says nothing more.
    expect((await contents(folder)).stderr).toBe("");
  });
});
