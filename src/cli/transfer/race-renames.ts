/**
 * Racers renamed on the file's side after the target's race started (as participant-renames.ts
 * does for tournaments, 94e46a2): the target's participant at the same seed, under another
 * name, whose times the target holds are the file's participant's in the same rounds, is that
 * participant; names swapped or moved along a chain are renamed in an order the service takes
 * (rename-steps.ts, as 4d56d78 does for tournaments). The import renames them (a PUT of the name, as `race
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
import {
  type Holder,
  misplacedIn,
  namesAfterRenames,
  possibleRenames,
  type RenameOf,
  respellings,
  type StopWords,
  sendRenames,
  stepsOf,
  swapStopText,
  toldCycles,
} from "./rename-steps.js";

export type RaceRename = RenameOf<string>;

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

/** The target's racers as rename-steps.ts takes them. */
const holdersOf = (records: readonly ApiRecord[]): Holder<string>[] =>
  records.map((r) => ({ id: r.id, name: String(r.attributes.name), seed: r.attributes.seed }));

/** The file's time of `name` in round `n` (null: none, or no such line). */
const fileTime = (doc: RaceExport, n: number, name: string) =>
  doc.rounds.find((r) => r.number === n)?.times.find((t) => t.participant === name)?.elapsedTime ??
  null;

/**
 * The renames that give the target's started race the file's names (`confirmed` false:
 * names exchanged that no time confirms too, for the stop's commands): the target's racer at
 * each file racer's seed (one there), under another name, whose times are the file racer's,
 * is renamed to the file's name. Names may be swapped or moved along a chain (S1 to "Sam
 * One", S2 to S1: the file's S1 is the target's S2); a rename to a name another racer of the
 * target keeps is dropped. Before, only a name the file lacked was looked for, at a seed whose
 * name the file lacked: after two names were swapped the import went on by name, sending
 * each one's times to the other (exit 0, the target's seeds 1 and 2 with each other's
 * times), and after a chain it stopped ("started without Sam One").
 */
export function raceRenamesOf(
  doc: RaceExport,
  records: readonly ApiRecord[],
  times: ReadonlyMap<number, ApiRecord[]>,
  confirmed = true,
): RaceRename[] {
  let renames: RaceRename[] = [];
  for (const p of doc.participants) {
    if (p.seed === undefined) continue;
    const candidates = records.filter((r) => Number(r.attributes.seed) === p.seed);
    if (candidates.length !== 1) continue;
    const c = candidates[0]!;
    const from = String(c.attributes.name);
    if (from !== p.name && sameTimes(doc, times, c.id, p.name))
      renames.push({ id: c.id, from, to: p.name });
  }
  // A swap stays when a time there is the new name's in the file and not the old one's.
  const told = (r: RaceRename) =>
    [...times].some(([n, records]) => {
      const held = records.find((t) => racerOf(t) === r.id)?.attributes.elapsedTime ?? null;
      return held !== null && held !== fileTime(doc, n, r.from);
    });
  const holders = holdersOf(records);
  const fileNames = doc.participants.map((p) => p.name);
  if (confirmed) renames = toldCycles(fileNames, holders, renames, told);
  return possibleRenames(holders, renames);
}

const WORDS: StopWords = {
  noun: "race",
  by: "times",
  proof: "time",
  update: "tourney race participants update",
  remove: "tourney race delete",
};

/**
 * What the import of `doc` does with the names of the target's started race `race`: the
 * renames it sends, or the stop (its text) when the file's names are there at other seeds
 * with no time to tell a swap in the file's race from another seeding there (nothing sent;
 * the commands that would rename them, in an order the service takes). The target's times
 * are read only when a file racer is not at its seed there under its name.
 */
export async function raceRenamesThere(
  client: ApiClient,
  doc: RaceExport,
  records: readonly ApiRecord[],
  race: string,
): Promise<{ renames: RaceRename[]; stop: string | undefined }> {
  const holders = holdersOf(records);
  if (!misplacedIn(doc.participants, holders)) return { renames: [], stop: undefined };
  const times = await begunTimes(client, race);
  const found = raceRenamesOf(doc, records, times);
  const unconfirmed = raceRenamesOf(doc, records, times, false);
  const covers = (renames: readonly RaceRename[]) => {
    const after = new Set(namesAfterRenames(holders, renames));
    return doc.participants.every((p) => after.has(p.name));
  };
  const url = String(doc.race.url);
  const stopped = unconfirmed.length > found.length && covers(unconfirmed);
  return {
    renames: covers(found) ? found : [],
    stop: stopped ? swapStopText(WORDS, url, holders, unconfirmed) : undefined,
  };
}

/**
 * Before the start: the target's racers named in another letter case than the file's (Grace
 * there, GRACE in the file: one name to the service), renamed to the file's spelling
 * (rename-steps.ts respellings). Before, the import added GRACE and the service refused it,
 * "already taken" (exit 5).
 */
export function raceCaseRenames(doc: RaceExport, records: readonly ApiRecord[]): RaceRename[] {
  return respellings(
    doc.participants.map((p) => p.name),
    holdersOf(records),
  );
}

/** Sends `renames` to the target's race `race`, all or none, in an order the service takes. */
export async function sendRaceRenames(
  client: ApiClient,
  race: string,
  records: readonly ApiRecord[],
  renames: readonly RaceRename[],
): Promise<void> {
  const rename = (id: string, name: string) => client.participants.update({ race }, id, { name });
  await sendRenames(rename, stepsOf(holdersOf(records), renames));
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
