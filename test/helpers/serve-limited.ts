/**
 * The built `serve` with its files held to a size (`ulimit -f`: the kernel refuses to let
 * them grow past it, EFBIG, which SQLite reports as SQLITE_FULL as it does ENOSPC): what
 * the disk-full tests run.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { BIN } from "./binary.js";

/** `serve` on `db` with its files held to `kib` KiB; `port` resolves once it listens. */
export function serveLimited(db: string, kib: number, env: Record<string, string>) {
  const child: ChildProcess = spawn(
    "bash",
    ["-c", `ulimit -f ${kib}; exec "${process.execPath}" "${BIN}" serve --port 0 --db "${db}"`],
    { env, stdio: ["ignore", "ignore", "pipe"] },
  );
  let stderr = "";
  child.stderr!.on("data", (d) => {
    stderr += d;
  });
  const port = new Promise<number>((resolve, reject) => {
    const look = () => {
      const found = /Listening on http:\/\/127\.0\.0\.1:(\d+)\//.exec(stderr);
      if (found) resolve(Number(found[1]));
    };
    child.stderr!.on("data", look);
    child.once("exit", (code) => reject(new Error(`serve exited ${code}: ${stderr}`)));
  });
  return { child, port, stderr: () => stderr };
}
