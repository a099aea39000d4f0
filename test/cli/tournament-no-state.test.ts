/**
 * `tournament start|finalize|...` and `tournament delete` on a service whose tournament
 * records have no `state` (the published description's Tournament has none; the hosted
 * service, the Prism mock). Before, the note read "Tournament go is undefined" and the
 * delete question "..., which is undefined, and everything in it?". The embedded service
 * on in-memory SQLite, the state taken out of its tournament records at the transport.
 */
import { afterEach, beforeEach, expect, it } from "vitest";
import { runTournamentDelete } from "../../src/cli/commands/tournament/delete.js";
import { runTournamentStateChange } from "../../src/cli/commands/tournament/state-change.js";
import type { Transport } from "../../src/client/transport.js";
import { answering, createFactoryHarness, type FactoryHarness } from "../helpers/factory.js";

let h: FactoryHarness;
beforeEach(async () => {
  h = createFactoryHarness();
  const client = await h.client();
  await client.tournaments.create({ name: "Go", url: "go", tournament_type: "swiss" });
  await client.participants.bulkAdd(
    "go",
    ["A", "B", "C", "D"].map((name) => ({ name })),
  );
});
afterEach(() => h.cleanup());

type Body = { data?: { type?: string; attributes?: Record<string, unknown> } };

/** A terminal Factory whose service's tournament records carry no state. */
function stateless(prompter = answering(true, "Go")) {
  const t = h.make({
    tty: true,
    prompter,
    transport: (shared): Transport => ({
      send: async (request) => {
        const answer = await shared.send(request);
        if (answer.body === "" && answer.json === undefined) return answer;
        const json = structuredClone(answer.json ?? JSON.parse(answer.body)) as Body;
        if (json.data?.type === "tournament") delete json.data.attributes?.state;
        return { ...answer, body: JSON.stringify(json), json };
      },
      close: () => shared.close(),
    }),
  });
  return { ...t, prompter };
}

it("tournament start: the note says the change was accepted, not 'is undefined'", async () => {
  const t = stateless();
  await runTournamentStateChange(t.factory, { tournament: "go", change: "start" });
  expect(t.stderr()).toBe("Tournament go: start accepted (the service's answer gives no state)\n");
  expect((await (await h.client()).tournaments.get("go")).attributes.state).toBe("underway");
});

it("tournament delete: the question names no state, and asks for the name", async () => {
  await (await h.client()).tournaments.changeState("go", "start");
  const t = stateless();
  await runTournamentDelete(t.factory, { tournament: "go" });
  expect(t.prompter.asked).toEqual([
    'Delete tournament go "Go" and everything in it?\nType "Go" to confirm:',
  ]);
  expect(t.stderr()).toBe("Deleted tournament go\n");
});
