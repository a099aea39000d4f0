/**
 * `tourney watch` of the built binary as a child process, and what the e2e watch
 * tests (test/e2e/watch*.test.ts) do with it on each backend.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { expect } from "vitest";
import { BIN, captured, runBinary } from "./binary.js";

/** Resolves once `read()` holds `text`; throws once `child` has exited without it. */
export async function until(read: () => string, text: string, child: ChildProcess): Promise<void> {
  while (!read().includes(text)) {
    if (child.exitCode !== null) throw new Error(`exited before "${text}": ${read()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export { captured } from "./binary.js";

/** `tourney serve` of the built binary again on `port` and `db`, once it is listening. */
export async function serveAgain(
  port: number,
  db: string,
  env: Record<string, string>,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [BIN, "serve", "--port", String(port), "--db", db], {
    env,
    stdio: ["ignore", "ignore", "pipe"],
  });
  const said = captured(child);
  await until(said.stderr, "Listening on", child);
  return child;
}

/** Stops (SIGTERM) whichever of `children` still run, each waited for. */
export async function stopAll(children: readonly (ChildProcess | undefined)[]): Promise<void> {
  for (const child of children)
    if (child !== undefined && child.exitCode === null) {
      const closed = new Promise((r) => child.once("close", r));
      child.kill("SIGTERM");
      await closed;
    }
}

export interface Watching {
  readonly child: ChildProcess;
  readonly done: Promise<{ code: number | null; stdout: string; stderr: string }>;
  /** Resolves once the watch said it is watching (its first look is done). */
  readonly ready: Promise<void>;
  /**
   * Gives the watch `ms` more from now before it is killed (SIGKILL; 60 s from its start
   * otherwise): a test calls it once what the watch waits for is done, so that a slow
   * machine's play-through is not taken for a watch that did not end.
   */
  readonly deadline: (ms: number) => void;
  /**
   * Stops the count from the watch's start while the test does what the watch waits for
   * (CLI processes playing a tournament through: 25 of them can take past 60 s at a load
   * of 19 on 2 cores, and the watch was killed mid-play). Until `deadline`, only the test's
   * own timeout bounds the watch; a watch still running when the test process exits is
   * killed then.
   */
  readonly hold: () => void;
}

/**
 * Watches still running: killed when the test process exits (a test that timed out). One
 * set and one listener per process, however many test files load this module in it.
 */
const RUNNING: unique symbol = Symbol.for("tourney.test.watches");
const held = globalThis as { [RUNNING]?: Set<ChildProcess> };
const running = held[RUNNING] ?? killedOnExit(new Set());

function killedOnExit(set: Set<ChildProcess>): Set<ChildProcess> {
  held[RUNNING] = set;
  process.once("exit", () => {
    for (const child of set) child.kill("SIGKILL");
  });
  return set;
}

/** How long a watch is given: from its start, then from its test's `deadline`. */
const WATCH_MS = 60_000;

export function watch(env: Record<string, string>, ...args: string[]): Watching {
  const child = spawn(process.execPath, [BIN, "watch", ...args], { env });
  running.add(child);
  child.once("exit", () => running.delete(child));
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
  let given = `${WATCH_MS / 1000} s after its start`;
  const kill = () => {
    stderr += `[test: SIGKILL: the watch had not ended ${given}]\n`;
    child.kill("SIGKILL");
  };
  let timer = setTimeout(kill, WATCH_MS);
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((r) =>
    child.once("exit", (code) => {
      clearTimeout(timer);
      ready();
      r({ code, stdout, stderr });
    }),
  );
  const deadline = (ms: number) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    clearTimeout(timer);
    given = `${ms / 1000} s after what it waited for was done`;
    timer = setTimeout(kill, ms);
  };
  const hold = () => clearTimeout(timer);
  return { child, done, ready: readyP, deadline, hold };
}

/** What a failed watch said and printed: its stderr, then its stdout's last lines. */
export function told(r: { stdout: string; stderr: string }): string {
  const last = r.stdout.trimEnd().split("\n").slice(-5).join("\n");
  return `${r.stderr}stdout (last lines):\n${last}`;
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

/** A backend a watch e2e test runs on, and the url of the tournament or race it watches there. */
export interface Backend {
  readonly name: string;
  /** Whether it goes to serve (the sandbox's remote profile). */
  readonly remote: boolean;
  readonly flags: readonly string[];
  readonly url: string;
}

/**
 * The three backends: the embedded default (the database file), serve's event
 * stream, and serve polled with If-None-Match. `remoteFlags` go to the two remote
 * watches (a race's --race); each watches its own `${prefix}_...` url.
 */
export function backends(prefix: string, remoteFlags: readonly string[] = []): Backend[] {
  return [
    { name: "embedded (the database file)", remote: false, flags: [], url: `${prefix}_embedded` },
    { name: "serve (event stream)", remote: true, flags: remoteFlags, url: `${prefix}_stream` },
    {
      name: "remote polled",
      remote: true,
      flags: [...remoteFlags, "--poll", "--interval", "0.2"],
      url: `${prefix}_polled`,
    },
  ];
}

/** `watch TARGET --json --until complete FLAGS` while another process does `act`; expects exit 0. */
export async function watchThrough(
  env: Record<string, string>,
  target: string,
  flags: readonly string[],
  act: () => Promise<void>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const w = watch(env, target, "--json", "--until", "complete", ...flags);
  await w.ready;
  w.hold();
  await act();
  w.deadline(WATCH_MS);
  const r = await w.done;
  expect(r.code, told(r)).toBe(0);
  return r;
}

const statusesIn = (stderr: string) => [...stderr.matchAll(/^< (\d{3})/gm)].map((m) => m[1]!);

/**
 * `watch ARGS --json --poll --interval 0.1 -v` left while nothing changes until its -v
 * lines logged `answers` HTTP statuses, then Ctrl-C: its result, and those statuses. (It
 * was left 1.5 s: how many looks that is depends on how fast the watch and serve run.)
 */
export async function idlePolledWatch(
  env: Record<string, string>,
  answers: number,
  ...args: string[]
): Promise<{ code: number | null; stdout: string; stderr: string; statuses: string[] }> {
  const w = watch(env, ...args, "--json", "--poll", "--interval", "0.1", "-v");
  let stderr = "";
  let exited = false;
  void w.done.then(() => {
    exited = true;
  });
  w.child.stderr!.on("data", (d) => {
    stderr += d;
  });
  await w.ready;
  while (!exited && statusesIn(stderr).length < answers)
    await new Promise((r) => setTimeout(r, 20));
  w.child.kill("SIGINT");
  const r = await w.done;
  return { ...r, statuses: statusesIn(r.stderr) };
}
