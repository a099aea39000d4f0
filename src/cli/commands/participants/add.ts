/** `tourney participants add <tournament> <name>`: one participant. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import type { Factory } from "../../factory.js";
import { PARTICIPANT_FIELDS } from "../../output/columns.js";
import { flatten } from "../../output/records.js";
import {
  addParticipantFlags,
  type ParticipantAttributes,
  type ParticipantFlags,
  participantAttributes,
} from "./participant-flags.js";

export interface ParticipantsAddOptions {
  /** Tournament id or url. */
  readonly tournament: string;
  readonly attributes: ParticipantAttributes & { readonly name: string };
}

/** Flags to options (no I/O). */
export function parseParticipantsAdd(
  tournament: string,
  name: string,
  flags: ParticipantFlags,
): ParticipantsAddOptions {
  return { tournament, attributes: { ...participantAttributes(flags), name } };
}

export async function runParticipantsAdd(f: Factory, o: ParticipantsAddOptions): Promise<void> {
  const client = await f.client();
  const record = await client.participants.create(o.tournament, { ...o.attributes });
  await f.printer().record(flatten(record), PARTICIPANT_FIELDS);
}

export function registerAdd(noun: Command, app: App): void {
  const command = noun
    .command("add")
    .description("add one participant")
    .argument("<tournament>", "tournament id or url")
    .argument("<name>", "participant name");
  addParticipantFlags(command).action(
    async (tournament: string, name: string, flags: ParticipantFlags, cmd: Command) => {
      const f = app.factory(cmd);
      await runParticipantsAdd(f, parseParticipantsAdd(tournament, name, flags));
    },
  );
}
