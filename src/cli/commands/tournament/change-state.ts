/** `tourney tournament change-state <tournament> <state>`: any change_state value. */
import type { Command } from "commander";
import { STATE_CHANGES } from "../../../model/tournament.js";
import type { App } from "../../app.js";
import { parseStateChange, runTournamentStateChange } from "./state-change.js";

export function registerChangeState(noun: Command, app: App): void {
  noun
    .command("change-state")
    .description("send any change_state value (the verbs start, finalize, ... do the same)")
    .argument("<tournament>", "tournament id or url")
    .argument("<state>", `${STATE_CHANGES.join(" | ")} (dashes accepted)`)
    .addHelpText(
      "after",
      `
reset and reset_group_stage ask for confirmation first (--yes skips it).

Example:
  tourney tournament change-state spring_cup open_predictions`,
    )
    .action(async (tournament: string, state: string, _flags: unknown, command: Command) => {
      const change = parseStateChange(state);
      await runTournamentStateChange(app.factory(command), { tournament, change });
    });
}
