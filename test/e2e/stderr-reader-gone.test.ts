/**
 * The built binary whose stderr's reader has gone (`tourney ... 2>&1 | true`, `| head -1`)
 * still exits with the code its failure chose: the lost text only explained it (an outside
 * review, I #23). Before, the stream's EPIPE was an uncaught exception: exit 1 every time.
 * The reader is gone before the command starts (bash's process substitution, waited for), so
 * every write meets a closed pipe.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BIN, BUILT, binaryEnv } from "../helpers/binary.js";

describe.runIf(BUILT)("stderr whose reader has gone", () => {
  const home = mkdtempSync(join(tmpdir(), "tourney-stderr-gone-"));
  afterAll(() => rmSync(home, { recursive: true, force: true }));
  const env = binaryEnv(home);

  /** The exit code of `tourney args` with `redirect` pointing at fd 3, a pipe nobody reads. */
  const exitWithReaderGone = (args: readonly string[], redirect: string): number => {
    const words = args.map((a) => `'${a}'`).join(" ");
    const script = `exec 3> >(true); wait $!; "${process.execPath}" "${BIN}" ${words} ${redirect}; echo $?`;
    const out = execFileSync("bash", ["-c", script], { env, encoding: "utf8" });
    return Number(out.trim());
  };

  it("keeps exit 3 for a tournament not found, stderr alone or with stdout", () => {
    expect(exitWithReaderGone(["tournament", "create", "--name", "E"], ">/dev/null 2>&3")).toBe(0);
    expect(exitWithReaderGone(["tournament", "view", "nope"], "2>&3")).toBe(3);
    expect(exitWithReaderGone(["tournament", "view", "nope"], ">&3 2>&3")).toBe(3);
  });

  it("keeps exit 2 for a usage error of several lines", () => {
    expect(exitWithReaderGone(["tournament", "vew"], ">&3 2>&3")).toBe(2);
    expect(exitWithReaderGone(["--profile", "nope", "tournament", "list"], "2>&3")).toBe(2);
  });
});
