/**
 * `participants check-in|undo-check-in` on a service without the check-in verb: it is
 * tourney serve's, not in the published v2.1 description, so the hosted service answers
 * 404 (the Prism mock: "The route ... hasn't been found in the specification file"). For a
 * participant just read, that 404 is said as the service having no check-in (exit 3); a
 * participant that is not there is still its own 404. The embedded service on in-memory
 * SQLite, every check-in path answered 404 at the transport.
 */
import { afterEach, beforeEach, expect, it } from "vitest";
import { runParticipantsCheckIn } from "../../src/cli/commands/participants/check-in.js";
import { runParticipantsUndoCheckIn } from "../../src/cli/commands/participants/undo-check-in.js";
import { outcomeOf } from "../../src/cli/exit-codes.js";
import { NotFoundError } from "../../src/client/errors.js";
import type { Transport } from "../../src/client/transport.js";
import { createFactoryHarness, type FactoryHarness } from "../helpers/factory.js";

let h: FactoryHarness;
let ada: string;
beforeEach(async () => {
  h = createFactoryHarness();
  const client = await h.client();
  const startsAt = new Date(Date.now() + 5 * 60_000).toISOString();
  await client.tournaments.create({
    name: "Cup",
    url: "cup",
    tournament_type: "single elimination",
    starts_at: startsAt,
    registration_options: { check_in_duration: 30 },
  });
  const people = await client.participants.bulkAdd("cup", [{ name: "Ada" }, { name: "Grace" }]);
  ada = people[0]!.id;
});
afterEach(() => h.cleanup());

/** A Factory whose service answers every check-in path 404, sending it nowhere. */
function withoutCheckIn() {
  return h.make({
    transport: (shared): Transport => ({
      send: async (request) =>
        /\/(undo_)?check_in(\.json)?$/.test(request.path)
          ? {
              status: 404,
              headers: { "content-type": "application/json" },
              body: JSON.stringify({ errors: [{ status: 404, detail: "Not Found" }] }),
            }
          : shared.send(request),
      close: () => shared.close(),
    }),
  });
}

async function failure(run: Promise<unknown>) {
  const error = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  return { error, ...outcomeOf(error) };
}

it("check-in and undo-check-in: exit 3, the service has no check-in", async () => {
  const t = withoutCheckIn();
  for (const [run, verb] of [
    [runParticipantsCheckIn, "check_in"],
    [runParticipantsUndoCheckIn, "undo_check_in"],
  ] as const) {
    const r = await failure(run(t.factory, { tournament: "cup", participant: "Ada" }));
    expect(r.error).toBeInstanceOf(NotFoundError);
    expect(r.lines).toEqual([
      `error: the service has no check-in (POST /tournaments/cup/participants/${ada}/${verb} answered 404 for a participant it has): the check_in verb is tourney serve's, not in the published v2.1 description`,
    ]);
    expect(r.code).toBe(3);
  }
  expect(t.stdout()).toBe("");
});

it("a participant that is not there: its own 404", async () => {
  const t = withoutCheckIn();
  const r = await failure(
    runParticipantsCheckIn(t.factory, { tournament: "cup", participant: "9999" }),
  );
  expect(r.code).toBe(3);
  expect(r.lines.join("\n")).not.toContain("has no check-in");
});

it("a service with check-in: checked in as before", async () => {
  const t = h.make({ globals: { json: true } });
  await runParticipantsCheckIn(t.factory, { tournament: "cup", participant: "Ada" });
  expect(t.json().states).toEqual({ active: true, checked_in: true });
});
