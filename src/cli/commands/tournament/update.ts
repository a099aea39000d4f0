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
  attributesFrom,
  type TournamentAttributes,
} from "./attribute-flags.js";
import { checkTypeOptions, hasTypeOptions } from "./type-options.js";

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

const stageOf = (a: Record<string, unknown>): unknown =>
  (a.group_stage_options as Record<string, unknown> | undefined)?.stage_type;

export async function runTournamentUpdate(f: Factory, o: TournamentUpdateOptions): Promise<void> {
  checkJsonFields(f, "tournament");
  const client = await f.client();
  if (hasTypeOptions(o.attributes)) {
    // A type's options depend on the type (and group stage) the tournament will have:
    // given, or its current one. Refused before the write: exit 2.
    const now = (await client.tournaments.get(o.tournament)).attributes;
    const given = o.attributes.tournament_type;
    checkTypeOptions(o.attributes, {
      type: given ?? now.tournament_type,
      groupStage: (o.attributes.group_stage_enabled ?? now.group_stage_enabled) === true,
      stageType: stageOf(o.attributes) ?? stageOf(now),
      whence: given === undefined ? ` (tournament ${o.tournament}'s type)` : "",
    });
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
