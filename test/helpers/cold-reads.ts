/**
 * What serve's tests of reads while its main thread does not hold a large tournament's rows
 * share (service/cold-reads, cold-list-warm; service/cold-lists.ts): serve over a database
 * file that another connection writes, its loads of match rows logged through the cache's
 * `loaded` hook, and a read made while two probes ask for something small one after another.
 * The order of the loads and the probes' replies is asserted: no timings.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect } from "vitest";
import { listen } from "../../src/service/http-server.js";
import { openService, type Service, type ServiceOptions } from "../../src/service/index.js";
import type { RunningServer } from "../../src/service/types.js";
import type { ServiceHarness } from "./service.js";

export interface LoggedServe {
  readonly service: Service;
  readonly server: RunningServer;
  /** What happened, in order: "load N" (N match rows into serve's cache), "probe", "read". */
  readonly log: string[];
}

/**
 * Call at a test file's top: a scratch folder (`tourney-PREFIX-...`) for its database, and
 * closers (pushed as things are opened) run last first after all its tests, before the
 * folder is removed.
 */
export function useScratch(prefix: string): {
  dir: string;
  closing: (() => Promise<void> | void)[];
} {
  const dir = mkdtempSync(join(tmpdir(), `tourney-${prefix}-`));
  const closing: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const close of closing.reverse()) await close();
    rmSync(dir, { recursive: true, force: true });
  });
  return { dir, closing };
}

/** Serve's service on `file` (`options` added), listening on loopback; closers pushed on `closing`. */
export async function loggedServe(
  file: string,
  closing: (() => Promise<void> | void)[],
  options: Partial<ServiceOptions> = {},
): Promise<LoggedServe> {
  const log: string[] = [];
  const service = await openService({
    dbPath: file,
    ...options,
    cache: { loaded: (_id, rows) => log.push(`load ${rows}`) },
  });
  closing.push(() => service.close());
  const server = await listen(service, { host: "127.0.0.1", port: 0 });
  closing.push(() => server.close());
  return { service, server, log };
}

/** `read()` made while two probes run `probe` one after another, each reply logged. */
export async function readWithProbes<T>(
  log: string[],
  probe: () => Promise<void>,
  read: () => Promise<T>,
): Promise<T> {
  let done = false;
  const probing = async () => {
    while (!done) {
      await probe();
      log.push("probe");
    }
  };
  const probes = [probing(), probing()];
  // Each probe answered once, then the read.
  while (log.filter((e) => e === "probe").length < 2) await new Promise((r) => setTimeout(r, 1));
  log.length = 0;
  const result = await read();
  log.push("read");
  done = true;
  await Promise.all(probes);
  return result;
}

/** The loads before the read's reply, and whether a probe was answered between two of them. */
export function loadsOf(log: readonly string[]) {
  const until = log.indexOf("read");
  const loads = log
    .slice(0, until)
    .filter((e) => e.startsWith("load "))
    .map((e) => Number(e.slice(5)));
  const first = log.findIndex((e) => e.startsWith("load "));
  const last = until - [...log.slice(0, until)].reverse().findIndex((e) => e.startsWith("load "));
  return { loads, between: log.slice(first, last).includes("probe") };
}

/** The read loaded all `total` rows, in chunks (none half of them), a probe answered between. */
export function expectChunks(log: readonly string[], total: number): void {
  const { loads, between } = loadsOf(log);
  expect(loads.reduce((a, b) => a + b, 0)).toBe(total);
  expect(Math.max(...loads)).toBeLessThan(total / 2);
  expect(between).toBe(true);
}

/** `writer` (another connection) reports tournament `t`'s first open match: its id. */
export async function reportFirstOpen(writer: ServiceHarness, t: string): Promise<string> {
  const open = (await writer.request("GET", `/v2.1/tournaments/${t}/matches?state=open`)).json
    .data[0] as { id: string; attributes: { player1_id: number; player2_id: number } };
  const entry = (participant_id: number, advancing: boolean) => ({
    participant_id,
    score_set: advancing ? "1" : "0",
    advancing,
  });
  const { player1_id: one, player2_id: two } = open.attributes;
  const report = await writer.request("PUT", `/v2.1/tournaments/${t}/matches/${open.id}`, {
    data: { type: "Match", attributes: { match: [entry(one, true), entry(two, false)] } },
  });
  expect(report.status, report.body).toBe(200);
  return open.id;
}
