/**
 * `race update` racing `race end-round`: the update reads round 1 as the current round, the
 * round ends (and round 2 starts) before its time is sent. The time is bound to the round
 * read (its number in the path): round 2 is left as it was, and the refusal (exit 5) says
 * round 1 ended and how to time round 2, not "round 2 is pending: start it".
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

/** A backend on a file of the sandbox that ends the race's round just before the second time is sent. */
function endingRoundFirst(ended: number[]): RunOptions {
  let sent = 0;
  return {
    makeTransport: async (): Promise<Transport> => {
      const inner = createInProcessTransport({ dbPath: join(sb.dir, "race.db") });
      const send: Transport["send"] = async (request) => {
        const time = /\/rounds\/\d+\/elapsed_times\/\d+/;
        if (request.method === "PUT" && time.test(request.path) && ++sent === 2) {
          const end = await inner.send({
            ...request,
            path: request.path.replace(time, "/change_state"),
            body: JSON.stringify({
              data: { type: "RaceState", attributes: { state: "end_round" } },
            }),
          });
          ended.push(end.status);
        }
        return inner.send(request);
      };
      return { send, close: () => inner.close() };
    },
  };
}

it("a time sent after its round ended is refused naming the round under way, not put in it", async () => {
  const ended: number[] = [];
  const options = endingRoundFirst(ended);
  const run = async (...args: string[]) => ok(await sb.run(args, options));
  const create = ["race", "create", "--type", "grand prix", "--rounds", "2", "--name", "GP"];
  const race = String((await run(...create, "--json")).json().id);
  await run("race", "participants", "bulk-add", race, "Ada", "Bob");
  await run("race", "start", race);
  await run("race", "times", "update", race, "Bob", "--round", "1", "--time", "50s");

  const update = await sb.run(["race", "update", race, "Ada", "--time", "0:51.000"], options);
  expect(ended).toEqual([200]);
  expect(update.code).toBe(5);
  expect(update.stderr).toBe(
    `error: round 1 of race ${race} ended while this update was sent; round 2 is under way: add \`--round 2\` (\`tourney race times update\` or \`bulk-update\`) to time it there\n`,
  );
  const second = (await run("race", "times", "list", race, "--round", "2", "--json")).json();
  expect(second.map((t: { elapsedTime: number | null }) => t.elapsedTime)).toEqual([null, null]);

  const again = await run("race", "times", "update", race, "Ada", "--round", "2", "--time", "51s");
  expect(again.stderr).toBe("");
  const timed = (await run("race", "times", "list", race, "--round", "2", "--json")).json();
  expect(timed.find((t: { name: string }) => t.name === "Ada").elapsedTime).toBe(51_000);
});
