/**
 * The CLI core: everything behind the entry point (commands, client, embedded
 * service), bundled as one classic script that core-loader.ts compiles with
 * V8's code cache. `warmUp` is what the build runs before it writes that cache.
 */
import { openService } from "../service/index.js";
import { App } from "./app.js";
import { buildProgram } from "./run.js";

export { run } from "./run.js";

/**
 * Start-up work commands share, and nothing command-specific: the whole command
 * tree, and the embedded service opened (on an empty in-memory database) and
 * closed. Functions it compiles are in the code cache, so no command compiles
 * them again.
 */
export async function warmUp(): Promise<void> {
  const quiet = { write: () => true };
  const stdin = { isTTY: false, async *[Symbol.asyncIterator]() {} };
  buildProgram(new App({ io: { stdout: quiet, stderr: quiet, stdin }, env: {}, homeDir: "/" }));
  const service = await openService({ dbPath: ":memory:" });
  service.close();
}
