/** `tourney tournament pull <tournament> --from <profile> [--dry-run]`: export there, import here. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import type { Factory } from "../../factory.js";
import { verbHelp } from "../verb-help.js";

const HELP = `
The way back from \`tourney tournament publish\`: exports the tournament from the
profile PROFILE and imports it into the active backend, to keep running offline a
tournament begun on the service. Resumable and checked as publish is; --dry-run
prints what would be sent. See docs/offline.md.`;

export interface TournamentPullOptions {
  readonly tournament: string;
  /** The profile to pull from. */
  readonly from: string;
  readonly dryRun: boolean;
}

export async function runTournamentPull(f: Factory, o: TournamentPullOptions): Promise<void> {
  const { factoryOn, printTransfer, TOURNAMENTS, transfer } = await import(
    "../../transfer/other-profile.js"
  );
  const source = factoryOn(f, o.from, "--from");
  try {
    printTransfer(f, await transfer(source, f, o, TOURNAMENTS), TOURNAMENTS.line);
  } finally {
    await source.close();
  }
}

export function registerPull(noun: Command, app: App): void {
  noun
    .command("pull")
    .description("copy a tournament from another profile's backend into this one (resumable)")
    .argument("<tournament>", "tournament id or url")
    .requiredOption("--from <profile>", "the profile to pull from")
    .option("--dry-run", "print what would be sent, send nothing")
    .addHelpText("after", HELP)
    .addHelpText("after", verbHelp({ examples: ["{t} --from hosted"] }))
    .action(
      async (tournament: string, flags: { from: string; dryRun?: boolean }, command: Command) =>
        runTournamentPull(app.factory(command), {
          tournament,
          from: flags.from,
          dryRun: flags.dryRun === true,
        }),
    );
}
