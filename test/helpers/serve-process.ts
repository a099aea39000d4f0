/**
 * `tourney serve` (the built binary) as a child process that can be killed with
 * SIGKILL and started again on the same database. Unlike startServe in binary.ts it
 * does not wait for an API key: serve prints the owner's key only on its first start
 * on a database, so `apiKey` is undefined on a restart.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { BIN } from "./binary.js";

export interface ServeProcess {
  readonly child: ChildProcess;
  readonly port: number;
  readonly apiKey: string | undefined;
  /** kill -9; resolves once the process is gone. */
  kill9(): Promise<void>;
  /** SIGTERM; resolves with the exit code. */
  stop(): Promise<number | null>;
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((done) => child.once("exit", (code) => done(code)));
}

/** Starts `tourney serve --port 0 --db <db>` and waits for the address it listens on. */
export function launchServe(db: string, env: Record<string, string>): Promise<ServeProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, "serve", "--port", "0", "--db", db], {
      env,
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`serve did not start: ${stderr}`));
    }, 20_000);
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`serve exited ${code}: ${stderr}`));
    };
    child.once("exit", onExit);
    child.stderr!.on("data", (d) => {
      stderr += d;
      const port = /Listening on http:\/\/127\.0\.0\.1:(\d+)\//.exec(stderr);
      if (!port) return;
      clearTimeout(timer);
      child.off("exit", onExit);
      resolve({
        child,
        port: Number(port[1]),
        apiKey: /\n {2}(tk_[\w-]+)\n/.exec(stderr)?.[1],
        kill9: async () => {
          child.kill("SIGKILL");
          await exited(child);
        },
        stop: async () => {
          child.kill("SIGTERM");
          return exited(child);
        },
      });
    });
  });
}
