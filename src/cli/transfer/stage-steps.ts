/**
 * The state changes an import sends around the results, decided alike by the run
 * (importer.ts replayStages, from the target's state read before each) and by the plan
 * (import-plan.ts, from the state the plan's earlier steps leave): the group stage started,
 * its results, the group stage finalized, the final stage started, its results. Before, the
 * plan had its own rules and missed, for a target whose group stage was under way, the
 * finalize_group_stage and start the run then sent (an outside review).
 */
import type { TournamentExport } from "../../model/tournament-export.js";
import { BEFORE_START } from "./participant-replay.js";

export const STARTED: ReadonlySet<string> = new Set(["underway", "awaiting_review", "complete"]);
const GROUPS_DONE: ReadonlySet<string> = new Set(["group_stages_finalized", ...STARTED]);

/** Whether the import replays a group stage: the file's has one and has started it. */
export function replaysGroups(doc: TournamentExport): boolean {
  return doc.matches.some((m) => m.group !== null) && !BEFORE_START.has(doc.tournament.state);
}

/** Whether the import starts and replays the final stage (the file's has started it). */
export function replaysFinal(doc: TournamentExport): boolean {
  return STARTED.has(doc.tournament.state);
}

export type StageMoment = "group start" | "group end" | "final start";

/** The change to send at `moment` to a target in `state`; undefined when none. */
export function stageChange(
  moment: StageMoment,
  doc: TournamentExport,
  state: string,
): string | undefined {
  switch (moment) {
    case "group start":
      return BEFORE_START.has(state) ? "start_group_stage" : undefined;
    case "group end":
      // A file whose group stage is still under way leaves the target's so too.
      if (doc.tournament.state === "group_stages_underway") return undefined;
      return GROUPS_DONE.has(state) ? undefined : "finalize_group_stage";
    case "final start":
      return STARTED.has(state) ? undefined : "start";
  }
}

/** The state a change leaves the target in, as the plan follows it. */
export const STATE_AFTER: Readonly<Record<string, string>> = {
  start_group_stage: "group_stages_underway",
  finalize_group_stage: "group_stages_finalized",
  start: "underway",
};
