/**
 * An export's open matches into the target, after the results: the scores
 * recorded without a winner (reported again without advancing, so the match
 * stays open) and the underway marks. A match whose target already holds the
 * same scores, or the mark, is not sent again.
 */
import type { ApiClient } from "../../client/api-client.js";
import type { ApiRecord } from "../../client/envelope.js";
import type { MatchReport } from "../../client/matches.js";
import { type ExportedMatch, matchKey } from "../../model/tournament-export.js";
import { StateRefusedError } from "../errors.js";
import type { Roster } from "./participant-replay.js";
import { targetMatches } from "./target-matches.js";

function fileScores(m: ExportedMatch): string {
  if (m.entries.length > 0) return JSON.stringify(m.entries.map((e) => [e.participant, e.scores]));
  return JSON.stringify(m.score_in_sets);
}

function targetScores(t: ApiRecord, roster: Roster): string {
  const a = t.attributes;
  if (a.bracket === "free_for_all") {
    const points = (a.points_by_participant ?? []) as Record<string, unknown>[];
    return JSON.stringify(
      points.map((e) => [
        roster.nameOf.get(Number(e.participant_id)) ?? null,
        ((e.scores ?? []) as unknown[]).map(Number),
      ]),
    );
  }
  return JSON.stringify(a.score_in_sets ?? []);
}

function hasScores(m: ExportedMatch): boolean {
  return m.score_in_sets.length > 0 || m.entries.some((e) => e.scores.length > 0);
}

/** The scores of `m` as a report with no one advancing: the match stays open. */
function scoresReport(m: ExportedMatch, roster: Roster): MatchReport {
  const id = (name: string | null) => roster.idOf.get(name ?? "") ?? String(name);
  if (m.entries.length > 0)
    return {
      match: m.entries.map((e) => ({
        participant_id: id(e.participant),
        score_set: e.scores.join(","),
      })),
    };
  const column = (i: 0 | 1) => m.score_in_sets.map((s) => s[i]).join(",");
  return {
    match: [
      { participant_id: id(m.players[0] ?? null), score_set: column(0) },
      { participant_id: id(m.players[1] ?? null), score_set: column(1) },
    ],
  };
}

const underwayAt = (t: ApiRecord) =>
  ((t.attributes.timestamps ?? {}) as Record<string, unknown>).underway_at ??
  t.attributes.underway_at ??
  null;

/** Sends the scores and marks of `matches` not complete; returns how many matches it touched. */
export async function replayOpenMatches(
  client: ApiClient,
  url: string,
  matches: readonly ExportedMatch[],
  roster: Roster,
): Promise<number> {
  const wanted = matches.filter(
    (m) => m.state !== "complete" && (hasScores(m) || m.underway_at !== null),
  );
  if (wanted.length === 0) return 0;
  const target = await targetMatches(client, url);
  let touched = 0;
  for (const m of wanted) {
    const t = target.get(matchKey(m));
    if (t === undefined || t.attributes.state !== m.state)
      throw new StateRefusedError(
        `import stopped at match ${matchKey(m)}: its states differ\n  target: ${String(t?.attributes.state ?? "(no such match)")}\n  file:   ${m.state}\nnothing more was sent`,
      );
    const scores = hasScores(m) && targetScores(t, roster) !== fileScores(m);
    const mark = m.underway_at !== null && underwayAt(t) === null;
    if (scores) await client.matches.update(url, t.id, scoresReport(m, roster));
    if (mark) await client.matches.changeState(url, t.id, "mark_as_underway");
    if (scores || mark) touched++;
  }
  return touched;
}
