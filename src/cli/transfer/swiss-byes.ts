/**
 * Swiss byes in the export document (model/tournament-export.ts `byes`): read from the
 * standings' bye counts when exporting, and used by the replay to keep a player removed
 * during the round of their bye in until that round is paired. Without them, a player
 * given round k+1's bye and removed during it was removed on the target after their last
 * match (round k): round k+1 was paired without them and they lost the bye's points.
 */
import type { ApiClient } from "../../client/api-client.js";
import type { ApiRecord } from "../../client/envelope.js";
import { NotFoundError } from "../../client/errors.js";
import type { ExportedBye, ExportedMatch } from "../../model/tournament-export.js";

const SWISS = "swiss";

/**
 * The rounds of a stage in which `name` played no match, in order. A player sits out a
 * round for a bye, or once removed (never paired again, never given a bye): so their byes
 * are the first of these, as many as they took.
 */
function roundsSatOut(stage: readonly ExportedMatch[], name: string): number[] {
  const rounds = [...new Set(stage.map((m) => m.round))].sort((a, b) => a - b);
  const played = new Set(stage.filter((m) => m.players.includes(name)).map((m) => m.round));
  return rounds.filter((r) => !played.has(r));
}

/**
 * The byes of the swiss stages of `matches`, from the standings' `byes` counts (serve's
 * `GET /tournaments/{t}/standings`). None without a swiss stage (no request), nor from a
 * service without standings (a 404: the hosted one), whose files replay as before.
 */
export async function readByes(
  client: ApiClient,
  url: string,
  matches: readonly ExportedMatch[],
): Promise<ExportedBye[]> {
  if (!matches.some((m) => m.bracket === SWISS)) return [];
  let rows: ApiRecord[];
  try {
    rows = await client.tournaments.standings(url);
  } catch (error) {
    if (error instanceof NotFoundError) return [];
    throw error;
  }
  const byes: ExportedBye[] = [];
  for (const row of rows) {
    const a = row.attributes;
    const count = Number(a.byes ?? 0);
    if (!(count > 0)) continue;
    const group = a.group_id === null || a.group_id === undefined ? null : Number(a.group_id);
    const stage = matches.filter((m) => m.bracket === SWISS && m.group === group);
    const name = String(a.name);
    for (const round of roundsSatOut(stage, name).slice(0, count))
      byes.push({ participant: name, group, round });
  }
  return byes.sort(
    (x, y) =>
      (x.group ?? 0) - (y.group ?? 0) ||
      x.round - y.round ||
      x.participant.localeCompare(y.participant),
  );
}

/**
 * The index in `played` after which `name`'s removal keeps their byes: the last match of the
 * round before each bye of theirs in the stages `played` holds (its report pairs the bye's
 * round). -1 when no bye asks for it (round 1's is given at the start).
 */
export function afterByes(
  played: readonly ExportedMatch[],
  name: string,
  byes: readonly ExportedBye[],
): number {
  let after = -1;
  for (const bye of byes) {
    if (bye.participant !== name || bye.round < 2) continue;
    const last = played.findLastIndex(
      (m) => m.bracket === SWISS && m.group === bye.group && m.round === bye.round - 1,
    );
    after = Math.max(after, last);
  }
  return after;
}
