/** `tourney tournament create`: a new tournament from the attribute flags. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import { UsageError } from "../../errors.js";
import type { Factory } from "../../factory.js";
import { TOURNAMENT_FIELDS } from "../../output/columns.js";
import { flatten } from "../../output/records.js";
import { checkJsonFields } from "../../record-fields.js";
import { noteTakenUrl } from "../taken-url.js";
import { verbHelp } from "../verb-help.js";
import {
  type AttributeFlags,
  addAttributeFlags,
  attributesFrom,
  type TournamentAttributes,
} from "./attribute-flags.js";
import { askCreate } from "./create-prompts.js";
import { checkTypeOptions, hasTypeOptions } from "./type-options.js";

export interface TournamentCreateOptions {
  /**
   * The new tournament's attributes; without `name`, the name, the type (when
   * `askType`) and the type's options are asked at a prompt (create-prompts.ts).
   */
  readonly attributes: TournamentAttributes;
  /** No --type was given: a prompt asks it (its default: single elimination). */
  readonly askType?: boolean;
}

/** Flags to options (no I/O): the type defaults to single elimination. */
export function parseTournamentCreate(flags: AttributeFlags): TournamentCreateOptions {
  const attributes = attributesFrom(flags);
  const given = attributes.tournament_type;
  const type = given ?? "single elimination";
  // Options of another type (or of a group stage without one) are refused: exit 2.
  checkTypeOptions(attributes, {
    type,
    groupStage: attributes.group_stage_enabled === true,
    stageType: (attributes.group_stage_options as Record<string, unknown> | undefined)?.stage_type,
    whence: given === undefined ? " (the type without --type)" : "",
  });
  return {
    attributes: { ...attributes, tournament_type: type },
    // --third-place with no --type: single elimination, not a type that refuses it.
    ...(given === undefined && !hasTypeOptions(attributes) ? { askType: true } : {}),
  };
}

/** The attributes, with the name (and type and options) asked when --name is missing. */
async function complete(f: Factory, o: TournamentCreateOptions): Promise<TournamentAttributes> {
  if (o.attributes.name !== undefined) return o.attributes;
  if (!f.canPrompt()) throw new UsageError("--name is required");
  return askCreate(f.prompter(), o.attributes, o.askType === true);
}

export async function runTournamentCreate(f: Factory, o: TournamentCreateOptions): Promise<void> {
  checkJsonFields(f, "tournament");
  const attributes = await complete(f, o);
  const client = await f.client();
  const record = flatten(await client.tournaments.create(attributes));
  const printer = f.printer();
  if (printer.mode === "table")
    printer.note(`Created tournament ${record.id} (${String(record.url)})`);
  noteTakenUrl(
    printer,
    "tournament",
    { name: String(record.name), url: attributes.url },
    record.url,
  );
  await printer.record(record, TOURNAMENT_FIELDS);
}

export function registerCreate(noun: Command, app: App): void {
  const command = noun
    .command("create")
    .description("create a tournament (type defaults to single elimination)")
    .addHelpText(
      "after",
      verbHelp({
        examples: [
          '--name "Spring Cup" --third-place',
          '--name "Autumn Cup" --type "double elimination" --grand-finals "single match"',
        ],
      }),
    );
  addAttributeFlags(command).action(async (flags: AttributeFlags, cmd: Command) => {
    const f = app.factory(cmd);
    await runTournamentCreate(f, parseTournamentCreate(flags));
  });
}
