/**
 * `tourney tournament list --json`, typed as such (nothing before, between or after those
 * words), run without commander: a classic script of its own in the build
 * (dist/plain-json-list.js with its code cache), which the entry point loads instead of
 * the core for that command line (main.ts). It runs what commander would run for it, the
 * same way: the App, the Factory of `--json` and the list's action (runTournamentList),
 * the failure told by App.failed. What it leaves out is what that command line never
 * needs: the program's options and commands, the tournament noun's other verbs, help.
 * The preAction hook (App.checkOutputFlags) refuses no bare --json of a command printing
 * records, and there is no --jq to compile.
 *
 * test/cli/plain-json-list.test.ts runs the built binary both ways (`tournament list --json`
 * and `--json tournament list`, the core's path) on copies of the same stores and compares
 * stdout, stderr, exit codes, the completion cache and the database, and checks in process
 * that the Factory is the one commander's parse gives. The gain is in docs/development.md
 * (issue 27: the list of 1,000 -17.8 ms wall, -14.6 ms CPU against base-7844d63, medians of
 * the paired differences of 21 alternated runs at load 2.7).
 */
import { App } from "./app.js";
import { parseTournamentList, runTournamentList } from "./commands/tournament/list.js";
import { EXIT } from "./exit-codes.js";
import type { CliDeps } from "./factory.js";

/** As the core's run (run.ts) for `tournament list --json`; returns the exit code. */
export async function run(_line: readonly string[], deps: CliDeps): Promise<number> {
  const app = new App(deps);
  try {
    await runTournamentList(app.factoryOf({ json: true }), parseTournamentList({}));
    await app.flush();
    return EXIT.ok;
  } catch (error) {
    return app.failed(error);
  } finally {
    await app.close();
  }
}

/**
 * What the build runs before it writes this script's code cache (build.mjs): the command on
 * a database with one tournament (made here, in a temporary folder), listed by the
 * read-only path as text, so that no function of that path is compiled at run time.
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
    let bytes = 0;
    const sink = {
      write: () => true,
      writeBytes: (parts: readonly Uint8Array[]) => {
        for (const part of parts) bytes += part.length;
        return true;
      },
    };
    const stdin = { isTTY: false, async *[Symbol.asyncIterator]() {} };
    const code = await run([], { io: { stdout: sink, stderr: sink, stdin }, env, homeDir: dir });
    if (code !== 0 || bytes === 0)
      throw new Error(`warm-up: the list exited ${code}, ${bytes} bytes`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
