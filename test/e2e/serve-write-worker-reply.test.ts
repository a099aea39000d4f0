/**
 * The replies of writes serve runs in its write worker (issue 27) are the replies the
 * event loop gives: the same requests sent to two fresh servers, one with the worker
 * (the default) and one without (TOURNEY_SERVE_WRITE_WORKER=0), answer the same status,
 * headers and body, once times and the port are set aside. The built binary on loopback.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BUILT, type Served, startServe } from "../helpers/binary.js";

interface Step {
  readonly method: string;
  readonly path: string;
  readonly body?: object;
}

const names = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => ({ name: `Player number ${from + i}` }));
const state = (value: string) => ({
  data: { type: "TournamentState", attributes: { state: value } },
});

/** Writes that go to the worker (and a refused one), with a read after each. */
const STEPS: readonly Step[] = [
  {
    method: "POST",
    path: "/tournaments.json",
    body: {
      data: {
        type: "tournament",
        attributes: { name: "Same", url: "same_cup", tournament_type: "single elimination" },
      },
    },
  },
  {
    method: "POST",
    path: "/tournaments/same_cup/participants/bulk_add.json",
    body: { data: { type: "Participants", attributes: { participants: names(1, 300) } } },
  },
  { method: "PUT", path: "/tournaments/same_cup/change_state.json", body: state("start") },
  { method: "PUT", path: "/tournaments/same_cup/change_state.json", body: state("start") },
  { method: "GET", path: "/tournaments/same_cup/matches.json?page=3" },
  { method: "PUT", path: "/tournaments/same_cup/change_state.json", body: state("reset") },
  { method: "DELETE", path: "/tournaments/same_cup.json" },
  { method: "GET", path: "/tournaments/same_cup.json" },
];

/** The exchange's text with what differs between two servers set aside. */
function comparable(text: string, port: number): string {
  return text
    .replaceAll(`127.0.0.1:${port}`, "HOST")
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:\d\d)/g, "TIME");
}

describe.runIf(BUILT)("replies of serve's write worker", () => {
  const dir = mkdtempSync(join(tmpdir(), "tourney-worker-reply-"));
  const servers: Served[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    rmSync(dir, { recursive: true, force: true });
  });

  async function run(name: string, env: Record<string, string>): Promise<string[]> {
    const served = await startServe(["--db", join(dir, `${name}.db`)], {
      PATH: process.env.PATH ?? "",
      TOURNEY_CONFIG_DIR: join(dir, name, "config"),
      TOURNEY_DATA_DIR: join(dir, name, "data"),
      ...env,
    });
    servers.push(served);
    const exchanges: string[] = [];
    for (const step of STEPS) {
      const response = await fetch(`http://127.0.0.1:${served.port}/v2.1${step.path}`, {
        method: step.method,
        headers: { authorization: served.apiKey, "content-type": "application/vnd.api+json" },
        ...(step.body === undefined ? {} : { body: JSON.stringify(step.body) }),
      });
      const headers = [...response.headers]
        // A GET's entity tag names the server's instance (entity-tag.ts): never the same.
        .filter(([key]) => !["date", "keep-alive", "connection", "etag"].includes(key))
        .map(([key, value]) => `${key}: ${value}`);
      const text = `${step.method} ${step.path} -> ${response.status}\n${headers.join("\n")}\n${await response.text()}`;
      exchanges.push(comparable(text, served.port));
    }
    return exchanges;
  }

  it("answers the same as the event loop does", async () => {
    const onLoop = await run("loop", { TOURNEY_SERVE_WRITE_WORKER: "0" });
    const inWorker = await run("worker", {});
    // The steps did what they say: a start, a refused second start, a reset, a deletion.
    const statuses = onLoop.map((e) => /-> (\d+)\n/.exec(e)?.[1]?.replace(/^2\d\d$/, "2xx"));
    expect(statuses).toEqual(["2xx", "2xx", "2xx", "422", "2xx", "2xx", "2xx", "404"]);
    expect(inWorker).toEqual(onLoop);
  });
});
