/** `tourney tournament publish <tournament> --to <profile> [--dry-run]`: export here, import there. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import type { Factory } from "../../factory.js";
import { verbHelp } from "../verb-help.js";

const HELP = `
Exports the tournament from the active backend (as \`tourney tournament export\`) and
imports it into the profile PROFILE (as \`tourney tournament import\`): created there
with the same url and settings, the participants added with their seeds, the results
replayed in the order they were played, each checked against the players the target
match holds (a difference stops it, exit 5). Run it again after an interruption: it
continues where it stopped and sends nothing twice. --dry-run prints what would be
sent and sends nothing. The way back: \`tourney tournament pull\`. See docs/offline.md.`;

export interface TournamentPublishOptions {
  readonly tournament: string;
  /** The profile to publish to. */
  readonly to: string;
  readonly dryRun: boolean;
}

export async function runTournamentPublish(f: Factory, o: TournamentPublishOptions): Promise<void> {
  const { factoryOn, printTransfer, TOURNAMENTS, transfer } = await import(
    "../../transfer/other-profile.js"
  );
  const target = factoryOn(f, o.to, "--to");
  try {
    printTransfer(f, await transfer(f, target, o, TOURNAMENTS), TOURNAMENTS.line);
  } finally {
    await target.close();
  }
}

export function registerPublish(noun: Command, app: App): void {
  noun
    .command("publish")
    .description("copy a tournament to another profile's backend (resumable)")
    .argument("<tournament>", "tournament id or url")
    .requiredOption("--to <profile>", "the profile to publish to")
    .option("--dry-run", "print what would be sent, send nothing")
    .addHelpText("after", HELP)
    .addHelpText("after", verbHelp({ examples: ["{t} --to hosted", "{t} --to hosted --dry-run"] }))
    .action(async (tournament: string, flags: { to: string; dryRun?: boolean }, command: Command) =>
      runTournamentPublish(app.factory(command), {
        tournament,
        to: flags.to,
        dryRun: flags.dryRun === true,
      }),
    );
}
