/** `tourney race round list <race>`: the rounds of a race. */
import type { Command } from "commander";
import type { App } from "../../../app.js";
import type { Factory } from "../../../factory.js";
import { addLimitOption, shownRecords } from "../../limit-option.js";
import { verbHelp } from "../../verb-help.js";
import { flattenRound, ROUND_COLUMNS } from "../race-records.js";

export interface RoundListOptions {
  /** Race id or url. */
  readonly race: string;
}

export async function runRoundList(f: Factory, o: RoundListOptions): Promise<void> {
  const client = await f.client();
  const { records } = await shownRecords(f, client.races.rounds(o.race).pages());
  await f
    .printer()
    .list(
      records.map(flattenRound),
      ROUND_COLUMNS,
      `no rounds yet: \`tourney race start ${o.race}\``,
    );
}

export function registerRoundList(noun: Command, app: App): void {
  addLimitOption(noun.command("list"))
    .alias("ls")
    .description("list the rounds of a race")
    .argument("<race>", "race id or url")
    .addHelpText("after", verbHelp({ examples: ["{t}"] }))
    .action(async (race: string, _flags: unknown, command: Command) =>
      runRoundList(app.factory(command), { race }),
    );
}
