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
  // The table drawing, a script of its own in the build (build.mjs tableScript).
  const { drawTable } = await import("./output/table.js");
  drawTable(["id", "name"], [[{ text: "1" }, { text: "Warm-up" }]], { width: 80, color: true });
  const transport = createInProcessTransport({ dbPath: ":memory:" });
  await transport.send({ method: "GET", path: "/v2.1/tournaments", headers: {} });
  await transport.close();
  await warmUpReadOnly();
}

/**
 * A tournament listed by the embedded read-only path (service/reader.ts), as
 * `tourney tournament list` lists: from a database file (made here, in a temporary
 * folder, with one tournament), which the path reads without loading the service.
 */
async function warmUpReadOnly(): Promise<void> {
  const { mkdtempSync, rmSync } = process.getBuiltinModule("node:fs");
  const { tmpdir } = process.getBuiltinModule("node:os");
  const { join } = process.getBuiltinModule("node:path");
  const dir = mkdtempSync(join(tmpdir(), "tourney-warm-up-"));
  try {
    const dbPath = join(dir, "warm-up.db");
    const list = { method: "GET", path: "/v2.1/tournaments", headers: {} } as const;
    const writer = createInProcessTransport({ dbPath });
    const body = {
      data: {
        type: "tournament",
        attributes: { name: "Warm-up", tournament_type: "single elimination" },
      },
    };
    await writer.send({
      method: "POST",
      path: "/v2.1/tournaments",
      headers: {},
      body: JSON.stringify(body),
    });
    await writer.send(list);
    await writer.close();
    const reader = createInProcessTransport({ dbPath });
    const listed = await reader.send(list);
    await reader.close();
    if (listed.status !== 200)
      throw new Error(`warm-up: the read-only list answered ${listed.status}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
