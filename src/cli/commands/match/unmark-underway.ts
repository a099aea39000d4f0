/** `tourney match unmark-underway <tournament> <match>`: clears underway_at. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import type { Factory } from "../../factory.js";
import { verbHelp } from "../verb-help.js";
import { GROUP_REF_HELP, MATCH_REF_HELP, type MatchTarget } from "./match-ref.js";
import { runMatchStateChange } from "./match-state.js";

export type MatchUnmarkUnderwayOptions = MatchTarget;

export async function runMatchUnmarkUnderway(
  f: Factory,
  o: MatchUnmarkUnderwayOptions,
): Promise<void> {
  await runMatchStateChange(f, { ...o, change: "unmark_as_underway" });
}

export function registerUnmarkUnderway(noun: Command, app: App): void {
  noun
    .command("unmark-underway")
    .description("clear the underway mark of an open match (clears underway_at)")
    .argument("<tournament>", "tournament id or url")
    .argument("<match>", MATCH_REF_HELP)
    .option("--group <group>", GROUP_REF_HELP)
    .addHelpText("after", verbHelp({ examples: ["{t} C"] }))
    .action(async (tournament: string, match: string, o: { group?: string }, command: Command) =>
      runMatchUnmarkUnderway(app.factory(command), { tournament, match, group: o.group }),
    );
}
