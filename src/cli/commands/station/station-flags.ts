/** The attribute flags of `station create` and `station update`. No I/O. */
import type { Command } from "commander";
import { UsageError } from "../../errors.js";

export interface StationFlags {
  readonly name?: string;
  readonly streamUrl?: string;
  readonly details?: string;
}

/** The station attributes the flags set (an empty --stream-url or --details clears it). */
export interface StationAttributes {
  name?: string;
  stream_url?: string | null;
  details?: string | null;
}

export function addStationFlags(command: Command, withName: boolean): Command {
  if (withName) command.option("--name <name>", "the station's new name");
  return command
    .option("--stream-url <url>", "where the station's match is streamed (empty: none)")
    .option("--details <text>", "a note shown with the station (empty: none)");
}

function cleared(value: string): string | null {
  return value.trim() === "" ? null : value;
}

export function stationAttributes(flags: StationFlags): StationAttributes {
  const attributes: StationAttributes = {};
  if (flags.name !== undefined) {
    if (flags.name.trim() === "") throw new UsageError("--name needs a station name");
    attributes.name = flags.name.trim();
  }
  if (flags.streamUrl !== undefined) attributes.stream_url = cleared(flags.streamUrl);
  if (flags.details !== undefined) attributes.details = cleared(flags.details);
  return attributes;
}
