/**
 * How stations and their queues show: the match a station holds (or a queue
 * entry waits for) by its identifier as `match list` shows it, next to its id, and its
 * group (GROUP, as `match list` has it) when a held or queued match is a group match:
 * during a group stage every group has its match A.
 */
import type { ApiClient } from "../../../client/api-client.js";
import type { ResourceObject } from "../../../model/resource.js";
import type { Column, Printer } from "../../output/printer.js";
import { type FlatRecord, flatten } from "../../output/records.js";

/** A match as a station shows it: its identifier and its group (null: not a group match). */
export interface MatchLabel {
  readonly identifier: string;
  readonly group: number | null;
}

/** Match identifiers (and groups) by match id. */
export type Identifiers = ReadonlyMap<number, MatchLabel>;

/** Identifiers of the tournament's matches, read only when some record names a match. */
export async function identifiersFor(
  client: ApiClient,
  tournament: string,
  records: readonly FlatRecord[],
): Promise<Identifiers> {
  if (!records.some((r) => typeof r.match_id === "number")) return new Map();
  const matches = await client.matches.listAll(tournament);
  return new Map(
    matches.map((m) => {
      const group = m.attributes.group_id;
      const label = {
        identifier: String(m.attributes.identifier ?? ""),
        group: typeof group === "number" ? group : null,
      };
      return [Number(m.id), label];
    }),
  );
}

function matchLabel(identifiers: Identifiers, value: unknown): string {
  if (typeof value !== "number") return "";
  const identifier = identifiers.get(value)?.identifier;
  return identifier === undefined || identifier === "" ? String(value) : identifier;
}

function matchGroup(identifiers: Identifiers, value: unknown): number | string {
  return (typeof value === "number" ? identifiers.get(value)?.group : null) ?? "";
}

/** A GROUP column (`header`) after MATCH, when some of `records` hold or wait for a group match. */
function groupColumn(identifiers: Identifiers, records: readonly FlatRecord[], header: string) {
  const some = records.some((r) => matchGroup(identifiers, r.match_id) !== "");
  return some ? [{ header, value: (r: FlatRecord) => matchGroup(identifiers, r.match_id) }] : [];
}

export const flattenStation = (record: ResourceObject): FlatRecord => flatten(record);

export function stationColumns(
  identifiers: Identifiers,
  records: readonly FlatRecord[] = [],
): Column[] {
  return [
    { header: "ID", value: "id" },
    { header: "NAME", value: "name" },
    { header: "MATCH ID", value: "match_id" },
    { header: "MATCH", value: (s) => matchLabel(identifiers, s.match_id) },
    ...groupColumn(identifiers, records, "GROUP"),
    { header: "STREAM URL", value: "stream_url" },
    { header: "DETAILS", value: "details" },
  ];
}

export function stationFields(identifiers: Identifiers, station: FlatRecord): Column[] {
  return [
    { header: "id", value: "id" },
    { header: "name", value: "name" },
    { header: "match id", value: "match_id" },
    { header: "match", value: (s) => matchLabel(identifiers, s.match_id) },
    ...groupColumn(identifiers, [station], "group"),
    { header: "stream url", value: "stream_url" },
    { header: "details", value: "details" },
    { header: "created", value: "timestamps.created_at" },
    { header: "updated", value: "timestamps.updated_at" },
  ];
}

export function queueColumns(
  identifiers: Identifiers,
  records: readonly FlatRecord[] = [],
): Column[] {
  return [
    { header: "POSITION", value: "position" },
    { header: "MATCH ID", value: "match_id" },
    { header: "MATCH", value: (q) => matchLabel(identifiers, q.match_id) },
    ...groupColumn(identifiers, records, "GROUP"),
    { header: "ID", value: "id" },
  ];
}

/** Prints one station, its match by identifier on a terminal or piped. */
export async function printStation(
  client: ApiClient,
  printer: Printer,
  tournament: string,
  record: ResourceObject,
): Promise<void> {
  const station = flattenStation(record);
  if (printer.mode === "json") return printer.json(station);
  const identifiers = await identifiersFor(client, tournament, [station]);
  await printer.record(station, stationFields(identifiers, station));
}

const QUEUE_ENTRY_FIELDS = (identifiers: Identifiers, entry: FlatRecord): Column[] => [
  { header: "id", value: "id" },
  { header: "station id", value: "station_id" },
  { header: "position", value: "position" },
  { header: "match id", value: "match_id" },
  { header: "match", value: (q) => matchLabel(identifiers, q.match_id) },
  ...groupColumn(identifiers, [entry], "group"),
];

/** Prints one queue entry (after `queue add` or `queue move`). */
export async function printQueueEntry(
  client: ApiClient,
  printer: Printer,
  tournament: string,
  record: ResourceObject,
): Promise<void> {
  const entry = flatten(record);
  if (printer.mode === "json") return printer.json(entry);
  const identifiers = await identifiersFor(client, tournament, [entry]);
  await printer.record(entry, QUEUE_ENTRY_FIELDS(identifiers, entry));
}
