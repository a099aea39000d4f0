/** `tourney tournament list`: tournaments, filtered as the service filters them. */
import type { Command } from "commander";
import type { TournamentFilters } from "../../../client/tournaments.js";
import { TOURNAMENT_STATES, TOURNAMENT_TYPES } from "../../../model/tournament.js";
import type { App } from "../../app.js";
import { remember, tournamentWord } from "../../completion/remember.js";
import type { Factory } from "../../factory.js";
import { TOURNAMENT_COLUMNS } from "../../output/columns.js";
import { flatten } from "../../output/records.js";
import { choiceOption } from "../choice-option.js";
import { addLimitOption, shownRecords } from "../limit-option.js";
import { verbHelp } from "../verb-help.js";
import { publishedDates } from "./list-dates.js";
import { inStatePages, publishedStateQuery } from "./list-state.js";
import { narrows, recordsOfText } from "./list-text.js";

/** The list filter's groups of states, then every state (the service takes both). */
const STATE_FILTERS = [
  "all",
  "pending",
  "in_progress",
  "ended",
  ...TOURNAMENT_STATES.filter((s) => s !== "pending"),
];

/** The flags as commander hands them over (choices already checked). */
export interface TournamentListFlags {
  readonly state?: string;
  readonly type?: string;
  readonly createdAfter?: string;
  readonly createdBefore?: string;
}

export interface TournamentListOptions {
  /** The list query, as the contract names its parameters. */
  readonly filters: TournamentFilters;
}

/** Flags to the contract's query (no I/O): a type is spelled with `_` for spaces. */
export function parseTournamentList(flags: TournamentListFlags): TournamentListOptions {
  const filters: Record<string, string> = {};
  if (flags.state) filters.state = flags.state;
  if (flags.type) filters.type = flags.type.replaceAll(" ", "_");
  if (flags.createdAfter) filters.created_after = flags.createdAfter;
  if (flags.createdBefore) filters.created_before = flags.createdBefore;
  return { filters };
}

export async function runTournamentList(f: Factory, o: TournamentListOptions): Promise<void> {
  // A remote service takes the published filter's groups of states only (list-state.ts) and
  // dates written mm/dd/yyyy (list-dates.ts).
  const query =
    f.profile().backend === "remote"
      ? publishedStateQuery(publishedDates(o.filters))
      : { filters: o.filters };
  const { filters } = query;
  const client = await f.client();
  const printer = f.printer();
  const empty = "no tournaments yet: `tourney tournament create --name NAME` makes one";
  // Plain --json on the embedded backend: the text as SQLite makes it, written as it is
  // made, no record built (store/tournament-records-json.ts; 1,000 tournaments: see
  // docs/development.md).
  if (printer.plainJsonList) {
    const written = await client.tournaments.listAllJson(filters, (parts) =>
      printer.listJson(parts),
    );
    if (written !== undefined) {
      remember(f, "tournament", written.words, undefined, narrows(o.filters));
      return;
    }
  } else {
    const text = await recordsOfText(f, filters, client, printer);
    if (text !== undefined)
      return printer.list(text.records, TOURNAMENT_COLUMNS, empty, text.chosen);
  }
  // In the service's order: with -L N, no page past the N-th record kept is read.
  const { records, whole } = await shownRecords(
    f,
    inStatePages(client.tournaments.pages(filters), query),
  );
  remember(
    f,
    "tournament",
    // Of the resource itself: flattening a thousand records twice costs a list ~1 ms.
    records.map((r) => tournamentWord({ id: r.id, url: r.attributes.url })),
    undefined,
    narrows(o.filters) || !whole,
  );
  await printer.list(records.map(flatten), TOURNAMENT_COLUMNS, empty);
}

export function registerList(noun: Command, app: App): void {
  addLimitOption(noun.command("list"))
    .alias("ls")
    .description("list tournaments")
    .addOption(
      choiceOption("--state <state>", "only tournaments in this state or group of states", {
        allowed: STATE_FILTERS,
      }),
    )
    .addOption(
      choiceOption("--type <type>", "only tournaments of this type", {
        allowed: TOURNAMENT_TYPES,
        spelling: (type) => type.replaceAll(" ", "_"),
      }),
    )
    .option("--created-after <date>", "created after this date (2026-01-31 or 01/31/2026)")
    .option("--created-before <date>", "created before this date")
    .addHelpText(
      "after",
      verbHelp({
        examples: ["", "--state in_progress --type double_elimination", "--json id,name,state"],
      }),
    )
    .action(async (flags: TournamentListFlags, command: Command) =>
      runTournamentList(app.factory(command), parseTournamentList(flags)),
    );
}
