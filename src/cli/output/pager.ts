/**
 * `$PAGER` for long output at a terminal (issue 26, item 14), as gh does: a table longer
 * than the screen goes through the pager (`TOURNEY_PAGER`, else `PAGER`; `LESS=FRX` unless
 * set, so less quits by itself when it fits and keeps colours). Never when stdout is not a
 * terminal (piped or redirected output is data), never with an empty pager or `cat`. A
 * pager that cannot start (exit 127) leaves the text written as it would have been.
 */
import type { Env, IOStreams } from "../io.js";
import type { ListShape } from "./printer.js";

/** The screen's height: LINES, else what the terminal says, else 24. */
function screenRows(io: IOStreams, env: Env): number {
  const fromEnv = Number(env.LINES);
  if (Number.isInteger(fromEnv) && fromEnv > 0) return fromEnv;
  const rows = (io.stdout as { readonly rows?: unknown }).rows;
  return typeof rows === "number" && rows > 0 ? rows : 24;
}

/** The pager a printer uses, or undefined when output should not be paged. */
export function terminalPager(io: IOStreams, env: Env): ListShape["pager"] {
  if (io.stdout.isTTY !== true) return undefined;
  const command = (env.TOURNEY_PAGER ?? env.PAGER)?.trim();
  if (command === undefined || command === "" || command === "cat") return undefined;
  return {
    rows: screenRows(io, env),
    show: (text) => runPager(command, text, env, () => io.stdout.write(text)),
  };
}

function runPager(command: string, text: string, env: Env, fallback: () => void): Promise<void> {
  const { spawn } = process.getBuiltinModule("node:child_process");
  return new Promise((resolve) => {
    const child = spawn(command, {
      shell: true,
      stdio: ["pipe", "inherit", "inherit"],
      env: { LESS: "FRX", ...env },
    });
    let started = true;
    child.on("error", () => {
      started = false;
    });
    child.on("close", (code) => {
      if (!started || code === 127) fallback();
      resolve();
    });
    // The reader may quit before reading everything (q in less): not an error.
    child.stdin.on("error", () => {});
    child.stdin.end(text);
  });
}
