/** `tourney race round view <race> <round>`: one round. */
import type { Command } from "commander";
import type { App } from "../../../app.js";
import type { Factory } from "../../../factory.js";
import { verbHelp } from "../../verb-help.js";
import { flattenRound, ROUND_FIELDS } from "../race-records.js";
import { parseRoundNumber } from "./round-number.js";

export interface RoundViewOptions {
  /** Race id or url. */
  readonly race: string;
  readonly round: number;
}

export async function runRoundView(f: Factory, o: RoundViewOptions): Promise<void> {
  const client = await f.client();
  const record = await client.races.rounds(o.race).get(o.round);
  await f.printer().record(flattenRound(record), ROUND_FIELDS);
}

export function registerRoundView(noun: Command, app: App): void {
  noun
    .command("view")
    .alias("show")
    .description("show one round")
    .argument("<race>", "race id or url")
    .argument("<round>", "round number (1, 2, ...)")
    .addHelpText("after", verbHelp({ examples: ["{t} 1"] }))
    .action(async (race: string, round: string, _flags: unknown, command: Command) =>
      runRoundView(app.factory(command), { race, round: parseRoundNumber(round) }),
    );
}
