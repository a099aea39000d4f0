/** Races on the in-process service: request bodies and a race made ready (test/service/races*). */
import { expect } from "vitest";
import { participantsBody, type ServiceHarness, startService } from "./service.js";

export function raceBody(attributes: Record<string, unknown>) {
  return { data: { type: "Race", attributes } };
}

export function raceState(state: string) {
  return { data: { type: "RaceState", attributes: { state } } };
}

export function roundState(state: string) {
  return { data: { type: "RoundState", attributes: { state } } };
}

export function timeBody(attributes: Record<string, unknown>) {
  return { data: { type: "ElaspedTime", attributes } };
}

export function bulkTimes(entries: readonly Record<string, unknown>[]) {
  return { data: { type: "BulkElapsedTime", attributes: { elapsed_times: entries } } };
}

/** A service with race 1 ("Spring GP", a grand prix unless `attributes` say otherwise) and its racers. */
export async function withRace(
  attributes: Record<string, unknown> = {},
  racers: readonly string[] = [],
): Promise<ServiceHarness> {
  const s = await startService();
  const r = await s.request(
    "POST",
    "/v2.1/races",
    raceBody({ name: "Spring GP", raceType: "grand prix", ...attributes }),
  );
  expect(r.status).toBe(201);
  if (racers.length > 0) {
    const added = await s.request(
      "POST",
      "/v2.1/races/1/participants/bulk_add",
      participantsBody(racers),
    );
    expect(added.status).toBe(200);
  }
  return s;
}

/** The elapsed-time id of each racer (by name) in a round of race 1. */
export async function timeIds(s: ServiceHarness, round: number): Promise<Map<string, string>> {
  const field = await s.request("GET", "/v2.1/races/1/participants?per_page=1000");
  const names = new Map<string, string>(
    field.json.data.map((p: { id: string; attributes: { name: string } }) => [
      p.id,
      p.attributes.name,
    ]),
  );
  const times = await s.request("GET", `/v2.1/races/1/rounds/${round}/elapsed_times?per_page=1000`);
  return new Map(
    times.json.data.map(
      (t: { id: string; relationships: { participant: { data: { id: string } } } }) => [
        names.get(t.relationships.participant.data.id)!,
        t.id,
      ],
    ),
  );
}

/** GET `path` before and after `run`: the same document (nothing partly written). */
export async function expectUnchanged(
  s: ServiceHarness,
  path: string,
  run: () => Promise<unknown>,
): Promise<void> {
  const before = await s.request("GET", path);
  await run();
  const after = await s.request("GET", path);
  expect(after.json).toEqual(before.json);
}
