// V8's code cache of the entry point proper, dist/main.cjs (src/cli/main.ts), which dist/cli.cjs
// (src/cli/entry.ts) compiles with it. main.cjs runs a command as it loads, so the cache is made
// in child processes: one makes a tournament in a temporary store, another lists it with
// `tournament list --json` and, at its exit, writes the cache of main.cjs with the functions
// that command compiled (build/entry-warm-up.cjs).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Script } from "node:vm";

/**
 * What main.cjs's source is wrapped in to compile it: CommonJS's own parameters, then the
 * import() it uses (src/cli/core-loader.ts importModule; vm gives the script none of its own).
 */
export const MAIN_WRAPPER = [
  "(function (exports, require, module, __filename, __dirname, __tourneyImport) {",
  "\n})",
];

const WARM_UP = resolve(import.meta.dirname, "entry-warm-up.cjs");

/**
 * Writes `out`/main.cjs.cache, compiled as the build's other caches are under the name the
 * file has once `out` is renamed to `final` (build/code-cache.mjs). Run once `out` holds the
 * whole build and the other caches. Throws when no cache was made or V8 rejects it.
 */
export function writeEntryCache(out, final) {
  const dir = mkdtempSync(join(tmpdir(), "tourney-entry-warm-up-"));
  try {
    const env = {
      ...process.env,
      TOURNEY_CONFIG_DIR: join(dir, "config"),
      TOURNEY_DATA_DIR: join(dir, "data"),
    };
    delete env.TOURNEY_DEBUG;
    const args = [WARM_UP, out, final, JSON.stringify(MAIN_WRAPPER)];
    for (const [line, write] of [
      [["tournament", "create", "--name", "Warm-up", "--type", "single elimination"], "no"],
      [["tournament", "list", "--json"], "yes"],
    ]) {
      const run = spawnSync(process.execPath, [...args, write, ...line], {
        env,
        encoding: "utf8",
      });
      if (run.status !== 0)
        throw new Error(`${line.join(" ")} exited ${run.status}: ${run.stderr.trim()}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const source = `${MAIN_WRAPPER[0]}${readFileSync(join(out, "main.cjs"), "utf8")}${MAIN_WRAPPER[1]}`;
  const cachedData = readFileSync(join(out, "main.cjs.cache"));
  const check = new Script(source, { filename: join(final, "main.cjs"), cachedData });
  if (check.cachedDataRejected) throw new Error("V8 rejects the cache it made of main.cjs");
}
