/**
 * What a gh user reaches for (issue 26, item 14), through the built binary: `-L/--limit`
 * on the list verbs (rows, JSON, paged lists; a bad count exits 2 before anything runs),
 * `tourney auth status` of every profile (one named: that one), and `$PAGER` for a table
 * longer than the screen at a terminal (`script` gives the command a pseudo-terminal),
 * never when piped.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN, BUILT, runBinary } from "../helpers/binary.js";

const SCRIPT = ["/usr/bin/script", "/bin/script"].find((path) => existsSync(path));

describe.runIf(BUILT)("lists, profiles and the pager as gh has them", () => {
  const dir = mkdtempSync(join(tmpdir(), "tourney-gh-"));
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    TOURNEY_CONFIG_DIR: join(dir, "config"),
    TOURNEY_DATA_DIR: join(dir, "data"),
  };
  const tourney = async (args: string[], stdin = "") => {
    const r = await runBinary(args, env, stdin);
    expect(r.code, r.stderr).toBe(0);
    return r.stdout;
  };

  beforeAll(async () => {
    for (const name of ["One Cup", "Two Cup", "Three Cup"])
      await tourney(["tournament", "create", "--name", name]);
    await tourney(
      ["participants", "bulk-add", "one_cup"],
      "Ada\nGrace\nLinus\nAlan\nBarbara\nEdsger\n",
    );
    await tourney(["tournament", "start", "one_cup"]);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("-L/--limit shows at most N records: rows, JSON and a paged list", async () => {
    expect((await tourney(["tournament", "list"])).trimEnd().split("\n")).toHaveLength(3);
    expect((await tourney(["tournament", "list", "-L", "2"])).trimEnd().split("\n")).toHaveLength(
      2,
    );
    expect(
      JSON.parse(await tourney(["tournament", "list", "--limit", "1", "--json", "id"])),
    ).toEqual([{ id: 1 }]);
    expect(
      JSON.parse(await tourney(["match", "list", "one_cup", "-L", "2", "--json", "id"])),
    ).toHaveLength(2);
    expect(await tourney(["participants", "list", "one_cup", "-L", "3", "--jq", ".[].name"])).toBe(
      "Ada\nGrace\nLinus\n",
    );
    for (const bad of ["0", "-1", "two", "1.5"]) {
      const r = await runBinary(["tournament", "list", "-L", bad], env);
      expect(r.code, bad).toBe(2);
      expect(r.stderr).toContain("--limit");
    }
  });

  it("auth status shows every profile, the active one first; --profile one", async () => {
    await tourney(["profile", "add", "lan", "--base-url", "http://127.0.0.1:9"]);
    const all = JSON.parse(await tourney(["auth", "status", "--json"]));
    expect(all.map((p: { profile: string; active: boolean }) => [p.profile, p.active])).toEqual([
      ["local", true],
      ["lan", false],
    ]);
    expect(all[1]).toMatchObject({ backend: "remote", location: "http://127.0.0.1:9" });
    const one = JSON.parse(await tourney(["auth", "status", "--profile", "lan", "--json"]));
    expect(one).toMatchObject({ profile: "lan", backend: "remote" });
    const rows = await tourney(["auth", "status"]);
    expect(
      rows
        .split("\n")
        .filter((l) => l !== "")
        .map((l) => l.split("\t")[0]),
    ).toEqual(["local", "lan"]);
  });

  describe.runIf(SCRIPT !== undefined)("$PAGER", () => {
    const paged = join(dir, "paged.txt");
    const pager = join(dir, "pager.sh");
    beforeAll(() => {
      writeFileSync(pager, `#!/bin/sh\ncat > "${paged}"\n`);
      chmodSync(pager, 0o755);
    });
    /** `match list one_cup` on a pseudo-terminal of `lines` rows, with PAGER set. */
    const atTerminal = (lines: number) => {
      rmSync(paged, { force: true });
      return spawnSync(
        SCRIPT!,
        ["-qec", `"${process.execPath}" "${BIN}" match list one_cup`, "/dev/null"],
        { env: { ...env, TERM: "xterm", LINES: String(lines), PAGER: pager }, encoding: "utf8" },
      );
    };

    it("takes a table longer than the screen at a terminal", () => {
      const r = atTerminal(4);
      expect(r.status, r.stderr).toBe(0);
      const text = readFileSync(paged, "utf8");
      expect(text).toMatch(/ID.*MATCH.*ROUND/);
      expect(text.trimEnd().split("\n").length).toBeGreaterThanOrEqual(4);
      expect(r.stdout).not.toMatch(/MATCH/);
    });

    it("leaves a table that fits on the screen, and piped output, alone", async () => {
      const r = atTerminal(60);
      expect(r.status, r.stderr).toBe(0);
      expect(existsSync(paged)).toBe(false);
      expect(r.stdout).toMatch(/MATCH/);
      const piped = await runBinary(["match", "list", "one_cup"], {
        ...env,
        LINES: "2",
        PAGER: pager,
      });
      expect(piped.code).toBe(0);
      expect(existsSync(paged)).toBe(false);
      expect(piped.stdout.split("\n").length).toBeGreaterThan(3);
    });
  });
});
