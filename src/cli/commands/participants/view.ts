/** `tourney participants view <tournament> <participant>`: one participant. */
import type { Command } from "commander";
import { isRace } from "../../../client/participant-owner.js";
import type { App } from "../../app.js";
import type { Factory } from "../../factory.js";
import { PARTICIPANT_FIELDS } from "../../output/columns.js";
import { flatten } from "../../output/records.js";
import { verbHelp } from "../verb-help.js";
import { finalRankFields } from "./final-rank-column.js";
import { seedColumns, seedsShownIn } from "./hidden-seeds.js";
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
  // A tournament's record, read once: its seeds hidden or not, and whether it is complete.
  const [record, tournament] = await Promise.all([
    resolveParticipant(client, o.owner, o.participant),
    printer.mode === "json" || isRace(o.owner) ? undefined : client.tournaments.get(o.owner),
  ]);
  const fields = seedColumns(
    PARTICIPANT_FIELDS,
    tournament === undefined || seedsShownIn(tournament),
  );
  // The ranks are fixed (finalize): "out in group N" where the final stage gave none.
  const complete = printer.mode === "table" && tournament?.attributes.state === "complete";
  await printer.record(flatten(record), complete ? finalRankFields(fields) : fields);
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
