/**
 * Round state changes (PUT /races/{r}/rounds/{n} with state start, finalize or
 * reset), one verb per value. Reset confirms first: it clears the round's times.
 */
import type { Command } from "commander";
import type { RoundStateChange } from "../../../../client/races.js";
import type { App } from "../../../app.js";
import type { Factory } from "../../../factory.js";
import { checkJsonFields } from "../../../record-fields.js";
import { verbHelp } from "../../verb-help.js";
import { flattenRound, ROUND_FIELDS } from "../race-records.js";
import { parseRoundNumber } from "./round-number.js";

export interface RoundStateVerb {
  readonly verb: string;
  readonly change: RoundStateChange;
  readonly description: string;
}

export interface RoundStateOptions {
  /** Race id or url. */
  readonly race: string;
  readonly round: number;
  readonly change: RoundStateChange;
}

export async function runRoundState(f: Factory, o: RoundStateOptions): Promise<void> {
  checkJsonFields(f, "round");
  const client = await f.client();
  if (o.change === "reset" && !f.globals.yes) {
    // Looked up before asking: a race or round not there exits 3, not "pass --yes".
    await client.races.rounds(o.race).get(o.round);
    await f.confirm(`Reset round ${o.round} of race ${o.race} to pending, clearing its times?`);
  }
  const record = flattenRound(await client.races.rounds(o.race).changeState(o.round, o.change));
  const printer = f.printer();
  if (printer.mode === "table")
    printer.note(`Round ${o.round} of race ${o.race} is ${String(record.state)}`);
  await printer.record(record, ROUND_FIELDS);
}

export function registerRoundStateVerb(noun: Command, app: App, spec: RoundStateVerb): void {
  noun
    .command(spec.verb)
    .description(spec.description)
    .argument("<race>", "race id or url")
    .argument("<round>", "round number (1, 2, ...)")
    .addHelpText(
      "after",
      `\nSends the round's state ${spec.change}.${
        spec.change === "reset"
          ? " Asks for confirmation first; --yes skips it (needed without a terminal)."
          : ""
      }`,
    )
    .addHelpText("after", verbHelp({ examples: ["{t} 2"] }))
    .action(async (race: string, round: string, _flags: unknown, command: Command) =>
      runRoundState(app.factory(command), {
        race,
        round: parseRoundNumber(round),
        change: spec.change,
      }),
    );
}
