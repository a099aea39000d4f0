/** `tourney tournament update <tournament>`: change attributes given by the attribute flags. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import { UsageError } from "../../errors.js";
import type { Factory } from "../../factory.js";
import { TOURNAMENT_FIELDS } from "../../output/columns.js";
import { flatten } from "../../output/records.js";
import { checkJsonFields } from "../../record-fields.js";
import { verbHelp } from "../verb-help.js";
import {
  type AttributeFlags,
  addAttributeFlags,
  asksThirdPlace,
  attributesFrom,
  checkThirdPlace,
  type TournamentAttributes,
} from "./attribute-flags.js";

export interface TournamentUpdateOptions {
  /** Tournament id or url. */
  readonly tournament: string;
  /** The attributes to change (at least one). */
  readonly attributes: TournamentAttributes;
}

/** Flags to options (no I/O): at least one attribute must change. */
export function parseTournamentUpdate(
  tournament: string,
  flags: AttributeFlags,
): TournamentUpdateOptions {
  const attributes = attributesFrom(flags);
  if (Object.keys(attributes).length === 0) {
    throw new UsageError(
      "nothing to change: pass at least one flag, e.g. --name or --set path=value",
    );
  }
  return { tournament, attributes };
}

export async function runTournamentUpdate(f: Factory, o: TournamentUpdateOptions): Promise<void> {
  checkJsonFields(f, "tournament");
  const client = await f.client();
  if (asksThirdPlace(o.attributes)) {
    // --third-place depends on the type the tournament will have: given, or its current one.
    const type =
      o.attributes.tournament_type ??
      (await client.tournaments.get(o.tournament)).attributes.tournament_type;
    checkThirdPlace(o.attributes, type);
  }
  const record = flatten(await client.tournaments.update(o.tournament, o.attributes));
  await f.printer().record(record, TOURNAMENT_FIELDS);
}

export function registerUpdate(noun: Command, app: App): void {
  const command = noun
    .command("update")
    .alias("edit")
    .description("change a tournament's attributes")
    .argument("<tournament>", "tournament id or url");
  command.addHelpText(
    "after",
    verbHelp({ examples: ['{t} --name "Spring Cup 2"', "{t} --type swiss --swiss-rounds 5"] }),
  );
  addAttributeFlags(command).action(
    async (tournament: string, flags: AttributeFlags, cmd: Command) => {
      const f = app.factory(cmd);
      await runTournamentUpdate(f, parseTournamentUpdate(tournament, flags));
    },
  );
}
