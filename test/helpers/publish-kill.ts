/** A `tourney tournament publish` through the built binary, killed at its n-th write request. */
import { spawn } from "node:child_process";
import { BIN } from "./binary.js";

/**
 * Starts a publish (--verbose: each request logged on stderr before it is sent) and
 * kills it with SIGKILL when its `nth` write (POST, PUT, DELETE) is being sent: a
 * moment drawn from the progress of the publish, not from the clock, so the same
 * seed cuts at the same step on any machine. Resolves with how it ended.
 */
export function publishKilledAt(
  env: Record<string, string>,
  url: string,
  nth: number,
): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [BIN, "tournament", "publish", url, "--to", "lan", "--verbose"],
      { env, stdio: ["ignore", "ignore", "pipe"] },
    );
    let writes = 0;
    let text = "";
    child.stderr!.on("data", (d) => {
      text += d;
      const lines = text.split("\n");
      text = lines.pop() ?? "";
      for (const line of lines)
        if (/^> (POST|PUT|DELETE) /.test(line) && ++writes === nth) child.kill("SIGKILL");
    });
    child.on("exit", (code, signal) => resolve(signal ?? `exit ${code}`));
  });
}

/**
 * The same publish interrupted with SIGINT (Ctrl-C) when its `nth` write is being sent:
 * resolves with its exit code and stderr.
 */
export function publishInterruptedAt(
  env: Record<string, string>,
  url: string,
  nth: number,
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [BIN, "tournament", "publish", url, "--to", "lan", "--verbose"],
      { env, stdio: ["ignore", "ignore", "pipe"] },
    );
    let writes = 0;
    let text = "";
    let all = "";
    child.stderr!.on("data", (d) => {
      text += d;
      all += d;
      const lines = text.split("\n");
      text = lines.pop() ?? "";
      for (const line of lines)
        if (/^> (POST|PUT|DELETE) /.test(line) && ++writes === nth) child.kill("SIGINT");
    });
    child.on("exit", (code) => resolve({ code, stderr: all + text }));
  });
}
