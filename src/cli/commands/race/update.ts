/**
 * `tourney race update <race> <participant> --time 1:02.345` (or `--dnf`): that
 * participant's time in the current round, the command at the finish line (as
 * `race times update` without --round). Without a participant, `race update
 * <race> --name ...` changes the race's own attributes.
 */
import type { Command } from "commander";
import type { App } from "../../app.js";
import { UsageError } from "../../errors.js";
import type { Factory } from "../../factory.js";
import { checkJsonFields } from "../../record-fields.js";
import { PARTICIPANT_REF_HELP } from "../participants/participant-ref.js";
import {
  addRaceFlags,
  hasRaceFlags,
  type RaceAttributes,
  type RaceFlags,
  raceAttributes,
} from "./race-flags.js";
import { flattenRace, RACE_FIELDS } from "./race-records.js";
import { addTimeFlags, hasTimeFlags, type TimeFlags, timeAttributes } from "./times/time-flags.js";
import { runTimesUpdate, type TimesUpdateOptions } from "./times/update.js";

export type RaceUpdateFlags = RaceFlags & TimeFlags;

export type RaceUpdateOptions =
  | { readonly kind: "race"; readonly race: string; readonly attributes: RaceAttributes }
  | ({ readonly kind: "time" } & TimesUpdateOptions);

/** Flags to options (no I/O): a participant takes the time flags, the race the others. */
export function parseRaceUpdate(
  race: string,
  participant: string | undefined,
  flags: RaceUpdateFlags,
): RaceUpdateOptions {
  if (participant !== undefined) {
    if (hasRaceFlags(flags))
      throw new UsageError(
        "with a participant, race update sets a time: --time, --dnf, --points or --rank (race attributes go without one)",
      );
    return { kind: "time", race, participant, attributes: timeAttributes(flags) };
  }
  if (hasTimeFlags(flags))
    throw new UsageError(
      "whose time? name the participant: tourney race update RACE PARTICIPANT --time 1:02.345",
    );
  const attributes = raceAttributes(flags);
  if (Object.keys(attributes).length === 0)
    throw new UsageError(
      "nothing to change: name a participant and pass --time, or pass race flags such as --name",
    );
  return { kind: "race", race, attributes };
}

export async function runRaceUpdate(f: Factory, o: RaceUpdateOptions): Promise<void> {
  if (o.kind === "time") return runTimesUpdate(f, o);
  checkJsonFields(f, "race");
  const client = await f.client();
  const record = flattenRace(await client.races.update(o.race, o.attributes));
  await f.printer().record(record, RACE_FIELDS);
}

export function registerUpdate(noun: Command, app: App): void {
  const command = noun
    .command("update")
    .alias("edit")
    .description("set a participant's time in the current round, or change the race's attributes")
    .argument("<race>", "race id or url")
    .argument("[participant]", `${PARTICIPANT_REF_HELP}: set that participant's time`)
    .addHelpText(
      "after",
      '\nExamples:\n  tourney race update spring_gp Ada --time 1:02.345\n  tourney race update spring_gp "#3" --dnf\n  tourney race update spring_gp --name "Spring Grand Prix"',
    );
  addRaceFlags(addTimeFlags(command)).action(
    async (race: string, participant: string | undefined, flags: RaceUpdateFlags, cmd: Command) => {
      const f = app.factory(cmd);
      await runRaceUpdate(f, parseRaceUpdate(race, participant, flags));
    },
  );
}
