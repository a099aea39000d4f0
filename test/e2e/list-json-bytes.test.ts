/**
 * The built binary's `tournament list --json` on the embedded backend writes SQLite's text
 * as bytes (issue 27: Printer.listJson, stdio.ts writeBytes): into a pipe, a file and
 * /dev/null (a stream) the same bytes as the full path (`--limit` past the list takes it),
 * and a reader that leaves early ends it quietly (exit 0), as before.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { BIN, BUILT } from "../helpers/binary.js";

describe.runIf(BUILT)("the built list's JSON bytes", () => {
  const dir = mkdtempSync(join(tmpdir(), "tourney-list-bytes-"));
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    TOURNEY_CONFIG_DIR: join(dir, "config"),
    TOURNEY_DATA_DIR: join(dir, "data"),
  };
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const tourney = (args: readonly string[], stdout: "pipe" | number = "pipe") =>
    spawnSync(process.execPath, [BIN, ...args], {
      env,
      stdio: ["ignore", stdout, "pipe"],
      maxBuffer: 1 << 26,
    });

  it("writes the full path's bytes to a pipe, a file and /dev/null, and stops quietly when the reader leaves", () => {
    for (const name of ["Ünïcødé ✓ 🏆", 'quotes "q" \\ back', "plain"]) {
      const made = tourney(["tournament", "create", "--name", name, "--type", "swiss"]);
      expect(made.status, String(made.stderr)).toBe(0);
    }
    // 1,100 more (as bench/startup.mjs adds them): more than a pipe holds (64 KB), and more
    // records than one writev takes (1,024 parts: stdio.ts).
    const db = new Database(join(dir, "data", "tourney.db"));
    db.prepare(
      `INSERT INTO tournaments (url, name, tournament_type, state, settings, random_seed, created_at, updated_at)
       SELECT 'more_' || value, t.name, t.tournament_type, t.state, t.settings, 1, t.created_at, t.updated_at
       FROM tournaments t, json_each(?) WHERE t.id = 3`,
    ).run(JSON.stringify(Array.from({ length: 1100 }, (_, i) => i)));
    db.close();
    const full = tourney(["tournament", "list", "--json", "--limit", "1000000"]);
    const piped = tourney(["tournament", "list", "--json"]);
    expect(piped.status).toBe(0);
    expect(Buffer.compare(piped.stdout, full.stdout)).toBe(0);
    const names = JSON.parse(piped.stdout.toString("utf8")).map((t: any) => t.name);
    expect(names.slice(0, 3)).toEqual(["Ünïcødé ✓ 🏆", 'quotes "q" \\ back', "plain"]);
    expect(names.length).toBe(1103);
    expect(piped.stdout.length).toBeGreaterThan(1_000_000);
    for (const path of [join(dir, "out.json"), "/dev/null"]) {
      const fd = openSync(path, "w");
      const written = tourney(["tournament", "list", "--json"], fd);
      closeSync(fd);
      expect(written.status, path).toBe(0);
    }
    expect(Buffer.compare(readFileSync(join(dir, "out.json")), full.stdout)).toBe(0);
    // The reader leaves after 5 bytes: the rest meets a closed pipe (EPIPE), exit 0 and no message.
    const head = execFileSync(
      "/bin/bash",
      [
        "-c",
        `set -o pipefail; "${process.execPath}" "${BIN}" tournament list --json 2>"${dir}/err" | head -c 5; echo " $?"`,
      ],
      { env, encoding: "utf8" },
    );
    expect(head).toBe('[{"id 0\n');
    expect(readFileSync(join(dir, "err"), "utf8")).toBe("");
  });
});
