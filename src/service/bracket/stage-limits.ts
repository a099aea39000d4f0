/**
 * The size limits (src/model/limits.ts, docs/tournaments.md "Size limits") as 422 answers: checked
 * before a start stores anything, and when participants are added.
 */
import {
  groupSizes,
  groupStageBreach,
  MAX_PARTICIPANTS,
  participantBreach,
  withSeparators,
} from "../../model/limits.js";
import type { TournamentSettings } from "../../model/tournament.js";
import { type Problems, unprocessable } from "../errors.js";

const STATE = "/data/attributes/state";

function iterationsOf(settings: TournamentSettings, stage: "final" | "group"): number {
  return stage === "group"
    ? settings.group_stage_options.rr_iterations
    : settings.round_robin_options.iterations;
}

/** 422 unless the final stage of `settings` takes `participants` (`start`). */
export function assertStartWithinLimits(settings: TournamentSettings, participants: number): void {
  const breach = participantBreach(
    settings.tournament_type,
    participants,
    iterationsOf(settings, "final"),
  );
  if (breach === undefined) return;
  throw unprocessable(
    `cannot start: ${breach.detail}; this tournament has ${withSeparators(participants)} active participants`,
    STATE,
  );
}

/**
 * 422 unless a group stage of `participants` fits the limits (`start_group_stage`):
 * the participants of a tournament, the matches of the group stage, and the
 * participants its final stage will get.
 */
export function assertGroupStageWithinLimits(
  settings: TournamentSettings,
  participants: number,
): void {
  const options = settings.group_stage_options;
  const fail = (detail: string): never => {
    throw unprocessable(`cannot start the group stage: ${detail}`, STATE);
  };
  if (participants > MAX_PARTICIPANTS)
    fail(
      `a tournament takes at most ${withSeparators(MAX_PARTICIPANTS)} participants; this one has ${withSeparators(participants)}`,
    );
  const sizes = groupSizes(participants, options.group_size);
  const groups = groupStageBreach(options.stage_type, sizes, iterationsOf(settings, "group"));
  if (groups !== undefined) fail(groups.detail);
  let entrants = 0;
  for (const size of sizes)
    entrants += Math.min(size, options.participant_count_to_advance_per_group);
  const final = participantBreach(
    settings.tournament_type,
    entrants,
    iterationsOf(settings, "final"),
  );
  if (final !== undefined)
    fail(
      `its ${sizes.length} groups would send ${withSeparators(entrants)} participants to the final stage, and ${final.detail}`,
    );
}

/**
 * Adds a problem when `adding` more participants would take the tournament past
 * what its format takes (with a group stage: MAX_PARTICIPANTS; the groups are
 * checked at start_group_stage).
 */
export function checkParticipantLimit(
  settings: TournamentSettings,
  existing: number,
  adding: number,
  pointer: string,
  problems: Problems,
): void {
  const total = existing + adding;
  const breach = settings.group_stage_enabled
    ? total > MAX_PARTICIPANTS
      ? { detail: `a tournament takes at most ${withSeparators(MAX_PARTICIPANTS)} participants` }
      : undefined
    : participantBreach(settings.tournament_type, total, iterationsOf(settings, "final"));
  if (breach === undefined) return;
  problems.add(
    pointer,
    `${breach.detail}: the tournament has ${withSeparators(existing)} participants and cannot take ${withSeparators(adding)} more; nothing was added`,
  );
}
