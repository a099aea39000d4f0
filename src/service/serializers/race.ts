/**
 * Race, round, elapsed-time and race-participant resources, as the contract
 * draws RacingOutput, RoundOutput and ElapsedTimeOutput: camelCase attributes,
 * a `timestamps` object, relationships with `links.related` and `meta.count`,
 * `links.self`. A round's id is its number in the race (the path's `{round}`
 * and `currentLap.id` alike). `root`: the request's origin and the API's base
 * path (link-base.ts); links are absolute, with `.json`.
 */
import { formatElapsed } from "../../engine/race-time.js";
import type { ResourceObject } from "../../model/resource.js";
import type { ElapsedTimeRow } from "../../store/elapsed-times-repository.js";
import type { ParticipantRow } from "../../store/participants-repository.js";
import type { RoundRow } from "../../store/race-rounds-repository.js";
import type { RaceRow } from "../../store/races-repository.js";
import { link } from "../link-base.js";
import { participantResource } from "./participant.js";

/** What a race resource needs besides its row. */
export interface RaceCounts {
  readonly rounds: number;
  /** The current round's number: the one under way, else the last completed; null before the start. */
  readonly currentLap: number | null;
}

function related(path: string, count: number) {
  return { links: { related: path }, meta: { count } };
}

export function raceResource(row: RaceRow, counts: RaceCounts, root: string): ResourceObject {
  const s = row.settings;
  const self = `/races/${row.id}`;
  return {
    id: String(row.id),
    // As the seed and the description show it (DESIGN.md §3).
    type: "Race",
    attributes: {
      name: s.name,
      url: s.url,
      raceType: s.raceType,
      description: s.description,
      private: s.private,
      state: row.state,
      currentLap:
        counts.currentLap === null ? null : { id: counts.currentLap, number: counts.currentLap },
      notifications: s.notifications,
      registrationOptions: {
        openSignup: s.registrationOptions.openSignup,
        signupCap: s.registrationOptions.signupCap ?? null,
      },
      grandPrixOptions: s.grandPrixOptions,
      pointsTable: s.pointsTable,
      participantsCount: row.participants_count,
      timestamps: {
        startsAt: s.startsAt,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
        startedAt: row.started_at,
        completedAt: row.completed_at,
      },
    },
    relationships: {
      rounds: related(link(root, `${self}/rounds`), counts.rounds),
      participants: related(link(root, `${self}/participants`), row.participants_count),
    },
    links: { self: link(root, self) },
  };
}

export function roundResource(
  round: RoundRow,
  counts: { readonly participants: number; readonly elapsedTimes: number },
  root: string,
): ResourceObject {
  const race = `/races/${round.race_id}`;
  const self = `${race}/rounds/${round.number}`;
  return {
    id: String(round.number),
    type: "round",
    attributes: {
      round: round.number,
      state: round.state,
      timestamps: {
        startsAt: round.started_at,
        createdAt: round.created_at,
        updatedAt: round.updated_at,
        completedAt: round.completed_at,
      },
    },
    relationships: {
      participants: related(link(root, `${race}/participants`), counts.participants),
      elapsedTimes: related(link(root, `${self}/elapsed_times`), counts.elapsedTimes),
    },
    links: { self: link(root, self) },
  };
}

export function elapsedTimeResource(
  row: ElapsedTimeRow,
  roundNumber: number,
  root: string,
): ResourceObject {
  const race = `/races/${row.race_id}`;
  return {
    id: String(row.id),
    type: "elapsed_time",
    attributes: {
      elapsedTime: row.elapsed_ms,
      points: row.points,
      rank: row.rank,
      // An extension of the contract's output, as `round` is: whether the rank was set by
      // hand (it holds its place) or is the round's by time. A race import reads it to set by
      // hand only the ranks the file's race had so, and its dry run to predict the ranks.
      rankGiven: row.rank_given === 1,
      formattedTime: formatElapsed(row.elapsed_ms),
      round: roundNumber,
      timestamps: {
        startsAt: null,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
        completedAt: null,
      },
    },
    relationships: {
      participant: {
        data: { id: String(row.participant_id), type: "participant" },
        links: { related: link(root, `${race}/participants/${row.participant_id}`) },
      },
    },
    links: { self: link(root, `${race}/rounds/${roundNumber}/elapsed_times/${row.id}`) },
  };
}

/** A race's participant: a participant resource whose owner is the race (`race_id`). */
export function raceParticipantResource(row: ParticipantRow): ResourceObject {
  const resource = participantResource(row);
  return {
    ...resource,
    attributes: { ...resource.attributes, tournament_id: null, race_id: row.tournament_id },
  };
}
