/** `tourney participants update <tournament> <participant>`: rename, reseed or annotate. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import { UsageError } from "../../errors.js";
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
import { PARTICIPANT_REF_HELP, resolveParticipant } from "./participant-ref.js";

export interface ParticipantsUpdateOptions {
  /** Tournament id or url, or `{ race }`. */
  readonly owner: ParticipantOwner;
  /** Participant reference: id, #seed or name. */
  readonly participant: string;
  /** What changes (at least one attribute). */
  readonly attributes: ParticipantAttributes;
}

/** Flags to options (no I/O): at least one attribute must change. */
export function parseParticipantsUpdate(
  owner: ParticipantOwner,
  participant: string,
  flags: ParticipantFlags,
): ParticipantsUpdateOptions {
  const attributes = participantAttributes(flags);
  if (Object.keys(attributes).length === 0)
    throw new UsageError("nothing to change: pass --name, --seed, --misc, --email or --username");
  return { owner, participant, attributes };
}

export async function runParticipantsUpdate(
  f: Factory,
  o: ParticipantsUpdateOptions,
): Promise<void> {
  checkJsonFields(f, participantRecord(o.owner));
  const client = await f.client();
  const target = await resolveParticipant(client, o.owner, o.participant);
  const record = await client.participants.update(o.owner, target.id, { ...o.attributes });
  await f.printer().record(flatten(record), PARTICIPANT_FIELDS);
}

export function registerUpdate(noun: Command, app: App, kind: OwnerKind = TOURNAMENT_OWNER): void {
  const command = noun
    .command("update")
    .alias("edit")
    .description("rename, reseed or annotate a participant")
    .argument(kind.argument, kind.argumentHelp)
    .argument("<participant>", PARTICIPANT_REF_HELP)
    .option("--name <name>", "new name");
  command.addHelpText(
    "after",
    verbHelp({ examples: ['{t} Ada --name "Ada L."', '{t} "#4" --seed 1'] }),
  );
  addParticipantFlags(command).action(
    async (ref: string, participant: string, flags: ParticipantFlags, cmd: Command) => {
      const f = app.factory(cmd);
      await runParticipantsUpdate(f, parseParticipantsUpdate(kind.owner(ref), participant, flags));
    },
  );
}
