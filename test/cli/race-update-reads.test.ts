/**
 * `race update RACE RACER` and `race times update` read the racer's time alone (the
 * elapsed-times list's `participant_id`, serve's extension), not the whole round: before,
 * each call listed every time of the round to find one (bench/race-update.mjs). A service that answers the round regardless, or lists no
 * race participants (the hosted one: 404), still gets the right racer's time changed.
 */
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { createInProcessTransport } from "../../src/client/in-process-transport.js";
import type { Transport } from "../../src/client/transport.js";
import { createSandbox, type RunOptions, type Sandbox } from "../helpers/cli.js";
import { ok } from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

/** A backend on a file of the sandbox that logs each request's method and path. */
function logged(log: string[], rewrite: (path: string) => string | undefined = (p) => p) {
  return {
    makeTransport: async (): Promise<Transport> => {
      const inner = createInProcessTransport({ dbPath: join(sb.dir, "race.db") });
      const send: Transport["send"] = async (request) => {
        log.push(`${request.method} ${request.path}`);
        const path = rewrite(request.path);
        if (path === undefined)
          return {
            status: 404,
            headers: {},
            body: JSON.stringify({ errors: [{ status: 404, detail: "not published" }] }),
          };
        return inner.send({ ...request, path });
      };
      return { send, close: () => inner.close(), transaction: inner.transaction!.bind(inner) };
    },
  } satisfies RunOptions;
}

async function fiftyRacers(options: RunOptions): Promise<string> {
  const racers = Array.from({ length: 50 }, (_, i) => `Racer ${i + 1}`);
  const made = ok(await sb.run(["race", "create", "--name", "Big", "--json"], options)).json();
  const race = String(made.id);
  ok(await sb.run(["race", "participants", "bulk-add", race, ...racers], options));
  ok(await sb.run(["race", "start", race], options));
  return race;
}

const timeList = /\/elapsed_times(\.json)?(\?|$)/;

it("reads the racer's time alone, by participant_id, not the round's list", async () => {
  const log: string[] = [];
  const options = logged(log);
  const race = await fiftyRacers(options);
  log.length = 0;
  const r = await sb.run(
    ["race", "update", race, "Racer 37", "--time", "1:02.345", "--json"],
    options,
  );
  expect(r.code, r.stderr).toBe(0);
  expect(r.json()).toMatchObject({ name: "Racer 37", elapsedTime: 62_345, rank: 1 });
  const reads = log.filter((line) => timeList.test(line));
  expect(reads).toHaveLength(1);
  expect(reads[0]).toMatch(/participant_id=37\b/);
  const viaTimes = ["race", "times", "update", race, "#12", "--time", "1:00", "--json"];
  expect(ok(await sb.run(viaTimes, options)).json()).toMatchObject({ name: "Racer 12", rank: 1 });
});

it("a service that ignores participant_id, or lists no race participants: the right racer still", async () => {
  const log: string[] = [];
  const race = await fiftyRacers(logged(log));
  const ignoring = logged(log, (path) => path.replace(/participant_id=\d+&?/, ""));
  const r = await sb.run(
    ["race", "update", race, "Racer 37", "--time", "1:02.345", "--json"],
    ignoring,
  );
  expect(r.code, r.stderr).toBe(0);
  expect(r.json()).toMatchObject({ name: "Racer 37", elapsedTime: 62_345 });
  const unlisted = logged(log, (path) =>
    /\/races\/\d+\/participants/.test(path) ? undefined : path,
  );
  const u = await sb.run(["race", "update", race, "38", "--time", "1:01", "--json"], unlisted);
  expect(u.code, u.stderr).toBe(0);
  expect(u.json()).toMatchObject({ participantId: 38, elapsedTime: 61_000, rank: 1 });
  const all = ok(await sb.run(["race", "times", "list", race, "--json"], logged(log))).json();
  expect(all.filter((t: { elapsedTime: number | null }) => t.elapsedTime !== null)).toHaveLength(2);
});
