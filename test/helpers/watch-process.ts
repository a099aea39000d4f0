/** `tourney watch` of the built binary as a child process (test/e2e/watch*.test.ts). */
import { type ChildProcess, spawn } from "node:child_process";
import { expect } from "vitest";
import { BIN, runBinary } from "./binary.js";

export interface Watching {
  readonly child: ChildProcess;
  readonly done: Promise<{ code: number | null; stdout: string; stderr: string }>;
  /** Resolves once the watch said it is watching (its first look is done). */
  readonly ready: Promise<void>;
}

export function watch(env: Record<string, string>, ...args: string[]): Watching {
  const child = spawn(process.execPath, [BIN, "watch", ...args], { env });
  let stdout = "";
  let stderr = "";
  let ready!: () => void;
  const readyP = new Promise<void>((r) => {
    ready = r;
  });
  child.stdout!.on("data", (d) => {
    stdout += d;
  });
  child.stderr!.on("data", (d) => {
    stderr += d;
    if (stderr.includes("watching ")) ready();
  });
  const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((r) =>
    child.once("exit", (code) => {
      clearTimeout(timer);
      ready();
      r({ code, stdout, stderr });
    }),
  );
  return { child, done, ready: readyP };
}

/** Runs the built binary, expecting exit 0; its stdout. */
export async function tourney(env: Record<string, string>, ...args: string[]): Promise<string> {
  const r = await runBinary(args, env);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
}

/** The events of NDJSON output as `type:what` (the match, round, racer or state). */
export function sequence(stdout: string): string[] {
  return stdout
    .trim()
    .split("\n")
    .filter((line) => line !== "")
    .map(
      (line) =>
        JSON.parse(line) as {
          type: string;
          state?: string;
          round?: number;
          match?: { identifier: string };
          participant?: { name: string };
        },
    )
    .map((e) => {
      const what = [e.round, e.match?.identifier ?? e.participant?.name ?? e.state];
      return `${e.type}:${what.filter((part) => part !== undefined).join(":")}`;
    });
}
