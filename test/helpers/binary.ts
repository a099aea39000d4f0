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

/** What `child` has written so far on stdout and stderr, read at each call. */
export function captured(child: ChildProcess): { stdout(): string; stderr(): string } {
  let out = "";
  let err = "";
  child.stdout?.on("data", (d) => {
    out += d;
  });
  child.stderr?.on("data", (d) => {
    err += d;
  });
  return { stdout: () => out, stderr: () => err };
}

/** A run of the built binary under way: its process, its output so far, its end. */
export interface SpawnedBinary {
  readonly child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Its exit code, or the signal that ended it (rejects if it could not be started). */
  readonly closed: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts the built binary with `args`: `stdin` written to it and closed, or no stdin (/dev/null). */
export function spawnBinary(
  args: readonly string[],
  env: Record<string, string>,
  stdin?: string,
): SpawnedBinary {
  const child = spawn(process.execPath, [BIN, ...args], {
    env,
    stdio: [stdin === undefined ? "ignore" : "pipe", "pipe", "pipe"],
  });
  const output = captured(child);
  const closed = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>(
    (resolve, reject) => {
      child.on("error", reject);
      child.on("close", (code, signal) => resolve({ code, signal }));
    },
  );
  if (stdin !== undefined) child.stdin!.end(stdin);
  return { child, ...output, closed };
}

export async function runBinary(
  args: readonly string[],
  env: Record<string, string>,
  stdin = "",
): Promise<BinaryResult> {
  const run = spawnBinary(args, env, stdin);
  const { code } = await run.closed;
  return { code, stdout: run.stdout(), stderr: run.stderr() };
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
