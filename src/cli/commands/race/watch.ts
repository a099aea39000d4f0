/** `tourney race watch <race>`: the race's events as they happen, as `tourney watch <race> --race` (issue 19). */
import type { Command } from "commander";
import type { App } from "../../app.js";
import { parseWatch, runWatch, type WatchFlags, watchOptions } from "../watch/watch.js";

const HELP = `
Prints the race's events as they happen: its state (underway, completed), rounds started
and finished, times recorded (taken back: no time). At a terminal one line each; piped or
with --json one JSON object a line (NDJSON, docs/watching.md documents the fields).
The race's uponMatchesOpen governs round.started, uponTournamentEnds the change to
completed (--all shows them anyway); --until complete exits 0 once the race is completed.
The same as tourney watch RACE --race.

Examples:
  tourney race watch spring_gp
  tourney race watch spring_gp --json --until complete --events elapsed_time.recorded`;

export function registerRaceWatch(noun: Command, app: App): void {
  const command = noun
    .command("watch")
    .description("print the race's events as they happen (rounds, times, its end)")
    .argument("<race>", "race id or url");
  watchOptions(command)
    .addHelpText("after", HELP)
    .action(async (race: string, flags: WatchFlags, cmd: Command) => {
      const f = app.factory(cmd);
      const options = parseWatch(race, { ...flags, race: true }, f.deps.now?.() ?? new Date());
      return runWatch(f, options);
    });
}
