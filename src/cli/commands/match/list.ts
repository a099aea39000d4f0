import type { Command } from "commander";
import type { MatchFilters } from "../../../client/matches.js";
import type { App } from "../../app.js";
import { UsageError } from "../../errors.js";
import type { FlatRecord } from "../../output/records.js";
import { choiceOption } from "../choice-option.js";
import { PARTICIPANT_REF_HELP, resolveParticipant } from "../participants/participant-ref.js";
import { matchColumns, matchRecord, rosterOf } from "./match-columns.js";

interface ListOptions {
  state: string;
  participant?: string;
  round?: string;
  group?: string;
}

function wholeNumber(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value))
    throw new UsageError(`${flag} needs a whole number, not ${JSON.stringify(value)}`);
  return Number(value);
}

/** --round and --group filter what the service returned (the interface has no such filters). */
function keep(options: ListOptions): (m: FlatRecord) => boolean {
  const round = wholeNumber("--round", options.round);
  const group = wholeNumber("--group", options.group);
  return (m) =>
    (round === undefined || m.round === round) && (group === undefined || m.group_id === group);
}

export function registerList(noun: Command, app: App): void {
  noun
    .command("list")
    .alias("ls")
    .description("list the matches of a tournament, in play order")
    .argument("<tournament>", "tournament id or url")
    .addOption(
      choiceOption("--state <state>", "only matches in this state", {
        allowed: ["open", "pending", "complete", "all"],
      }).default("all"),
    )
    .option("--participant <participant>", `only matches of ${PARTICIPANT_REF_HELP}`)
    .option("--round <n>", "only this round (negative in the losers bracket)")
    .option("--group <n>", "only this group of the group stage")
    .addHelpText(
      "after",
      `
Columns: ID, MATCH (identifier), ROUND, GROUP, STATE, PLAYER 1, PLAYER 2, SCORES (sets
from player 1's side, as \`match report --scores\` takes them), WINNER ("tie" for a
draw), UNDERWAY ("yes" when marked underway). A free-for-all match lists all its
players under PLAYER 1 and their ranks under SCORES. --json prints the service's
match records (id plus attributes: player1_id, player2_id, winner_id, ...).

Example:
  tourney match list spring_cup --state open`,
    )
    .action(async (tournament: string, options: ListOptions, command: Command) => {
      const f = app.factory(command);
      const filter = keep(options);
      const client = await f.client();
      const printer = f.printer();
      const participant =
        options.participant === undefined
          ? undefined
          : (await resolveParticipant(client, tournament, options.participant)).id;
      const filters: MatchFilters = {
        ...(options.state === "all" ? {} : { state: options.state }),
        ...(participant === undefined ? {} : { participant_id: participant }),
      };
      const matches = (await client.matches.listAll(tournament, filters)).map(matchRecord);
      const shown = matches.filter(filter);
      if (printer.mode === "json") return printer.json(shown);
      const roster = rosterOf(await client.participants.listAll(tournament));
      await printer.list(
        shown,
        matchColumns(roster),
        options.state === "all"
          ? "no matches: the tournament has not started"
          : `no ${options.state} matches`,
      );
    });
}
