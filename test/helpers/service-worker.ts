/**
 * The body of a child process that holds the embedded service open on one
 * database file (bundled and started by service-process.ts). Arguments: the
 * database path and a JSON plan `{warm, steps}`. It opens the service, runs
 * the `warm` GETs (so the race itself does not pay for loading code), writes
 * "ready", waits for a line on stdin, then answers `steps` in order and
 * writes one JSON line `[{status, body}, ...]`.
 */
import { createInterface } from "node:readline";
import type { HttpMethod } from "../../src/model/http.js";
import { openService } from "../../src/service/index.js";

export interface WorkerStep {
  readonly method: HttpMethod;
  readonly path: string;
  readonly body?: unknown;
}

export interface WorkerPlan {
  readonly warm: readonly string[];
  readonly steps: readonly WorkerStep[];
}

export interface StepResult {
  readonly status: number;
  readonly body: string;
}

function request(step: WorkerStep) {
  return {
    method: step.method,
    path: step.path,
    headers: { "content-type": "application/vnd.api+json" },
    ...(step.body === undefined ? {} : { body: JSON.stringify(step.body) }),
  };
}

async function main(): Promise<void> {
  const [dbPath, planJson] = process.argv.slice(2);
  const plan = JSON.parse(planJson!) as WorkerPlan;
  const service = await openService({ dbPath: dbPath! });
  for (const path of plan.warm) service.handleSync(request({ method: "GET", path }));
  const lines = createInterface({ input: process.stdin });
  const go = new Promise<void>((resolve) => lines.once("line", () => resolve()));
  process.stdout.write("ready\n");
  await go;
  lines.close();
  const results: StepResult[] = plan.steps.map((step) => {
    const response = service.handleSync(request(step));
    return { status: response.status, body: response.body };
  });
  service.close();
  process.stdout.write(`${JSON.stringify(results)}\n`);
}

await main();
