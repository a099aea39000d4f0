/**
 * Separate OS processes on one database file: each child runs the embedded
 * service from the current sources (service-worker.ts, bundled with esbuild
 * once per test file), so races between processes test the code under edit,
 * not whatever dist/ holds.
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { StepResult, WorkerPlan } from "./service-worker.js";

export type { StepResult, WorkerPlan, WorkerStep } from "./service-worker.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const START_TIMEOUT_MS = 20_000;

let bundled: Promise<string> | undefined;

/** Bundles service-worker.ts under node_modules/.cache (better-sqlite3 stays external). */
export function serviceWorkerScript(): Promise<string> {
  bundled ??= (async () => {
    const { build } = await import("esbuild");
    const dir = `${ROOT}node_modules/.cache/tourney-tests`;
    mkdirSync(dir, { recursive: true });
    // One file per test process: two test files may bundle at the same moment.
    const outfile = `${dir}/service-worker-${process.pid}.mjs`;
    await build({
      entryPoints: [`${ROOT}test/helpers/service-worker.ts`],
      outfile,
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      external: ["better-sqlite3"],
      logLevel: "warning",
    });
    return outfile;
  })();
  return bundled;
}

/** Removes this process's bundle (call from afterAll). */
export async function removeServiceWorkerScript(): Promise<void> {
  if (bundled === undefined) return;
  const file = await bundled.catch(() => undefined);
  bundled = undefined;
  if (file !== undefined) {
    rmSync(file, { force: true });
    rmSync(`${file}.map`, { force: true });
  }
}

interface Worker {
  readonly child: ChildProcessWithoutNullStreams;
  readonly ready: Promise<void>;
  readonly done: Promise<StepResult[]>;
}

function startWorker(script: string, dbPath: string, plan: WorkerPlan): Worker {
  const child = spawn(process.execPath, [script, dbPath, JSON.stringify(plan)], {
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  let onReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    onReady = resolve;
  });
  child.stdout.on("data", (d) => {
    stdout += d;
    if (stdout.startsWith("ready\n")) onReady();
  });
  child.stderr.on("data", (d) => {
    stderr += d;
  });
  const done = new Promise<StepResult[]>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => {
      const last = stdout.trim().split("\n").at(-1) ?? "";
      if (code !== 0 || !last.startsWith("[")) {
        reject(new Error(`worker exited ${code}: ${stderr || stdout}`));
        return;
      }
      resolve(JSON.parse(last) as StepResult[]);
    });
  });
  done.catch(() => {}); // awaited by race(); this only keeps an early failure from going unhandled
  // A worker that dies before "ready" must not leave the race waiting.
  return { child, ready: Promise.race([ready, done.then(() => {})]), done };
}

/**
 * Starts one process per plan on `dbPath`, waits until every one has opened
 * the service and warmed up, releases them together (and calls `released`,
 * for a racer of another kind, e.g. requests to `tourney serve`), and returns
 * each one's results in plan order.
 */
export async function race(
  dbPath: string,
  plans: readonly WorkerPlan[],
  released: () => void = () => {},
): Promise<StepResult[][]> {
  const script = await serviceWorkerScript();
  const workers = plans.map((plan) => startWorker(script, dbPath, plan));
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      Promise.all(workers.map((w) => w.ready)),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("workers did not start")), START_TIMEOUT_MS);
      }),
    ]);
    for (const w of workers) w.child.stdin.write("go\n");
    released();
    return await Promise.all(workers.map((w) => w.done));
  } finally {
    clearTimeout(timer);
    for (const w of workers) if (w.child.exitCode === null) w.child.kill("SIGKILL");
  }
}
