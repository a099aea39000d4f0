/**
 * Piped output read by a shell (issue 10, item 19): `while IFS=$'\t' read`
 * over the built binary's `match list` gets every field in its place, also
 * when a cell (GROUP, the scores, the winner) is empty: empty cells print `-`,
 * because bash joins consecutive tabs (tab is IFS whitespace).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN, BUILT, runBinary } from "../helpers/binary.js";

describe.runIf(BUILT)("tab-separated output in a bash while-read loop", () => {
  const dir = mkdtempSync(join(tmpdir(), "tourney-e2e-tsv-"));
  const env = {
    PATH: process.env.PATH ?? "",
    TOURNEY_CONFIG_DIR: join(dir, "config"),
    TOURNEY_DATA_DIR: join(dir, "data"),
  };

  beforeAll(async () => {
    for (const [args, stdin] of [
      [["tournament", "create", "--name", "Pipe Cup"], ""],
      [["participants", "bulk-add", "pipe_cup"], "Ada\nGrace\nLinus\nAlan\n"],
      [["tournament", "start", "pipe_cup"], ""],
    ] as const) {
      const r = await runBinary(args, env, stdin);
      expect(r.code, r.stderr).toBe(0);
    }
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Runs `loop` in bash with `tourney` standing for the built binary. */
  function bash(loop: string): string {
    const script = `tourney() { "$NODE" "$BIN" "$@"; }\n${loop}`;
    const r = spawnSync("bash", ["-c", script], {
      env: { ...env, NODE: process.execPath, BIN },
      encoding: "utf8",
    });
    expect(r.status, r.stderr).toBe(0);
    return r.stdout;
  }

  it("reads the fields of the issue's loop in place although GROUP is empty", () => {
    const out = bash(
      `tourney match list pipe_cup | while IFS=$'\\t' read -r id m round group state p1 p2; do
  printf '%s|%s|%s|%s|%s|%s\\n' "$m" "$round" "$group" "$state" "$p1" "\${p2%%$'\\t'*}"
done`,
    );
    expect(out).toBe(
      ["A|1|-|open|Ada|Alan", "B|1|-|open|Grace|Linus", "C|2|-|pending|-|-", ""].join("\n"),
    );
  });

  it("reads every column with a catch-all last variable, as docs/scripting.md shows", () => {
    const out = bash(
      `tourney match list pipe_cup --state pending | while IFS=$'\\t' read -r id m round group state p1 p2 scores winner underway _; do
  printf '%s|%s|%s|%s|%s|%s|%s|%s\\n' "$m" "$group" "$state" "$p1" "$p2" "$scores" "$winner" "$underway"
done`,
    );
    expect(out).toBe("C|-|pending|-|-|-|-|-\n");
  });
});
