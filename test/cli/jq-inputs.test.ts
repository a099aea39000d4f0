/**
 * `input` and `inputs` in --jq read the command's next JSON values (each value a jq input,
 * `demo --json`'s events for one) as jq 1.6 reads them from stdin: its results, and its
 * message when none is left ("break": jq 1.6's f_input says so; "No more inputs" is not
 * jq 1.6's wording). Checked against the values jq 1.6 gives, and against `jq` itself
 * when the machine has jq 1.6 (Debian's). The one known difference is jq's own version:
 * jq-web's nth(n; f) gives nothing when f has no n-th output, where jq 1.6 gave the last.
 */
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { OutputError } from "../../src/cli/errors.js";
import { runJq } from "../../src/cli/output/jq.js";

const EVENTS = '{"n":1}\n{"n":2}\n{"n":3}';

/** [program, what jq 1.6 prints with `-r -c`, or its error message (--jq prints no results then)]. */
const CASES: readonly [string, string][] = [
  ["[., input]", "jq: error (at <stdin>:3): break"],
  ["[inputs]", '[{"n":2},{"n":3}]\n'],
  ["first(inputs)", '{"n":2}\n'],
  ["[limit(1; inputs)]", '[{"n":2}]\n[]\n'],
  ["reduce inputs as $e (.n; . + $e.n)", "6\n"],
  ["input_line_number", "1\n2\n3\n"],
  ["input_filename", "<stdin>\n".repeat(3)],
  ["try (input, input, input) catch .", '{"n":2}\n{"n":3}\nbreak\n'],
  ["last(inputs) | .n", "3\n"],
  ["input, input, input", "jq: error (at <stdin>:3): break"],
];

async function jqWeb(program: string): Promise<string> {
  try {
    return await runJq(EVENTS, program, { compact: true });
  } catch (error) {
    if (!(error instanceof OutputError)) throw error;
    return error.message.replace(/^--jq: /, "");
  }
}

/** jq 1.6 itself, if installed: its stdout, or its message when it fails. */
function jq16(program: string): string | undefined {
  const version = spawnSync("jq", ["--version"], { encoding: "utf8" });
  if (version.error !== undefined || version.stdout.trim() !== "jq-1.6") return undefined;
  const r = spawnSync("jq", ["-r", "-c", program], { input: `${EVENTS}\n`, encoding: "utf8" });
  return r.status === 0 ? r.stdout : r.stderr.trim();
}

describe("--jq's input and inputs", () => {
  it.each(CASES)("%s as jq 1.6", async (program, expected) => {
    expect(await jqWeb(program)).toBe(expected);
    const real = jq16(program);
    if (real !== undefined) expect(real).toBe(expected);
  });

  it("with none left: input fails with jq 1.6's 'break', first(inputs) gives nothing", async () => {
    expect(await runJq('{"n":1}', "first(inputs)", { compact: true })).toBe("");
    expect(await runJq('{"n":1}', "[inputs]", { compact: true })).toBe("[]\n");
    await expect(runJq('{"n":1}', "input", { compact: true })).rejects.toThrow(
      "--jq: jq: error (at <stdin>:1): break",
    );
  });
});
