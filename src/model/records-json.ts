/**
 * A list as the JSON text the CLI prints with `--json` (issue 27): `JSON.stringify` of its
 * flattened records (`{"id": <number>, ...attributes}`, cli/output/records.ts) and a line
 * break, written by the embedded read-only path as it is made, without building the records
 * (store/tournament-records-json.ts).
 */

/**
 * Takes the next parts of the text's UTF-8 bytes, to be written as they are, in order;
 * false once the reader has gone (nothing more need be made).
 */
export type BytesSink = (parts: readonly Uint8Array[]) => boolean;

/** What a list wrote as text. */
export interface WrittenRecords {
  /**
   * Each record as typed on a command line, in order, for the completion cache: its `url`
   * attribute when that is a non-empty string, else its id (cli/completion/remember.ts
   * tournamentWord).
   */
  readonly words: readonly string[];
}

/** Some fields of each record (`--json id,name`, a table's columns): what a list of them needs. */
export interface RecordsShape {
  /** Top-level keys of the records, in the order each record's object is to have them. */
  readonly fields: readonly string[];
}

/**
 * Every key of a tournament's flattened record, in the serializer's order
 * (service/serializers/tournament.ts): the service's record has each of them, undefined
 * where the settings lack it (then JSON.stringify leaves it out, and `--json FIELDS`
 * prints it as null). Also the fields a writing command's `--json FIELDS` is checked
 * against before the write (cli/record-fields.ts RECORD_FIELDS.tournament).
 */
export const TOURNAMENT_RECORD_KEYS: readonly string[] = [
  "id",
  "name",
  "url",
  "tournament_type",
  "game_name",
  "private",
  "starts_at",
  "description",
  "notifications",
  "match_options",
  "registration_options",
  "seeding_options",
  "station_options",
  "group_stage_enabled",
  "group_stage_options",
  "double_elimination_options",
  "round_robin_options",
  "swiss_options",
  "free_for_all_options",
  "tie_breaks",
  "state",
  "participants_count",
  "progress_meter",
  "matches_count",
  "matches_complete",
  "timestamps",
];
