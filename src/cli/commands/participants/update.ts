/** `tourney participants update <tournament> <participant>`: rename, reseed or annotate. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import { UsageError } from "../../errors.js";
import type { Factory } from "../../factory.js";
import { PARTICIPANT_FIELDS } from "../../output/columns.js";
import { flatten } from "../../output/records.js";
import {
  addParticipantFlags,
  type ParticipantAttributes,
  type ParticipantFlags,
  participantAttributes,
} from "./participant-flags.js";
import { PARTICIPANT_REF_HELP, resolveParticipant } from "./participant-ref.js";

export interface ParticipantsUpdateOptions {
  /** Tournament id or url. */
  readonly tournament: string;
  /** Participant reference: id, #seed or name. */
  readonly participant: string;
  /** What changes (at least one attribute). */
  readonly attributes: ParticipantAttributes;
}

/** Flags to options (no I/O): at least one attribute must change. */
export function parseParticipantsUpdate(
  tournament: string,
  participant: string,
  flags: ParticipantFlags,
): ParticipantsUpdateOptions {
  const attributes = participantAttributes(flags);
  if (Object.keys(attributes).length === 0)
    throw new UsageError("nothing to change: pass --name, --seed, --misc, --email or --username");
  return { tournament, participant, attributes };
}

export async function runParticipantsUpdate(
  f: Factory,
  o: ParticipantsUpdateOptions,
): Promise<void> {
  const client = await f.client();
  const target = await resolveParticipant(client, o.tournament, o.participant);
  const record = await client.participants.update(o.tournament, target.id, { ...o.attributes });
  await f.printer().record(flatten(record), PARTICIPANT_FIELDS);
}

export function registerUpdate(noun: Command, app: App): void {
  const command = noun
    .command("update")
    .alias("edit")
    .description("rename, reseed or annotate a participant")
    .argument("<tournament>", "tournament id or url")
    .argument("<participant>", PARTICIPANT_REF_HELP)
    .option("--name <name>", "new name");
  addParticipantFlags(command).action(
    async (tournament: string, participant: string, flags: ParticipantFlags, cmd: Command) => {
      const f = app.factory(cmd);
      await runParticipantsUpdate(f, parseParticipantsUpdate(tournament, participant, flags));
    },
  );
}
