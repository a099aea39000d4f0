/**
 * The CLI core: everything behind the entry point (commands, client, embedded
 * service), bundled as one classic script that core-loader.ts compiles with
 * V8's code cache. `warmUp` is what the build runs before it writes that cache.
 */
import { createInProcessTransport } from "../client/in-process-transport.js";
import { App } from "./app.js";
import { buildProgram } from "./run.js";

export { run } from "./run.js";

/**
 * Start-up work commands share, and nothing command-specific: the whole command
 * tree, and the embedded service opened through the client's in-process
 * transport (on an empty in-memory database), asked for a list and closed. Functions it compiles are in the code cache, so no command compiles
 * them again.
 */
export async function warmUp(): Promise<void> {
  const quiet = { write: () => true };
  const stdin = { isTTY: false, async *[Symbol.asyncIterator]() {} };
  buildProgram(new App({ io: { stdout: quiet, stderr: quiet, stdin }, env: {}, homeDir: "/" }));
  const transport = createInProcessTransport({ dbPath: ":memory:" });
  await transport.send({ method: "GET", path: "/v2.1/tournaments", headers: {} });
  await transport.close();
}
