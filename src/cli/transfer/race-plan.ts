/**
 * What a race import would send (`race publish --dry-run`), read from the target without
 * writing: the race to create, the participants to add, the start, and round by round
 * what race-importer.ts would do there: the resets of a round the target finalized with
 * other results (and of the rounds it began after it), the start, the times to enter, the
 * points and ranks to set after them, the finalize; or the refusal it would stop at.
 *
 * The import compares the file's points and ranks with the target's after the times went
 * in; the plan works those out with the service's own rule (race-changes.ts afterTimes,
 * model/race-rank.ts rankAroundGiven): a rank the target holds by hand (its `rankGiven`)
 * stays, the others fill the ranks left in time order; points stay as the target holds
 * them (none while a round is under way unless given). Each comparison is the import's own
 * (race-changes.ts changeOf). Before, a rank against its time's order was taken as set by
 * hand, so the racers filling around one were too, and their ranks were predicted frozen.
 */
import type { ApiClient } from "../../client/api-client.js";
import type { ApiRecord } from "../../client/envelope.js";
import { NotFoundError } from "../../client/errors.js";
import type { ExportedRound, RaceExport } from "../../model/race-export.js";
import { raceTargetStateOf, stateText } from "./published-state.js";
import { afterTimes, changeOf } from "./race-changes.js";
import { participantOf } from "./race-export-reader.js";
import { raceCaseRenames, raceRenamesThere, raceStartedWithout } from "./race-renames.js";
import { differenceLines, raceSettingDifferences } from "./settings-difference.js";

