/** `tourney participants randomize <tournament>`: shuffled seeds. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import type { Factory } from "../../factory.js";
import { PARTICIPANT_COLUMNS } from "../../output/columns.js";
import { flatten } from "../../output/records.js";
import { checkJsonFields } from "../../record-fields.js";
import { verbHelp } from "../verb-help.js";
import {
  type OwnerKind,
  type ParticipantOwner,
  participantRecord,
  TOURNAMENT_OWNER,
} from "./participant-owner.js";

export interface ParticipantsRandomizeOptions {
  /** Tournament id or url, or `{ race }`. */
  readonly owner: ParticipantOwner;
}

export async function runParticipantsRandomize(
  f: Factory,
  o: ParticipantsRandomizeOptions,
): Promise<void> {
  checkJsonFields(f, participantRecord(o.owner));
  const client = await f.client();
  const records = await client.participants.randomize(o.owner);
  await f.printer().list(records.map(flatten), PARTICIPANT_COLUMNS);
}

export function registerRandomize(
  noun: Command,
  app: App,
  kind: OwnerKind = TOURNAMENT_OWNER,
): void {
  noun
    .command("randomize")
    .alias("shuffle")
    .description(
      kind.noun === "tournament"
        ? "shuffle the seeds of a tournament not started (pending, checking in or checked in)"
        : `shuffle the seeds of a pending ${kind.noun}`,
    )
    .argument(kind.argument, kind.argumentHelp)
    .addHelpText("after", verbHelp({ examples: ["{t}"] }))
    .action(async (ref: string, _flags: unknown, command: Command) =>
      runParticipantsRandomize(app.factory(command), { owner: kind.owner(ref) }),
    );
}
