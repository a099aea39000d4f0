/**
 * `tourney race times update <race> <participant> --time 1:02.345`: one
 * participant's time in a round (the current one unless --round). `tourney race
 * update <race> <participant>` runs the same for the current round.
 */
import type { Command } from "commander";
import type { App } from "../../../app.js";
import type { Factory } from "../../../factory.js";
import { checkJsonFields } from "../../../record-fields.js";
import { PARTICIPANT_REF_HELP } from "../../participants/participant-ref.js";
import { verbHelp } from "../../verb-help.js";
import { flattenTime, TIME_FIELDS } from "../race-records.js";
import { readRacerTime, refusedWrite } from "./round-times.js";
import {
  addTimeFlags,
  parseRound,
  type TimeAttributes,
  type TimeFlags,
  timeAttributes,
} from "./time-flags.js";

export interface TimesUpdateOptions {
  /** Race id or url. */
  readonly race: string;
  /** Participant reference: id, #seed or name. */
  readonly participant: string;
  /** Round number; undefined: the race's current round. */
  readonly round?: number | undefined;
  readonly attributes: TimeAttributes;
}

export type TimesUpdateFlags = TimeFlags & { readonly round?: string };

/** Flags to options (no I/O): a malformed time is a usage error naming --time. */
export function parseTimesUpdate(
  race: string,
  participant: string,
  flags: TimesUpdateFlags,
): TimesUpdateOptions {
  return { race, participant, round: parseRound(flags.round), attributes: timeAttributes(flags) };
}

export async function runTimesUpdate(f: Factory, o: TimesUpdateOptions): Promise<void> {
  checkJsonFields(f, "elapsed_time");
  const client = await f.client();
  const rt = await readRacerTime(client, o.race, o.participant, o.round);
  const updated = await client.races
    .elapsedTimes(rt.raceId, rt.round)
    .update(rt.time.id, { ...o.attributes })
    .catch((error: unknown) => refusedWrite(client, o.race, rt, o.round, error));
  const record = flattenTime(updated, rt.names);
  const printer = f.printer();
  if (printer.mode === "table") printer.note(`Round ${rt.round} of race ${o.race}`);
  await printer.record(record, TIME_FIELDS);
}

export function registerTimesUpdate(noun: Command, app: App): void {
  const command = noun
    .command("update")
    .alias("edit")
    .description("set one participant's time (points, rank) in a round")
    .argument("<race>", "race id or url")
    .argument("<participant>", PARTICIPANT_REF_HELP)
    .option("--round <n>", "round number (default: the current round)");
  command.addHelpText(
    "after",
    verbHelp({ examples: ["{t} Ada --time 1:02.345", "{t} Ada --round 1 --rank 2"] }),
  );
  addTimeFlags(command).action(
    async (race: string, participant: string, flags: TimesUpdateFlags, cmd: Command) => {
      const f = app.factory(cmd);
      await runTimesUpdate(f, parseTimesUpdate(race, participant, flags));
    },
  );
}
