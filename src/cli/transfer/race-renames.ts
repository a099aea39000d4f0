/**
 * Racers renamed on the file's side after the target's race started (as participant-renames.ts
 * does for tournaments, 94e46a2): the target's participant at the same seed, under a name the
 * file does not have, whose times the target holds are the file's participant's in the same
 * rounds, is that participant. The import renames them (a PUT of the name, as `race
 * participants update --name` sends on every backend) rather than stopping, and its dry run
 * says so. Before, a racer renamed mid-race made every later import and publish stop: "the
 * target's race spring_gp has started without Deb: nothing more was sent" (exit 5), though
 * Deb was there as Dee.
 *
 * A started race's field and seeds stay, and its times tell who is who: a target racer with
 * a time other than the file's racer's in a round is no rename, and the stop stays, naming
 * the target's racers the file lacks and the command that renames one.
 */
import type { ApiClient } from "../../client/api-client.js";
import type { ApiRecord } from "../../client/envelope.js";
import type { RaceExport } from "../../model/race-export.js";
import { participantOf } from "./race-export-reader.js";

export interface RaceRename {
  readonly id: string;
  readonly from: string;
  readonly to: string;
}

/** The target's times of its begun rounds, by round number. */
export async function begunTimes(
  client: ApiClient,
  race: string,
): Promise<Map<number, ApiRecord[]>> {
  const out = new Map<number, ApiRecord[]>();
  const rounds = await client.races.rounds(race).listAll();
  for (const [i, r] of rounds.entries()) {
    if (r.attributes.state === "pending") continue;
    const n = Number(r.attributes.number ?? i + 1);
    out.set(n, await client.races.elapsedTimes(race, n).listAll());
  }
  return out;
}

const NO_NAMES: ReadonlyMap<string, string> = new Map();
const racerOf = (t: ApiRecord) => participantOf(t, NO_NAMES);

/** Whether every time the target holds for participant `id` is `name`'s in the file. */
function sameTimes(
  doc: RaceExport,
  times: ReadonlyMap<number, ApiRecord[]>,
  id: string,
  name: string,
) {
  for (const [n, records] of times) {
    const held = records.find((t) => racerOf(t) === id)?.attributes.elapsedTime ?? null;
    if (held === null) continue;
    const line = doc.rounds.find((r) => r.number === n)?.times.find((t) => t.participant === name);
    if ((line?.elapsedTime ?? null) !== held) return false;
  }
  return true;
}

/**
 * The renames that give the target's started race the file's missing racers: one per missing
 * name with one candidate at its seed whose times are its own.
 */
export function raceRenamesOf(
  doc: RaceExport,
  records: readonly ApiRecord[],
  times: ReadonlyMap<number, ApiRecord[]>,
): RaceRename[] {
  const fileNames = new Set(doc.participants.map((p) => p.name));
  const have = new Set(records.map((p) => String(p.attributes.name)));
  const renames: RaceRename[] = [];
  for (const p of doc.participants) {
    if (have.has(p.name) || p.seed === undefined) continue;
    const candidates = records.filter(
      (r) => Number(r.attributes.seed) === p.seed && !fileNames.has(String(r.attributes.name)),
    );
    if (candidates.length !== 1) continue;
    const c = candidates[0]!;
    if (sameTimes(doc, times, c.id, p.name))
      renames.push({ id: c.id, from: String(c.attributes.name), to: p.name });
  }
  return renames;
}

/**
 * The refusal of a started target without some of the file's racers: those the target has
 * and the file does not, if any, may be the same people under another name.
 */
export function raceStartedWithout(
  doc: RaceExport,
  url: string,
  missing: readonly { readonly name: string }[],
  records: readonly ApiRecord[],
): string {
  const fileNames = new Set(doc.participants.map((p) => p.name));
  const others = records.map((r) => String(r.attributes.name)).filter((n) => !fileNames.has(n));
  const renamed =
    others.length === 0
      ? ""
      : `; the target has ${others.join(", ")}, whom the file does not: if one of them was renamed, and their seed and times did not tell who, give them the file's name there (tourney race participants update ${url} NAME --name NEW) and import again`;
  return `the target's race ${url} has started without ${missing.map((p) => p.name).join(", ")}: nothing more was sent${renamed}`;
}
