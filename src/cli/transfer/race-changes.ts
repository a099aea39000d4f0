/**
 * How a line of a race export's round differs from the target's elapsed time, shared by the
 * import (race-importer.ts) and its dry run (race-plan.ts), and the ranks the target's rule
 * then gives (model/race-rank.ts, the service's own): one comparison, one rule, so that the
 * dry run predicts what the import sends.
 *
 * A rank is set by hand on the target only where the file's race had it so: both records
 * say it (`rankGiven`, serve's extension of the elapsed time), and the target's hand-set
 * ranks are made the file's (a rank sent, or 0 to clear one); the round's rule then gives
 * every other rank as the file's race did. Before, every rank that differed once the times
 * were in was set by hand, tied ones too: two racers at one rank set by hand, which the
 * service now refuses. Without `rankGiven` on either side (a file or a service without it),
 * a rank that differs is set by hand, as before.
 */
import type { ApiRecord } from "../../client/envelope.js";
import type { ExportedRound } from "../../model/race-export.js";
import { rankAroundGiven, rankByTime } from "../../model/race-rank.js";

type Line = ExportedRound["times"][number];

/** A points or rank value as the service reads it: 0 and none are "not given" (null). */
export const given = (v: unknown) => (v === undefined || v === null || v === 0 ? null : Number(v));
const num = (v: unknown): number | null => (typeof v === "number" ? v : null);

/** The rank to send so that the target's hand-set rank is the file's; undefined: none. */
function rankToSend(a: Record<string, unknown>, t: Line): number | undefined {
  if (typeof a.rankGiven === "boolean" && typeof t.rankGiven === "boolean") {
    const want = t.rankGiven ? given(t.rank) : null;
    const have = a.rankGiven ? given(a.rank) : null;
    return want === have ? undefined : (want ?? 0);
  }
  return given(a.rank) === given(t.rank) ? undefined : (given(t.rank) ?? 0);
}

/**
 * What one line of the file changes on the target's record: nothing, or a bulk entry (its
 * rank only when one is to be set or cleared by hand).
 */
export function changeOf(record: ApiRecord, t: Line) {
  const a = record.attributes;
  const time = t.elapsedTime ?? null;
  const timed = (a.elapsedTime ?? null) !== time;
  const rank = rankToSend(a, t);
  const scored = given(a.points) !== given(t.points) || rank !== undefined;
  if (!timed && !scored) return undefined;
  const id = Number(record.id);
  const scores = {
    elapsedTimeId: id,
    time,
    points: given(t.points) ?? 0,
    ...(rank === undefined ? {} : { rank }),
  };
  return { timed, scored, time: { elapsedTimeId: id, time }, scores };
}

/**
 * The rank a target's record holds by hand: the record says (`rankGiven`); else, from a
 * service that does not, a rank other than the one its time gives among `records`.
 */
function handSet(records: ReadonlyMap<string, ApiRecord>): Map<string, number | null> {
  const time = (r: ApiRecord) => num(r.attributes.elapsedTime);
  const byTime = rankByTime([...records].map(([id, r]) => ({ id, time: time(r) })));
  const out = new Map<string, number | null>();
  for (const [id, r] of records) {
    const a = r.attributes;
    const own = typeof a.rankGiven === "boolean" ? a.rankGiven : num(a.rank) !== byTime.get(id);
    out.set(id, own ? num(a.rank) : null);
  }
  return out;
}

/**
 * The target's records of a round (by participant) after the file's times went in, ranked
 * as the service ranks them: the ranks held by hand stay, the others by the rule.
 */
export function afterTimes(round: ExportedRound, records: Map<string, ApiRecord>): void {
  const kept = handSet(records);
  for (const t of round.times) {
    const r = records.get(String(t.participant));
    if (r === undefined) continue;
    const attributes = { ...r.attributes, elapsedTime: t.elapsedTime ?? null };
    records.set(String(t.participant), { ...r, attributes });
  }
  const entries = [...records].map(([id, r]) => ({
    id,
    time: num(r.attributes.elapsedTime),
    givenRank: kept.get(id) ?? null,
  }));
  const ranks = rankAroundGiven(entries);
  for (const [id, r] of records)
    if (kept.get(id) === null)
      records.set(id, { ...r, attributes: { ...r.attributes, rank: ranks.get(id) ?? null } });
}
