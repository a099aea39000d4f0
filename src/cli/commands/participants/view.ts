/** `tourney participants view <tournament> <participant>`: one participant. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import type { Factory } from "../../factory.js";
import { PARTICIPANT_FIELDS } from "../../output/columns.js";
import { flatten } from "../../output/records.js";
import { verbHelp } from "../verb-help.js";
import { seedColumns, showsSeeds } from "./hidden-seeds.js";
import { type OwnerKind, type ParticipantOwner, TOURNAMENT_OWNER } from "./participant-owner.js";
import { PARTICIPANT_REF_HELP, resolveParticipant } from "./participant-ref.js";

export interface ParticipantsViewOptions {
  /** Tournament id or url, or `{ race }`. */
  readonly owner: ParticipantOwner;
  /** Participant reference: id, #seed or name. */
  readonly participant: string;
}

export async function runParticipantsView(f: Factory, o: ParticipantsViewOptions): Promise<void> {
  const client = await f.client();
  const printer = f.printer();
  const [record, seeds] = await Promise.all([
    resolveParticipant(client, o.owner, o.participant),
    showsSeeds(client, o.owner, printer.mode === "json"),
  ]);
  await printer.record(flatten(record), seedColumns(PARTICIPANT_FIELDS, seeds));
}

export function registerView(noun: Command, app: App, kind: OwnerKind = TOURNAMENT_OWNER): void {
  noun
    .command("view")
    .alias("show")
    .description("show one participant")
    .argument(kind.argument, kind.argumentHelp)
    .argument("<participant>", PARTICIPANT_REF_HELP)
    .addHelpText("after", verbHelp({ examples: ["{t} Ada", '{t} "#1"', "{t} name:42"] }))
    .action(async (ref: string, participant: string, _flags: unknown, command: Command) =>
      runParticipantsView(app.factory(command), { owner: kind.owner(ref), participant }),
    );
}
