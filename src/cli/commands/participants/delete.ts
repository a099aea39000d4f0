/** `tourney participants delete <tournament> <participant>`: confirms, then removes one. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import type { Factory } from "../../factory.js";
import { idValue } from "../../output/records.js";
import { checkJsonFields } from "../../record-fields.js";
import { CONFIRMS, verbHelp } from "../verb-help.js";
import { type OwnerKind, type ParticipantOwner, TOURNAMENT_OWNER } from "./participant-owner.js";
import { PARTICIPANT_REF_HELP, resolveParticipant } from "./participant-ref.js";

export interface ParticipantsDeleteOptions {
  /** Tournament id or url, or `{ race }`. */
  readonly owner: ParticipantOwner;
  /** Participant reference: id, #seed or name. */
  readonly participant: string;
}

export async function runParticipantsDelete(
  f: Factory,
  o: ParticipantsDeleteOptions,
): Promise<void> {
  checkJsonFields(f, "deleted");
  const client = await f.client();
  const target = await resolveParticipant(client, o.owner, o.participant);
  await f.confirm(`Remove participant ${target.id} "${String(target.attributes.name)}"?`);
  await client.participants.delete(o.owner, target.id);
  const printer = f.printer();
  if (printer.mode === "json") printer.json({ id: idValue(target.id), deleted: true });
  else printer.note(`Removed participant ${target.id}`);
}

export function registerDelete(noun: Command, app: App, kind: OwnerKind = TOURNAMENT_OWNER): void {
  noun
    .command("delete")
    .alias("rm")
    .description("remove a participant (before the start; later it deactivates and forfeits)")
    .argument(kind.argument, kind.argumentHelp)
    .argument("<participant>", PARTICIPANT_REF_HELP)
    .addHelpText("after", verbHelp({ examples: ["{t} Ada", "{t} Ada --yes"], confirms: CONFIRMS }))
    .action(async (ref: string, participant: string, _flags: unknown, command: Command) =>
      runParticipantsDelete(app.factory(command), { owner: kind.owner(ref), participant }),
    );
}
