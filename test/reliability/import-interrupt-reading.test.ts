/**
 * Ctrl-C before an import starts, while it reads its document from stdin (held open:
 * the document never ends): it exits 130 at once, saying it was interrupted and that
 * nothing was written, and the backend holds nothing. Before, it exited 130 and printed
 * nothing. Through the built binary (after it, Ctrl-C during the import itself:
 * publish-interrupt.test.ts).
 */
import { spawn } from "node:child_process";
import { afterAll, expect, it } from "vitest";
import { BIN, runBinary } from "../helpers/binary.js";
import { createSandbox } from "../helpers/cli.js";

const sandbox = createSandbox();
afterAll(() => sandbox.cleanup());

/**
 * Starts `tourney <noun> import -`, writes a megabyte of a document's beginning to its
 * stdin and, once the pipe took it all (so the import is reading: a pipe holds 64 KiB),
 * sends SIGINT with stdin still open. Resolves with the exit code and stderr.
 */
function interruptedWhileReading(noun: string, format: string) {
  return new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, noun, "import", "-"], {
      env: sandbox.env,
      stdio: ["pipe", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, stderr }));
    child.stdin.on("error", () => {}); // the import closes its end when it stops
    const start = `{"format":"${format}","version":1,"padding":"${"x".repeat(1 << 20)}`;
    child.stdin.write(start, () => child.kill("SIGINT"));
  });
}

it.each([
  ["tournament", "tourney.tournament"],
  ["race", "tourney.race"],
])(
  "Ctrl-C while %s import reads stdin: exit 130, 'nothing was written'",
  async (noun, format) => {
    const cut = await interruptedWhileReading(noun, format);
    expect(cut.code, cut.stderr).toBe(130);
    expect(cut.stderr).toContain("interrupted before the import started: nothing was written");
    const list = await runBinary([noun, "list", "--json"], sandbox.env);
    expect(list.code, list.stderr).toBe(0);
    expect(JSON.parse(list.stdout)).toEqual([]);
  },
  60_000,
);
