/**
 * A service whose race records have no `state` (the published description's Race,
 * RacingOutput, has none), played by a loopback gateway's `reshape` (gateway.ts) in front of
 * a real `tourney serve`; and a run of the binary that must succeed. Shared by the e2e tests
 * of race publish, import and export against such a service.
 */
import { expect } from "vitest";
import { runBinary } from "./binary.js";

/** A race record, or a page of them: GET /v2.1/races(/R)(.json). */
const RACES = /^\/v2\.1\/races(\/[^/?]+)?(\?.*)?$/;

/** `body` with the `state` of each race record it holds taken out. */
export function withoutState(method: string, path: string, body: string): string {
  if (method !== "GET" || !RACES.test(path)) return body;
  const doc = JSON.parse(body) as { data?: unknown };
  const records = Array.isArray(doc.data) ? doc.data : [doc.data];
  for (const r of records as { attributes?: Record<string, unknown> }[])
    if (r?.attributes !== undefined) delete r.attributes.state;
  return JSON.stringify(doc);
}

/** Runs the binary; fails the test, naming the command and its stderr, unless it exits 0. */
export async function ok(args: string[], env: Record<string, string>, stdin = "") {
  const r = await runBinary(args, env, stdin);
  expect(r.code, `${args.join(" ")}: ${r.stderr}`).toBe(0);
  return r;
}
