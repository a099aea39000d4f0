import type { Command } from "commander";
import { TOURNAMENT_STATES, TOURNAMENT_TYPES } from "../../../model/tournament.js";
import type { App } from "../../app.js";
import { TOURNAMENT_COLUMNS } from "../../output/columns.js";
import { flatten } from "../../output/records.js";
import { choiceOption } from "../choice-option.js";

/** The list filter's groups of states, then every state (the service takes both). */
const STATE_FILTERS = [
  "all",
  "pending",
  "in_progress",
  "ended",
  ...TOURNAMENT_STATES.filter((s) => s !== "pending"),
];

export function registerList(noun: Command, app: App): void {
  noun
    .command("list")
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
    .action(async (options: Record<string, string | undefined>, command: Command) => {
      const f = app.factory(command);
      const client = await f.client();
      const filters: Record<string, string> = {};
      if (options.state) filters.state = options.state;
      if (options.type) filters.type = options.type.replaceAll(" ", "_");
      if (options.createdAfter) filters.created_after = options.createdAfter;
      if (options.createdBefore) filters.created_before = options.createdBefore;
      const records = await client.tournaments.listAll(filters);
      await f
        .printer()
        .list(
          records.map(flatten),
          TOURNAMENT_COLUMNS,
          "no tournaments yet: `tourney tournament create --name NAME` makes one",
        );
    });
}
