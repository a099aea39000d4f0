/** Runs the built binary (bin/tourney -> dist) as a child process. */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const BIN = fileURLToPath(new URL("../../bin/tourney", import.meta.url));
export const BUILT = existsSync(fileURLToPath(new URL("../../dist/cli.cjs", import.meta.url)));

/** The environment of a test's runs of the binary: its config and data under `home`, no prompts. */
export function binaryEnv(home: string): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "",
    TOURNEY_CONFIG_DIR: join(home, "config"),
    TOURNEY_DATA_DIR: join(home, "data"),
    TOURNEY_PROMPT_DISABLED: "1",
  };
}

export interface BinaryResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export function runBinary(
  args: readonly string[],
  env: Record<string, string>,
  stdin = "",
): Promise<BinaryResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => {
      stdout += d;
    });
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

export interface Served {
  readonly child: ChildProcess;
  readonly port: number;
  readonly apiKey: string;
  stop(): Promise<number | null>;
}

/** Starts `tourney serve --port 0` and waits for its address and first API key. */
export function startServe(args: readonly string[], env: Record<string, string>): Promise<Served> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, "serve", "--port", "0", ...args], {
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${stderr}`)), 20_000);
    child.stderr!.on("data", (d) => {
      stderr += d;
      const port = /Listening on http:\/\/127\.0\.0\.1:(\d+)\//.exec(stderr);
      const key = /\n {2}(tk_[\w-]+)\n/.exec(stderr);
      if (port && key) {
        clearTimeout(timer);
        resolve({
          child,
          port: Number(port[1]),
          apiKey: key[1]!,
          stop: () =>
            new Promise((done) => {
              child.on("close", (code) => done(code));
              child.kill("SIGTERM");
            }),
        });
      }
    });
    child.on("exit", (code) => reject(new Error(`serve exited ${code}: ${stderr}`)));
  });
}
