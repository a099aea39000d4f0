/**
 * A participant's `misc` changed in the file's tournament since the target got them: sent
 * again (a PUT of the participant's misc, as `participants update --misc` sends) to each
 * found there by name with another. The export's other participant fields are the target's
 * own doing or replayed elsewhere: the seed (fixed once check-in opens; before, another seed
 * there is refused: participant-replay.ts), the group and final rank (the target's engine),
 * the check-in and active marks (participant-replay.ts). Before, a publish again mid-event
 * after `participants update --misc` said "found, 0 participants added" and exited 0, the
 * target keeping its misc (a reviewer found it).
 */
import type { ApiClient } from "../../client/api-client.js";
import type { ApiRecord } from "../../client/envelope.js";
import type { TournamentExport } from "../../model/tournament-export.js";

/** A participant of the target whose misc is not the file's: its id, name and the file's misc. */
export interface MiscChange {
  readonly id: number;
  readonly name: string;
  readonly misc: string | null;
}

/**
 * A misc as compared: none, null and "" alike (the published Participant's misc defaults to
 * "", tourney's to null: a service answering "" for "no misc" is no change to send).
 */
const sameMisc = (misc: unknown): string | null =>
  misc === null || misc === undefined || misc === "" ? null : String(misc);

/** The target's participants (by the file's names) whose misc differs from the file's. */
export function miscChanges(doc: TournamentExport, records: readonly ApiRecord[]): MiscChange[] {
  const byName = new Map(records.map((r) => [String(r.attributes.name), r]));
  const changes: MiscChange[] = [];
  for (const p of doc.participants) {
    const r = byName.get(p.name);
    if (r === undefined || sameMisc(r.attributes.misc) === sameMisc(p.misc)) continue;
    changes.push({ id: Number(r.id), name: p.name, misc: p.misc });
  }
  return changes;
}

/** Sends the file's misc where the target's differs; returns how many were sent. */
export async function replayMisc(
  client: ApiClient,
  doc: TournamentExport,
  records: readonly ApiRecord[],
): Promise<number> {
  const changes = miscChanges(doc, records);
  for (const c of changes)
    await client.participants.update(doc.tournament.url, c.id, { misc: c.misc });
  return changes.length;
}
