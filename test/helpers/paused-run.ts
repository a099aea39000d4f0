/**
 * A run of the built binary held at one of its steps (TOURNEY_TEST_PAUSE=POINT:FILE,
 * src/cli/interrupts.ts pauseAt): it creates FILE.waiting on reaching POINT and goes on once
 * FILE exists. Tests order two processes' steps, or signal one at a known point, so: by
 * files, never by the clock.
 */
import type { ChildProcess } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { type BinaryResult, spawnBinary } from "./binary.js";

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
  const run = spawnBinary(args, { ...env, TOURNEY_TEST_PAUSE: `${point}:${barrier}` }, stdin);
  let ended = false;
  const done = run.closed.then(({ code }): BinaryResult => {
    ended = true;
    return { code, stdout: run.stdout(), stderr: run.stderr() };
  });
  const reached = (async () => {
    while (!existsSync(`${barrier}.waiting`)) {
      if (ended) throw new Error(`ended before ${point}: ${run.stderr()}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  return {
    child: run.child,
    reached,
    release: () => writeFileSync(barrier, ""),
    done,
    stderr: run.stderr,
  };
}
