/** `tourney race publish <race> --to <profile> [--dry-run]`: export here, import there. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import type { Factory } from "../../factory.js";
import { verbHelp } from "../verb-help.js";

const HELP = `
Exports the race from the active backend (as \`tourney race export\`) and imports it
into the profile PROFILE (as \`tourney race import\`): created there with the same url
and settings, the participants added with their seeds, then round by round started,
its times entered and finalized as in the file. Run it again after an interruption:
it sends only what the target lacks. --dry-run prints what would be sent and sends
nothing. See docs/offline.md.`;

export interface RacePublishOptions {
  readonly race: string;
  /** The profile to publish to. */
  readonly to: string;
  readonly dryRun: boolean;
}

export async function runRacePublish(f: Factory, o: RacePublishOptions): Promise<void> {
  const { factoryOn, printTransfer, transfer } = await import("../../transfer/other-profile.js");
  const { RACES } = await import("../../transfer/race-transfer.js");
  const target = factoryOn(f, o.to, "--to");
  try {
    const options = { tournament: o.race, dryRun: o.dryRun };
    printTransfer(f, await transfer(f, target, options, RACES), RACES.line);
  } finally {
    await target.close();
  }
}

export function registerPublish(noun: Command, app: App): void {
  noun
    .command("publish")
    .description("copy a race to another profile's backend (resumable)")
    .argument("<race>", "race id or url")
    .requiredOption("--to <profile>", "the profile to publish to")
    .option("--dry-run", "print what would be sent, send nothing")
    .addHelpText("after", HELP)
    .addHelpText("after", verbHelp({ examples: ["{t} --to hosted", "{t} --to hosted --dry-run"] }))
    .action(async (race: string, flags: { to: string; dryRun?: boolean }, command: Command) =>
      runRacePublish(app.factory(command), { race, to: flags.to, dryRun: flags.dryRun === true }),
    );
}
