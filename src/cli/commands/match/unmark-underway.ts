import type { Command } from "commander";
import type { App } from "../../app.js";
import { GROUP_REF_HELP, MATCH_REF_HELP } from "./match-ref.js";
import { changeMatchState } from "./match-state.js";

export function registerUnmarkUnderway(noun: Command, app: App): void {
  noun
    .command("unmark-underway")
    .description("clear the underway mark of an open match (clears underway_at)")
    .argument("<tournament>", "tournament id or url")
    .argument("<match>", MATCH_REF_HELP)
    .option("--group <group>", GROUP_REF_HELP)
    .action(async (tournament: string, match: string, o: { group?: string }, command: Command) =>
      changeMatchState(app, command, { tournament, match, group: o.group }, "unmark_as_underway"),
    );
}
