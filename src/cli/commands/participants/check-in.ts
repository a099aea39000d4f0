/** `tourney participants check-in <tournament> <participant>`, and what undo-check-in shares. */
import type { Command } from "commander";
import { NotFoundError } from "../../../client/errors.js";
import type { App } from "../../app.js";
import type { Factory } from "../../factory.js";
import { PARTICIPANT_FIELDS } from "../../output/columns.js";
import { flatten } from "../../output/records.js";
import { checkJsonFields } from "../../record-fields.js";
import { verbHelp } from "../verb-help.js";
import { withCheckInHint } from "./check-in-hint.js";
import { PARTICIPANT_REF_HELP, resolveParticipant } from "./participant-ref.js";

const WINDOW_HELP = `
Check-in is open while the tournament is checking_in: from starts_at minus
registration_options.check_in_duration (minutes) until \`tourney tournament process-checkin\`.`;

export interface ParticipantsCheckInOptions {
  /** Tournament id or url. */
  readonly tournament: string;
  /** Participant reference: id, #seed or name. */
  readonly participant: string;
}

/**
 * A 404 for the check-in of a participant just read: the service has no check-in verb (it
 * is tourney's, not in the published v2.1 description, so the hosted service answers 404,
 * as the Prism mock's "The route ... hasn't been found in the specification file"), said
 * so (exit 3). Any other error as it is.
 */
function withoutCheckIn(error: unknown, path: string, undo: boolean): unknown {
  if (!(error instanceof NotFoundError)) return error;
  const verb = undo ? "undo_check_in" : "check_in";
  return new NotFoundError(
    404,
    `the service has no check-in (POST /tournaments/${path}/${verb} answered 404 for a participant it has): the check_in verb is tourney serve's, not in the published v2.1 description`,
  );
}

/** Check-in (or its undoing, `undo: true`) of one participant, then the participant. */
export async function checkInParticipant(
  f: Factory,
  o: ParticipantsCheckInOptions,
  undo: boolean,
): Promise<void> {
  checkJsonFields(f, "participant");
  const client = await f.client();
  const target = await resolveParticipant(client, o.tournament, o.participant);
  const send = undo
    ? client.participants.undoCheckIn(o.tournament, target.id)
    : client.participants.checkIn(o.tournament, target.id);
  const record = await send.catch((error: unknown) => {
    const why = withoutCheckIn(error, `${o.tournament}/participants/${target.id}`, undo);
    throw undo ? why : withCheckInHint(why, o.tournament, String(target.attributes.name));
  });
  await f.printer().record(flatten(record), PARTICIPANT_FIELDS);
}

export async function runParticipantsCheckIn(
  f: Factory,
  o: ParticipantsCheckInOptions,
): Promise<void> {
  await checkInParticipant(f, o, false);
}

/** `check-in` and `undo-check-in` differ only in the run function they call. */
export function registerCheckInVerb(
  noun: Command,
  app: App,
  verb: "check-in" | "undo-check-in",
  description: string,
  run: (f: Factory, o: ParticipantsCheckInOptions) => Promise<void>,
): void {
  noun
    .command(verb)
    .description(description)
    .argument("<tournament>", "tournament id or url")
    .argument("<participant>", PARTICIPANT_REF_HELP)
    .addHelpText("after", WINDOW_HELP)
    .addHelpText("after", verbHelp({ examples: ["{t} Ada"] }))
    .action(async (tournament: string, participant: string, _flags: unknown, command: Command) =>
      run(app.factory(command), { tournament, participant }),
    );
}

export function registerCheckIn(noun: Command, app: App): void {
  registerCheckInVerb(
    noun,
    app,
    "check-in",
    "check a participant in during the check-in window",
    runParticipantsCheckIn,
  );
}
