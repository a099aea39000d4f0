/**
 * The fields of the records the writing commands print (`id` plus the attributes the
 * service returns, every one present, null when unset), so that `--json FIELDS` is
 * checked before the write is sent: a typo exits 2 with nothing changed, instead of
 * failing after the change was made. test/cli/record-fields.test.ts compares each
 * list with the records the embedded service returns.
 */
import { TOURNAMENT_RECORD_KEYS } from "../model/records-json.js";
import type { Factory } from "./factory.js";
import { checkFields } from "./output/json-fields.js";

const TIMESTAMPS = "timestamps";

export const RECORD_FIELDS = {
  // The service's tournament record, in its serializer's order (one list: model/records-json.ts).
  tournament: TOURNAMENT_RECORD_KEYS,
  participant: [
    "id",
    "name",
    "seed",
    "misc",
    "username",
    "tournament_id",
    "group_id",
    "final_rank",
    "states",
    TIMESTAMPS,
  ],
  race_participant: [
    "id",
    "name",
    "seed",
    "misc",
    "username",
    "tournament_id",
    "race_id",
    "group_id",
    "final_rank",
    "states",
    TIMESTAMPS,
  ],
  station: ["id", "name", "stream_url", "details", "match_id", "tournament_id", TIMESTAMPS],
  attachment: ["id", "match_id", "url", "description", "asset", TIMESTAMPS],
  /** What a delete prints. */
  deleted: ["id", "deleted"],
  queue_entry: ["id", "match_id", "station_id", "position", TIMESTAMPS],
  round: ["id", "round", "state", "timestamps", "elapsedTimesCount"],
  elapsed_time: [
    "id",
    "elapsedTime",
    "points",
    "rank",
    // Serve's: whether the rank was set by hand (docs/races.md).
    "rankGiven",
    "formattedTime",
    "round",
    "timestamps",
    "participantId",
    "name",
  ],
  match: [
    "id",
    "identifier",
    "state",
    "round",
    "bracket",
    "group_id",
    "player1_id",
    "player2_id",
    // Where a slot's player comes from: the match feeding it, and whether it is its loser.
    "player1_prereq_match_id",
    "player1_is_prereq_match_loser",
    "player2_prereq_match_id",
    "player2_is_prereq_match_loser",
    // Free for all only: every participant of the match (the service leaves it out of a
    // one-on-one match). This list is the fields of either kind, checked before anything is
    // read; the match verbs then check the fields against the record of the match they read
    // before writing (checkMatchJsonFields), so that a one-on-one match refuses it as
    // `match view` does, before the write.
    "participant_ids",
    "winner_id",
    "loser_id",
    "tie",
    "scores",
    "score_in_sets",
    "points_by_participant",
    "station_id",
    "suggested_play_order",
    "underway_at",
    TIMESTAMPS,
  ],
  race: [
    "id",
    "name",
    "url",
    "raceType",
    "state",
    "description",
    "private",
    "currentLap",
    "participantsCount",
    "roundsCount",
    "pointsTable",
    "grandPrixOptions",
    "registrationOptions",
    "notifications",
    TIMESTAMPS,
  ],
} as const satisfies Record<string, readonly string[]>;

export type RecordKind = keyof typeof RECORD_FIELDS;

/**
 * Refuses (exit 2, before any request) a `--json` field the command's record lacks,
 * listing the fields it has.
 */
export function checkJsonFields(f: Factory, kind: RecordKind): void {
  checkJsonFieldsOf(f, Object.fromEntries(RECORD_FIELDS[kind].map((name) => [name, null])));
}

/** The same for a command that prints `printed` (an object of its own, not a record). */
export function checkJsonFieldsOf(f: Factory, printed: object): void {
  const fields = f.globals.jsonFields;
  if (fields !== undefined) checkFields(fields, [printed as Record<string, unknown>]);
}
