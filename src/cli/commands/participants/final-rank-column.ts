/**
 * FINAL RANK in `participants list`'s table. final_rank is the final stage's alone (DESIGN.md,
 * engine rules: "final_rank only for final-stage participants"): in a two-stage tournament the
 * players who did not leave the group stage have none. An outside review: once the ranks
 * were fixed, their cells were blank, half the field with no word why. Now, once any
 * participant has a final rank, such a player (active, in a group) reads "out in group N";
 * `tourney tournament standings` ranks them within their group. Tables only: piped rows and
 * --json keep the service's value (empty, null). `participants view`'s "final rank" says the
 * same once the tournament is complete (finalized: the ranks are fixed then); before, blank.
 */
import type { Column } from "../../output/printer.js";
import type { FlatRecord } from "../../output/records.js";

/** What the cell says for a participant without a final rank, or undefined (blank). */
function groupStageOnly(p: FlatRecord): string | undefined {
  const group = p.group_id;
  const states = p.states as { active?: unknown } | undefined;
  if (typeof group !== "number" || states?.active === false) return undefined;
  return `out in group ${group}`;
}

/** `columns` with FINAL RANK saying "out in group N" where the final stage gave no rank. */
export function finalRankColumns(
  columns: readonly Column[],
  records: readonly FlatRecord[],
): readonly Column[] {
  if (!records.some((p) => typeof p.final_rank === "number")) return columns;
  return columns.map((c) =>
    c.header === "FINAL RANK"
      ? { header: c.header, value: (p: FlatRecord) => p.final_rank ?? groupStageOnly(p) }
      : c,
  );
}

/** `fields` (a participant's, as `participants view` shows them) with "final rank" saying
 * "out in group N" where the final stage gave none: for a tournament that is complete. */
export function finalRankFields(fields: readonly Column[]): readonly Column[] {
  return fields.map((c) =>
    c.value === "final_rank"
      ? { header: c.header, value: (p: FlatRecord) => p.final_rank ?? groupStageOnly(p) }
      : c,
  );
}
