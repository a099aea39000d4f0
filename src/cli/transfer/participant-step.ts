/**
 * The import's participants (importer.ts): the target's roster read, what it needs decided
 * and checked first (the renames, the participants to add, the refusals of another bracket),
 * then sent, so a refusal leaves the target as it was; the walk-ins added after the check-in.
 */
import type { ApiClient } from "../../client/api-client.js";
import type { ApiRecord } from "../../client/envelope.js";
import type { TournamentExport } from "../../model/tournament-export.js";
import { StateRefusedError } from "../errors.js";
import { replayMisc } from "./participant-details.js";
import {
  caseRenames,
  misplaced,
  namesAfter,
  type Rename,
  renamedRecords,
  renameSteps,
  renamesOf,
  sendRenames,
  swapStop,
} from "./participant-renames.js";
import {
  BEFORE_START,
  notInFile,
  type Roster,
  refuseOtherRoster,
  startedWithRefusal,
  startsTarget,
  targetParticipants,
} from "./participant-replay.js";
import type { Progress } from "./progress.js";
import { refuseConflicts } from "./result-conflicts.js";
import { BEFORE_PROCESSING, walkIns } from "./walk-ins.js";

/** What the step counts in the import's summary (importer.ts ImportSummary). */
export interface ParticipantSummary {
  added: number;
  renamed: number;
  misc: number;
}

/**
 * The refusal of a started target without some of the file's participants: those the file
 * does not have there, if any, may be the same people under another name.
 */
function startedWithout(
  doc: TournamentExport,
  missing: readonly { name: string }[],
  records: readonly ApiRecord[],
): string {
  const url = doc.tournament.url;
  const fileNames = new Set(doc.participants.map((p) => p.name));
  const others = records.map((r) => String(r.attributes.name)).filter((n) => !fileNames.has(n));
  const renamed =
    others.length === 0
      ? ""
      : `; the target has ${others.join(", ")}, whom the file does not: if one of them was renamed, and their seed and matches did not tell who, give them the file's name there (tourney participants update ${url} NAME --name NEW; a name another participant there still has is theirs to give up first, under a spare name) and import again`;
  return `the target's tournament ${url} has started without ${missing.map((p) => p.name).join(", ")}: nothing more was sent${renamed}`;
}

/**
 * The renames the target needs: before the start, names there in another letter case than
 * the file's (caseRenames); once started, those its seeds and matches tell
 * (participant-renames.ts), or the stop when names were exchanged that no result confirms.
 */
async function renamesFor(
  client: ApiClient,
  doc: TournamentExport,
  state: string,
  records: readonly ApiRecord[],
): Promise<Rename[]> {
  if (BEFORE_START.has(state)) return caseRenames(doc, records);
  if (!misplaced(doc, records)) return [];
  const url = doc.tournament.url;
  const matches = await client.matches.listAll(url);
  const covers = (renames: readonly Rename[]) => {
    const after = new Set(namesAfter(records, renames));
    return doc.participants.every((p) => after.has(p.name));
  };
  const renames = renamesOf(doc, records, matches);
  // Names exchanged that no result confirms: stopped with the commands, nothing sent.
  const unconfirmed = renamesOf(doc, records, matches, false);
  if (unconfirmed.length > renames.length && covers(unconfirmed))
    throw new StateRefusedError(swapStop(url, records, unconfirmed)!);
  return renames.length > 0 && covers(renames) ? renames : [];
}

/**
 * The target's participants made the file's: every check first, on the roster as the renames
 * would leave it (a started target without some of the file's participants, or with others,
 * or holding a result that is not the file's; one the import starts whose bracket would
 * differ), then the renames, the misc and the missing participants sent. Returns the roster.
 */
export async function ensureParticipants(
  client: ApiClient,
  doc: TournamentExport,
  state: string,
  summary: ParticipantSummary,
): Promise<Roster> {
  const url = doc.tournament.url;
  const read = await client.participants.listAll(url);
  const renames = await renamesFor(client, doc, state, read);
  let records = renamedRecords(read, renames);
  const have = new Set(records.map((p) => String(p.attributes.name)));
  const missing = doc.participants.filter((p) => !have.has(p.name));
  if (!BEFORE_START.has(state)) {
    if (missing.length > 0) throw new StateRefusedError(startedWithout(doc, missing, records));
    // A started target with participants the file does not have is another tournament.
    const extra = notInFile(doc, [...have]);
    if (extra.length > 0) throw startedWithRefusal(url, extra);
    // Every result there checked before any is sent (result-conflicts.ts).
    await refuseConflicts(client, doc, rosterOf(records));
  } else if (startsTarget(doc)) {
    // Started by this import, the target's bracket comes from its participants and seeds:
    // another roster there is refused before anything is renamed, added or started.
    refuseOtherRoster(doc, targetParticipants(records));
  }
  if (renames.length > 0) {
    const rename = (id: number, name: string) => client.participants.update(url, id, { name });
    await sendRenames(rename, renameSteps(read, renames));
    summary.renamed = renames.length;
  }
  summary.misc = await replayMisc(client, doc, records);
  // Walk-ins wait for the target's check-in to be processed, or it would set them aside.
  const late = BEFORE_PROCESSING.has(state) ? walkIns(doc) : new Set<string>();
  const now = missing.filter((p) => !late.has(p.name));
  if (now.length > 0) records = await addParticipants(client, doc, now, summary, late);
  return rosterOf(records);
}

type Participant = TournamentExport["participants"][number];

/**
 * Adds `missing` at their seeds (one bulk add, in seed order), each seed less the walk-ins
 * held back (`later`) ahead of it, whom their own add puts back in front; the target's
 * records after it.
 */
async function addParticipants(
  client: ApiClient,
  doc: TournamentExport,
  missing: readonly Participant[],
  summary: ParticipantSummary,
  later: ReadonlySet<string> = new Set(),
): Promise<ApiRecord[]> {
  const ahead = (seed: number) =>
    doc.participants.filter((p) => later.has(p.name) && p.seed < seed).length;
  const rows = [...missing]
    .sort((a, b) => a.seed - b.seed)
    .map((p) => ({
      name: p.name,
      seed: p.seed - ahead(p.seed),
      ...(p.misc === null ? {} : { misc: p.misc }),
    }));
  const url = doc.tournament.url;
  await client.participants.bulkAdd(url, rows);
  summary.added += missing.length;
  return client.participants.listAll(url);
}

/**
 * The file's walk-ins the target lacks, added once its check-in is processed (walk-ins.ts);
 * the roster as it is then.
 */
export async function addWalkIns(
  client: ApiClient,
  doc: TournamentExport,
  roster: Roster,
  summary: ParticipantSummary,
  progress: Progress,
): Promise<Roster> {
  const url = doc.tournament.url;
  const missing = doc.participants.filter(
    (p) => !roster.idOf.has(p.name) && walkIns(doc).has(p.name),
  );
  if (missing.length === 0) return roster;
  progress.step(`${url}: adding ${missing.length} participant(s) who came after the check-in`);
  return rosterOf(await addParticipants(client, doc, missing, summary));
}

export function rosterOf(records: readonly ApiRecord[]): Roster {
  const idOf = new Map(records.map((p) => [String(p.attributes.name), Number(p.id)]));
  const inactive = records
    .filter((p) => (p.attributes.states as Record<string, unknown> | undefined)?.active === false)
    .map((p) => String(p.attributes.name));
  return {
    idOf,
    nameOf: new Map([...idOf].map(([name, id]) => [id, name])),
    inactive: new Set(inactive),
  };
}
