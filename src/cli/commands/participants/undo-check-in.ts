/** `tourney participants undo-check-in <tournament> <participant>`. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import type { Factory } from "../../factory.js";
import {
  checkInParticipant,
  type ParticipantsCheckInOptions,
  registerCheckInVerb,
} from "./check-in.js";

export type ParticipantsUndoCheckInOptions = ParticipantsCheckInOptions;

export async function runParticipantsUndoCheckIn(
  f: Factory,
  o: ParticipantsUndoCheckInOptions,
): Promise<void> {
  await checkInParticipant(f, o, true);
}

export function registerUndoCheckIn(noun: Command, app: App): void {
  registerCheckInVerb(
    noun,
    app,
    "undo-check-in",
    "undo a participant's check-in",
    runParticipantsUndoCheckIn,
  );
}
