import type { Command } from "commander";
import type { App } from "../../app.js";
import { registerCheckInVerb } from "./check-in.js";

export function registerUndoCheckIn(noun: Command, app: App): void {
  registerCheckInVerb(noun, app, "undo-check-in", "undo a participant's check-in");
}
