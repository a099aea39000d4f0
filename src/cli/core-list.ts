/**
 * The core for `tourney tournament list` (issue 27), dist/core-list.js with its code cache:
 * the core's own run.ts, commander and the program's options (run.ts buildProgram,
 * json-argv.ts, option-words.ts, the list's option table), built with the commands of that
 * one verb only (build/lean-commands.mjs). Every spelling the core accepts for the command
 * (options before or after the noun, aliases, its filters, `--json [fields]`, `--jq`,
 * `--limit`, `--profile`, `-q` clusters, `--`, help, errors) is therefore read by the same
 * declarations and run by the same code. The entry point loads it for a line that names
 * `tournament`/`tournaments` and `list`/`ls` (command-script.ts); when the line turns out
 * to run another command, run.ts's building of that command's tree calls a register
 * function the build left out, which throws ELSEWHERE before anything is parsed, read or
 * written, and the line goes to the core unchanged (main.ts).
 *
 * test/cli/plain-json-list.test.ts runs the built binary this way and through the core only
 * (TOURNEY_CORE_ONLY) on copies of the same stores and compares stdout, stderr, exit code,
 * completion cache and database. Measured in docs/development.md (issue 27).
 */
import { ELSEWHERE } from "./command-script.js";
import type { CliDeps } from "./factory.js";
import { run as runLine } from "./run.js";

/** As the core's run (run.ts), or ELSEWHERE: the line runs a command this script left out. */
export async function run(
  line: readonly string[],
  deps: CliDeps,
): Promise<number | typeof ELSEWHERE> {
  try {
    return await runLine(line, deps);
  } catch (error) {
    if (error === ELSEWHERE) return ELSEWHERE;
    throw error;
  }
}

/**
 * What the build runs before it writes this script's code cache (build.mjs): the list on a
 * database with one tournament (made here, in a temporary folder), as bare `--json` (the
 * read-only path's text) and as `--json FIELDS` with a filter (records made in JavaScript),
 * so that neither compiles the functions of its path at run time.
 */
export async function warmUp(): Promise<void> {
  const { mkdtempSync, rmSync } = process.getBuiltinModule("node:fs");
  const { tmpdir } = process.getBuiltinModule("node:os");
  const { join } = process.getBuiltinModule("node:path");
  const dir = mkdtempSync(join(tmpdir(), "tourney-warm-up-"));
  try {
    const env = { TOURNEY_CONFIG_DIR: join(dir, "config"), TOURNEY_DATA_DIR: join(dir, "data") };
    const { createInProcessTransport } = await import("../client/in-process-transport.js");
    const writer = createInProcessTransport({ dbPath: join(env.TOURNEY_DATA_DIR, "tourney.db") });
    const attributes = { name: "Warm-up", tournament_type: "single elimination" };
    const body = JSON.stringify({ data: { type: "tournament", attributes } });
    await writer.send({ method: "POST", path: "/v2.1/tournaments", headers: {}, body });
    await writer.close();
    for (const line of [
      ["tournament", "list", "--json"],
      ["--json", "id,name", "tournament", "list", "--state", "pending"],
    ]) {
      let bytes = 0;
      const sink = {
        write: (text: string) => {
          bytes += text.length;
          return true;
        },
        writeBytes: (parts: readonly Uint8Array[]) => {
          for (const part of parts) bytes += part.length;
          return true;
        },
      };
      const stdin = { isTTY: false, async *[Symbol.asyncIterator]() {} };
      const io = { stdout: sink, stderr: sink, stdin };
      const code = await run(line, { io, env, homeDir: dir });
      if (code !== 0 || bytes === 0)
        throw new Error(`warm-up: ${line.join(" ")} exited ${String(code)}, ${bytes} bytes`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
