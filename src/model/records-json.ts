/**
 * A list as the JSON text the CLI prints with `--json` (issue 27): `JSON.stringify` of its
 * flattened records (`{"id": <number>, ...attributes}`, cli/output/records.ts) and a line
 * break, made by the embedded read-only path without building the records
 * (store/tournament-records-json.ts).
 */
export interface RecordsJson {
  /** The text's UTF-8 bytes in parts, written as they are, in order. */
  readonly json: readonly Uint8Array[];
  /** Each record's id and `url` attribute, in order (for the completion cache). */
  readonly keys: readonly { readonly id: number; readonly url: unknown }[];
}
