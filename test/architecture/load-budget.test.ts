/**
 * Start-up stays flat as features grow (issue 27): the bytes of the build (dist/) a
 * command reads to start, scripts and their code caches, within a written budget;
 * each command loads the script of its own noun only, and a remote command not the
 * embedded service. A feature that makes every command load more fails here first.
 *
 * Budgets, against what the build of issue 27 measured (dist/ files read, bytes):
 * - `--version`: cli.cjs alone (4.2 KB); budget 8 KB.
 * - remote `tournament list --json`: the core and noun-tournament.js with their caches
 *   (428 KB); budget 500 KB. Before the split: 1.76 MB (core 1.23 MB, undici 0.53 MB).
 * - embedded `tournament list --json`: the same and the service's read-only path
 *   (service-read.js with its cache, 92 KB) instead of the service (service.js with its
 *   cache, 650 KB): 552 KB; budget 600 KB. Before the read-only path: 1,120 KB; before
 *   the split: 1.23 MB.
 * - JSON and tab-separated output never read the table drawing (output-table.js with its
 *   cache, 111 KB; 52 KB of it was in the core and its cache before).
 * - the core with its cache, which every command but `--version` reads (390 KB; 441 KB
 *   with the table drawing inside it); budget 450 KB. Before: 1.23 MB.
 * - embedded `tournament list --json` typed as such: its own script
 *   (plain-json-list.js with its cache, 186 KB: src/cli/plain-json-list.ts) and the
 *   read-only path (its cache 67 KB now: the list's warm-up compiles its text path too),
 *   neither the core nor the noun's script: 302 KB with cli.cjs; budget 350 KB.
 *   The same command written otherwise (`--json tournament list`) reads what the core's
 *   path reads (above).
 * Raise a budget only with the reason beside it.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { BIN, BUILT } from "../helpers/binary.js";

const DIST = fileURLToPath(new URL("../../dist/", import.meta.url));
const KB = 1024;

describe.runIf(BUILT)("the bytes a command loads", () => {
  const dir = mkdtempSync(join(tmpdir(), "tourney-budget-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const probe = join(dir, "probe.cjs");
  // Every file of dist/ the process reads (scripts, caches, vendor modules), with its size.
  writeFileSync(
    probe,
    `const fs = require("node:fs"); const seen = {};
    const note = (f) => { f = String(f); if (f.startsWith(${JSON.stringify(DIST)})) seen[f.slice(${DIST.length})] = fs.statSync(f).size; };
    for (const [o, k] of [[fs, "readFileSync"], [fs, "readFile"], [fs.promises, "readFile"]]) {
      const real = o[k]; o[k] = function (f, ...rest) { note(f); return real.call(this, f, ...rest); };
    }
    process.on("exit", () => process.stderr.write("\\nLOADED " + JSON.stringify(seen) + "\\n"));`,
  );
  const env = {
    PATH: process.env.PATH ?? "",
    TOURNEY_CONFIG_DIR: join(dir, "config"),
    TOURNEY_DATA_DIR: join(dir, "data"),
  };

  /** The dist/ files `args` reads, name -> bytes. */
  function loaded(args: readonly string[]): Record<string, number> {
    const r = spawnSync(process.execPath, ["-r", probe, BIN, ...args], { env, encoding: "utf8" });
    const line = /\nLOADED (.*)\n/.exec(r.stderr)?.[1];
    if (line === undefined) throw new Error(`no probe output: ${r.stderr}`);
    return JSON.parse(line);
  }
  const total = (files: Record<string, number>) => Object.values(files).reduce((a, b) => a + b, 0);
  const nouns = (files: Record<string, number>) =>
    Object.keys(files).filter((f) => f.startsWith("noun-"));

  it("--version reads the entry point only", () => {
    const files = loaded(["--version"]);
    expect(Object.keys(files)).toEqual(["cli.cjs"]);
    expect(total(files)).toBeLessThan(8 * KB);
  });

  it("an embedded tournament list reads the core, its noun's script and the read-only path", () => {
    // A database to read (with none, the service makes it): made by a command that writes.
    loaded(["tournament", "create", "--name", "Budget", "--type", "swiss"]);
    const files = loaded(["--json", "tournament", "list"]);
    expect(nouns(files)).toEqual(["noun-tournament.js", "noun-tournament.js.cache"]);
    expect(files["service-read.js"]).toBeGreaterThan(0);
    expect(Object.keys(files).filter((f) => f.startsWith("service."))).toEqual([]);
    expect(total(files)).toBeLessThan(600 * KB);
    expect(Object.keys(files).filter((f) => f.startsWith("output-table"))).toEqual([]);
    expect((files["core.js"] ?? 0) + (files["core.js.cache"] ?? 0)).toBeLessThan(450 * KB);
  });

  it("`tournament list --json` as typed reads its own script and the read-only path only", () => {
    loaded(["tournament", "create", "--name", "Budget", "--type", "swiss"]);
    const files = loaded(["tournament", "list", "--json"]);
    expect(Object.keys(files).sort()).toEqual([
      "cli.cjs",
      "plain-json-list.js",
      "plain-json-list.js.cache",
      "service-read.js",
      "service-read.js.cache",
    ]);
    expect(total(files)).toBeLessThan(350 * KB);
  });

  it("a remote tournament list reads neither the service nor the HTTP stack for proxies", () => {
    // Nothing listens on port 9: the command fails at the network, after loading its code.
    const files = loaded(["--base-url", "http://127.0.0.1:9", "tournament", "list", "--json"]);
    expect(nouns(files)).toEqual(["noun-tournament.js", "noun-tournament.js.cache"]);
    expect(Object.keys(files).filter((f) => /service|http|vendor/.test(f))).toEqual([]);
    expect(total(files)).toBeLessThan(500 * KB);
  });
});