async function found(client: ApiClient, url: string): Promise<ApiRecord | undefined> {
  try {
    return await client.races.get(url);
  } catch (error) {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
}

/** A round as the target holds it: its state and each participant's record, by name. */
interface HeldRound {
  state: unknown;
  records: Map<string, ApiRecord>;
}

function record(name: string, attributes: Record<string, unknown>): ApiRecord {
  return { id: "0", type: "elapsed_time", attributes: { participant: name, ...attributes } };
}

/** A round just started: a record without time, points or rank for each participant. */
function fresh(names: readonly string[]): Map<string, ApiRecord> {
  const blank = { elapsedTime: null, points: null, rank: null, rankGiven: false };
  return new Map(names.map((name) => [name, record(name, blank)]));
}

/** The target's rounds, by number, as it holds them now. */
async function heldRounds(
  client: ApiClient,
  race: ApiRecord | undefined,
  doc: RaceExport,
  names: readonly string[],
  renamed: ReadonlyMap<string, string>,
  started: boolean,
): Promise<Map<number, HeldRound>> {
  const held = new Map<number, HeldRound>();
  if (race === undefined || !started) {
    // Created (or found pending) and started by the import: round 1 under way, the rest pending.
    for (const round of doc.rounds)
      held.set(round.number, {
        state: round.number === 1 ? "underway" : "pending",
        records: fresh(names),
      });
    return held;
  }
  const people = await client.participants.listAll({ race: race.id });
  const byId = new Map(people.map((p) => [p.id, renamed.get(p.id) ?? String(p.attributes.name)]));
  const rounds = await client.races.rounds(race.id).listAll();
  for (const [i, r] of rounds.entries()) {
    const n = Number(r.attributes.number ?? i + 1);
    const state = r.attributes.state;
    const wanted = doc.rounds.some((x) => x.number === n && x.state !== "pending");
    const records = new Map<string, ApiRecord>();
    if (state !== "pending" && wanted)
      for (const t of await client.races.elapsedTimes(race.id, n).listAll())
        records.set(String(participantOf(t, byId)), t);
    held.set(n, { state, records: state === "pending" ? fresh(names) : records });
  }
  return held;
}

/** The file's lines of `round` the target's records differ from, with how (changeOf). */
function changes(round: ExportedRound, records: Map<string, ApiRecord>) {
  return round.times.flatMap((t) => {
    const r = records.get(String(t.participant));
    const change = r === undefined ? undefined : changeOf(r, t);
    return change === undefined ? [] : [{ name: String(t.participant), ...change }];
  });
}

/** The steps of the rounds, in the import's order (race-importer.ts replayRounds). */
function roundSteps(doc: RaceExport, held: Map<number, HeldRound>, names: readonly string[]) {
  const lines: string[] = [];
  for (const round of [...doc.rounds].sort((a, b) => a.number - b.number)) {
    if (round.state === "pending" || round.state === undefined) break;
    let target = held.get(round.number) ?? { state: undefined, records: new Map() };
    if (target.state === "completed") {
      if (changes(round, target.records).length === 0) {
        lines.push(`round ${round.number}: the same there, nothing to send`);
        continue;
      }
      const begun = [...held].filter(([k, r]) => k >= round.number && r.state !== "pending");
      for (const [k] of begun.sort((a, b) => b[0] - a[0])) {
        lines.push(`round ${k}: reset (its results differ from the file's)`);
        held.set(k, { state: "pending", records: fresh(names) });
      }
      target = held.get(round.number)!;
    }
    const steps: string[] = [];
    if (target.state === "pending") {
      steps.push("start");
      target.state = "underway";
    }
    const timed = changes(round, target.records).filter((c) => c.timed).length;
    steps.push(`send ${timed} time${timed === 1 ? "" : "s"}`);
    afterTimes(round, target.records);
    const scored = changes(round, target.records).filter((c) => c.scored);
    if (scored.length > 0)
      steps.push(
        `set the points or ranks of ${scored.length}: ${scored.map((c) => c.name).join(", ")}`,
      );
    if (round.state === "completed" && target.state !== "completed") steps.push("finalize");
    lines.push(`round ${round.number}: ${steps.join(", ")}`);
  }
  return lines;
}

/** One line per step the import would take, or the refusal it would stop at; nothing sent. */
export async function planRaceImport(client: ApiClient, doc: RaceExport): Promise<string[]> {
  const url = String(doc.race.url);
  const race = await found(client, url);
  const done = "dry run: nothing was sent";
  if (race !== undefined) {
    const a = race.attributes;
    if (a.name !== doc.race.name || a.raceType !== doc.race.raceType)
      return [
        `stop: the target already has a race at url ${url} that is not this one (target: ${String(a.name)} (${String(a.raceType)}), file: ${doc.race.name} (${doc.race.raceType})); the publish would send nothing (exit 5)`,
        done,
      ];
    const differences = raceSettingDifferences(doc.race, race);
    if (differences.length > 0)
      return [
        `stop: the target's race ${url} has other settings than the file's (${differenceLines(differences).join("; ")}); the publish would send nothing (exit 5)`,
        done,
      ];
  }
  // A race the service gives no state (the published description's has none): worked out,
  // as the import works it out (race-importer.ts).
  const there = race === undefined ? undefined : await raceTargetStateOf(client, race);
  const lines = [
    there === undefined
      ? `create race ${url} (${doc.race.name}, ${doc.race.raceType})`
      : `race ${url} is there (${stateText(there)}): continue it`,
  ];
  const started = there !== undefined && there.state !== "pending";
  const field = await fieldSteps(client, doc, race, started);
  lines.push(...field.lines);
  if (field.stop) return [...lines, done];
  if (doc.race.state !== "pending" && !started) lines.push("start");
  if (doc.race.state !== "pending") {
    const held = await heldRounds(client, race, doc, field.names, field.renamed, started);
    lines.push(...roundSteps(doc, held, field.names));
  }
  lines.push(done);
  return lines;
}

/**
 * The racers the import would rename (race-renames.ts) and add, or the stop at a started
 * target without some of the file's; the names the target's field would then have.
 */
async function fieldSteps(
  client: ApiClient,
  doc: RaceExport,
  race: ApiRecord | undefined,
  started: boolean,
) {
  const url = String(doc.race.url);
  const records = race === undefined ? [] : await client.participants.listAll({ race: race.id });
  const have = new Set(records.map((p) => String(p.attributes.name)));
  let missing = doc.participants.filter((p) => !have.has(p.name));
  const renamed = new Map<string, string>();
  const lines: string[] = [];
  if (race !== undefined) {
    const { renames, stop } = started
      ? await raceRenamesThere(client, doc, records, race.id)
      : { renames: raceCaseRenames(doc, records), stop: undefined };
    if (stop !== undefined) {
      const why = stop.split("\n")[0]!.replace(/; nothing was sent$/, "");
      lines.push(`stop: ${why}; the publish would send nothing (exit 5)`);
      return { lines, stop: true, names: [], renamed };
    }
    if (renames.length > 0) {
      for (const r of renames) renamed.set(r.id, r.to);
      const list = renames.map((r) => `${r.from} to ${r.to}`).join(", ");
      lines.push(`rename ${renames.length} participant${renames.length === 1 ? "" : "s"}: ${list}`);
      const after = new Set(records.map((p) => renamed.get(p.id) ?? String(p.attributes.name)));
      missing = doc.participants.filter((p) => !after.has(p.name));
    }
  }
  if (missing.length > 0 && started) {
    const why = raceStartedWithout(doc, url, missing, records).replace(
      ": nothing more was sent",
      "",
    );
    lines.push(`stop: ${why}; the publish would send nothing more (exit 5)`);
    return { lines, stop: true, names: [], renamed };
  }
  if (missing.length > 0)
    lines.push(`add ${missing.length} participants: ${missing.map((p) => p.name).join(", ")}`);
  const names = [
    ...records.map((p) => renamed.get(p.id) ?? String(p.attributes.name)),
    ...missing.map((p) => p.name),
  ];
  return { lines, stop: false, names, renamed };
}
