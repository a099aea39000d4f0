/** `tourney match mark-underway <tournament> <match>`: sets underway_at. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import type { Factory } from "../../factory.js";
import { verbHelp } from "../verb-help.js";
import { GROUP_REF_HELP, MATCH_REF_HELP, type MatchTarget } from "./match-ref.js";
import { runMatchStateChange } from "./match-state.js";

export type MatchMarkUnderwayOptions = MatchTarget;

export async function runMatchMarkUnderway(f: Factory, o: MatchMarkUnderwayOptions): Promise<void> {
  await runMatchStateChange(f, { ...o, change: "mark_as_underway" });
}

export function registerMarkUnderway(noun: Command, app: App): void {
  noun
    .command("mark-underway")
    .description("mark an open match as being played now (sets underway_at)")
    .argument("<tournament>", "tournament id or url")
    .argument("<match>", MATCH_REF_HELP)
    .option("--group <group>", GROUP_REF_HELP)
    .addHelpText("after", verbHelp({ examples: ["{t} C"] }))
    .action(async (tournament: string, match: string, o: { group?: string }, command: Command) =>
      runMatchMarkUnderway(app.factory(command), { tournament, match, group: o.group }),
    );
}
