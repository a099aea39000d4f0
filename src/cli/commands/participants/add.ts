/** `tourney participants add <tournament> <name>`: one participant. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import type { Factory } from "../../factory.js";
import { PARTICIPANT_FIELDS } from "../../output/columns.js";
import { flatten } from "../../output/records.js";
import { checkJsonFields } from "../../record-fields.js";
import { verbHelp } from "../verb-help.js";
import {
  addParticipantFlags,
  type ParticipantAttributes,
  type ParticipantFlags,
  participantAttributes,
} from "./participant-flags.js";
import {
  type OwnerKind,
  type ParticipantOwner,
  participantRecord,
  TOURNAMENT_OWNER,
} from "./participant-owner.js";

export interface ParticipantsAddOptions {
  /** Tournament id or url, or `{ race }`. */
  readonly owner: ParticipantOwner;
  readonly attributes: ParticipantAttributes & { readonly name: string };
}

/** Flags to options (no I/O). */
export function parseParticipantsAdd(
  owner: ParticipantOwner,
  name: string,
  flags: ParticipantFlags,
): ParticipantsAddOptions {
  return { owner, attributes: { ...participantAttributes(flags), name } };
}

export async function runParticipantsAdd(f: Factory, o: ParticipantsAddOptions): Promise<void> {
  checkJsonFields(f, participantRecord(o.owner));
  const client = await f.client();
  const record = await client.participants.create(o.owner, { ...o.attributes });
  await f.printer().record(flatten(record), PARTICIPANT_FIELDS);
}

export function registerAdd(noun: Command, app: App, kind: OwnerKind = TOURNAMENT_OWNER): void {
  const command = noun
    .command("add")
    .description("add one participant")
    .argument(kind.argument, kind.argumentHelp)
    .argument("<name>", "participant name");
  command.addHelpText("after", verbHelp({ examples: ["{t} Ada", "{t} Grace --seed 1"] }));
  addParticipantFlags(command).action(
    async (ref: string, name: string, flags: ParticipantFlags, cmd: Command) => {
      const f = app.factory(cmd);
      await runParticipantsAdd(f, parseParticipantsAdd(kind.owner(ref), name, flags));
    },
  );
}
