/** `tourney race times list <race>`: the times of a round (the current one unless --round). */
import type { Command } from "commander";
import type { App } from "../../../app.js";
import type { Factory } from "../../../factory.js";
import type { FlatRecord } from "../../../output/records.js";
import { addLimitOption } from "../../limit-option.js";
import { verbHelp } from "../../verb-help.js";
import { flattenTime, TIME_COLUMNS } from "../race-records.js";
import { participantNames, readRoundTimes } from "./round-times.js";
import { parseRound } from "./time-flags.js";

export interface TimesListOptions {
  /** Race id or url. */
  readonly race: string;
  /** Round number; undefined: the race's current round. */
  readonly round?: number | undefined;
}

/** Ranked first, by rank; then the rest as the service lists them. */
function byRank(a: FlatRecord, b: FlatRecord): number {
  const rank = (r: FlatRecord) => (typeof r.rank === "number" ? r.rank : Number.POSITIVE_INFINITY);
  return rank(a) - rank(b);
}

export async function runTimesList(f: Factory, o: TimesListOptions): Promise<void> {
  const client = await f.client();
  const rt = await readRoundTimes(client, o.race, o.round);
  const names = participantNames(rt.participants);
  const records = rt.times.map((t) => flattenTime(t, names)).sort(byRank);
  const printer = f.printer();
  if (printer.mode === "table") printer.note(`Round ${rt.round} of race ${o.race}`);
  await printer.list(records, TIME_COLUMNS, `no times in round ${rt.round}`);
}

export function registerTimesList(noun: Command, app: App): void {
  addLimitOption(noun.command("list"))
    .alias("ls")
    .description("list the times of a round, by rank")
    .argument("<race>", "race id or url")
    .option("--round <n>", "round number (default: the current round)")
    .addHelpText("after", verbHelp({ examples: ["{t}", "{t} --round 2"] }))
    .action(async (race: string, flags: { round?: string }, command: Command) =>
      runTimesList(app.factory(command), { race, round: parseRound(flags.round) }),
    );
}
