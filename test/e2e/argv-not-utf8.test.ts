/**
 * Arguments that are not UTF-8 (issue 28, H4 point 3): Node decodes the command line with
 * U+FFFD for such bytes, so `tournament create --name "$(printf 'Caf\xe9')"` stored
 * "Caf\uFFFD" and exited 0. The built binary, run by bash with the bytes as they are, now
 * refuses them (exit 2, the argument shown with \xE9, nothing stored), in the core and in
 * the list's own script (core-list); a U+FFFD typed as UTF-8 (EF BF BD) is still taken.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BIN, BUILT, binaryEnv, runBinary } from "../helpers/binary.js";

/** `tourney` + `args`, each word a bash word (printf '...' for bytes), run by bash. */
function viaBash(args: string, env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(
      "bash",
      ["--norc", "--noprofile", "-c", `exec "${process.execPath}" "${BIN}" ${args}`],
      { env },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => {
      stdout += d;
    });
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

const refusal = (argument: string, role: string) =>
  `error: the argument ${argument}${role} is not UTF-8 text: it holds the byte 0xE9 ` +
  `(Latin-1 "\u00e9"?); give it in UTF-8 (iconv -f latin1 -t utf-8 converts text)\n`;

describe.runIf(BUILT && process.platform === "linux")("arguments that are not UTF-8", () => {
  const home = mkdtempSync(join(tmpdir(), "tourney-e2e-argv-utf8-"));
  const env = binaryEnv(home);
  afterAll(() => rmSync(home, { recursive: true, force: true }));

  const names = async () =>
    JSON.parse((await runBinary(["tournament", "list", "--json", "name"], env)).stdout);

  it("a Latin-1 --name: exit 2 naming it, nothing made", async () => {
    const r = await viaBash(`tournament create --name "$(printf 'Caf\\xe9')"`, env);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(refusal("Caf\\xE9", " (after --name)"));
    const joined = await viaBash(`tournament create --name="$(printf 'Caf\\xe9')"`, env);
    expect(joined.code).toBe(2);
    expect(joined.stderr).toBe(refusal("--name=Caf\\xE9", " (the value of --name)"));
    expect(await names()).toEqual([]);
  });

  it("a U+FFFD typed in UTF-8 is text like any other", async () => {
    const r = await viaBash(`tournament create --name "$(printf 'Cup \\xef\\xbf\\xbd')"`, env);
    expect(r.code, r.stderr).toBe(0);
    expect(await names()).toEqual([{ name: "Cup \uFFFD" }]);
  });

  it("a Latin-1 participant name: exit 2, nobody added", async () => {
    const r = await viaBash(`participants add cup "$(printf 'Ren\\xe9')"`, env);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(refusal("Ren\\xE9", ""));
    const listed = await runBinary(["participants", "list", "cup", "--json"], env);
    expect(JSON.parse(listed.stdout)).toEqual([]);
  });

  it("in the list's own script too (core-list)", async () => {
    const r = await viaBash(`tournament list --json "$(printf 'n\\xe9')"`, env);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(refusal("n\\xE9", " (after --json)"));
  });
});
