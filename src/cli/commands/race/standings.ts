/**
 * `tourney race standings <race>`: total points, then best finishes, then total
 * time (GET /races/{r}/standings, an extension of v2.1; worked out from the rounds'
 * elapsed times when the service answers it 404, as the hosted one does).
 */
import type { Command } from "commander";
import type { ApiRecord } from "../../../client/envelope.js";
import { NotFoundError } from "../../../client/errors.js";
import type { App } from "../../app.js";
import type { Factory } from "../../factory.js";
import type { Column } from "../../output/printer.js";
import { type FlatRecord, flatten } from "../../output/records.js";
import { verbHelp } from "../verb-help.js";
import { formatTime } from "./times/time-format.js";

const HELP = `
Ranks the race's participants by total points (more is better), then best finishes
(round ranks compared best first: more wins, then more second places, ...), then total
time (the sum of their times; less is better). Level on all three, they share a rank.
Piped, each row is tab-separated: rank, participant id, name, points, finishes (round
ranks best first, "-" for a round without one), total time, rounds timed.
--json prints the service's records: participantId, name, rank, points, finishes,
totalTime (milliseconds), roundsTimed.`;

const finishes = (r: FlatRecord) =>
  Array.isArray(r.finishes) ? r.finishes.map((f) => (f === null ? "-" : String(f))).join(",") : "";

const totalTime = (r: FlatRecord) =>
  typeof r.formattedTotalTime === "string"
    ? r.formattedTotalTime
    : formatTime(r.totalTime as number | null);

export const STANDINGS_COLUMNS: readonly Column[] = [
  { header: "RANK", value: "rank" },
  { header: "ID", value: "participantId" },
  { header: "NAME", value: "name" },
  { header: "POINTS", value: "points" },
  { header: "FINISHES", value: finishes },
  { header: "TOTAL TIME", value: totalTime },
  { header: "ROUNDS TIMED", value: "roundsTimed" },
];

export interface RaceStandingsOptions {
  /** Race id or url. */
  readonly race: string;
}

export async function runRaceStandings(f: Factory, o: RaceStandingsOptions): Promise<void> {
  const client = await f.client();
  const printer = f.printer();
  let records: ApiRecord[];
  try {
    records = await client.races.standings(o.race);
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    const { derivedRaceStandings } = await import("./derived-standings.js");
    records = await derivedRaceStandings(client, o.race);
    printer.note(
      "the service has no standings (GET /standings answered 404): worked out from the rounds' elapsed times",
    );
  }
  await printer.list(
    records.map(flatten),
    STANDINGS_COLUMNS,
    `no standings yet: race ${o.race} has no participants`,
  );
}

export function registerStandings(noun: Command, app: App): void {
  noun
    .command("standings")
    .description("rank the participants: points, best finishes, total time")
    .argument("<race>", "race id or url")
    .addHelpText("after", HELP)
    .addHelpText("after", verbHelp({ examples: ["{t}", "{t} --json"] }))
    .action(async (race: string, _flags: unknown, command: Command) =>
      runRaceStandings(app.factory(command), { race }),
    );
}
