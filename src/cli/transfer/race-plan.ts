/**
 * What a race import would send (`race publish --dry-run`), read from the
 * target without writing: the race to create, the participants to add, the
 * start, and round by round the start, the times to enter and the finalize.
 */
import type { ApiClient } from "../../client/api-client.js";
import type { ApiRecord } from "../../client/envelope.js";
import { NotFoundError } from "../../client/errors.js";
import type { RaceExport } from "../../model/race-export.js";
import { participantOf } from "./race-export-reader.js";

async function found(client: ApiClient, url: string): Promise<ApiRecord | undefined> {
  try {
    return await client.races.get(url);
  } catch (error) {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
}

/** How many of the round's times the target lacks or holds otherwise. */
async function timesToSend(
  client: ApiClient,
  race: ApiRecord | undefined,
  doc: RaceExport,
  n: number,
) {
  const wanted = doc.rounds.find((r) => r.number === n)?.times ?? [];
  const timed = wanted.filter((t) => (t.elapsedTime ?? null) !== null);
  if (race === undefined || race.attributes.state === "pending") return timed.length;
  const people = await client.participants.listAll({ race: race.id });
  const names = new Map(people.map((p) => [p.id, String(p.attributes.name)]));
  const there = new Map(
    (await client.races.elapsedTimes(race.id, n).listAll()).map((t) => [
      participantOf(t, names),
      t.attributes.elapsedTime ?? null,
    ]),
  );
  return wanted.filter((t) => (t.elapsedTime ?? null) !== (there.get(t.participant) ?? null))
    .length;
}

/** One line per step the import would take, nothing sent. */
export async function planRaceImport(client: ApiClient, doc: RaceExport): Promise<string[]> {
  const url = String(doc.race.url);
  const race = await found(client, url);
  const lines = [
    race === undefined
      ? `create race ${url} (${doc.race.name}, ${doc.race.raceType})`
      : `race ${url} is there (${String(race.attributes.state)}): continue it`,
  ];
  const have = new Set<string>();
  if (race !== undefined)
    for (const p of await client.participants.listAll({ race: race.id }))
      have.add(String(p.attributes.name));
  const missing = doc.participants.filter((p) => !have.has(p.name));
  if (missing.length > 0)
    lines.push(`add ${missing.length} participants: ${missing.map((p) => p.name).join(", ")}`);
  if (doc.race.state !== "pending" && (race?.attributes.state ?? "pending") === "pending")
    lines.push("start");
  const rounds = race === undefined ? [] : await client.races.rounds(race.id).listAll();
  const stateOf = (n: number) =>
    rounds.find((r, i) => Number(r.attributes.number ?? i + 1) === n)?.attributes.state;
  for (const round of doc.rounds) {
    if (round.state === "pending" || doc.race.state === "pending") break;
    const steps = [];
    if (round.number > 1 && (stateOf(round.number) ?? "pending") === "pending") steps.push("start");
    steps.push(`send ${await timesToSend(client, race, doc, round.number)} times`);
    if (round.state === "completed" && stateOf(round.number) !== "completed")
      steps.push("finalize");
    lines.push(`round ${round.number}: ${steps.join(", ")}`);
  }
  lines.push("dry run: nothing was sent");
  return lines;
}
