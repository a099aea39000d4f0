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
