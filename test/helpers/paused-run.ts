/**
 * A run of the built binary held at one of its steps (TOURNEY_TEST_PAUSE=POINT:FILE,
 * src/cli/interrupts.ts pauseAt): it creates FILE.waiting on reaching POINT and goes on once
 * FILE exists. Tests order two processes' steps, or signal one at a known point, so: by
 * files, never by the clock.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { BIN, type BinaryResult } from "./binary.js";

export interface PausedRun {
  readonly child: ChildProcess;
  /** Resolves once the run waits at its point (rejects if it ended first). */
  readonly reached: Promise<void>;
  /** Lets it go on. */
  release(): void;
  readonly done: Promise<BinaryResult>;
  stderr(): string;
}

export function pausedRun(
  args: readonly string[],
  env: Record<string, string>,
  point: string,
  barrier: string,
  stdin = "",
): PausedRun {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { ...env, TOURNEY_TEST_PAUSE: `${point}:${barrier}` },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (d) => {
    stdout += d;
  });
  child.stderr!.on("data", (d) => {
    stderr += d;
  });
  let ended = false;
  const done = new Promise<BinaryResult>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => {
      ended = true;
      resolve({ code, stdout, stderr });
    });
  });
  child.stdin!.end(stdin);
  const reached = (async () => {
    while (!existsSync(`${barrier}.waiting`)) {
      if (ended) throw new Error(`ended before ${point}: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  return {
    child,
    reached,
    release: () => writeFileSync(barrier, ""),
    done,
    stderr: () => stderr,
  };
}
