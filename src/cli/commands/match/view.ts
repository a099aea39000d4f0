/** `tourney match view <tournament> <match>`: one match, player 1 first. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import type { Factory } from "../../factory.js";
import { showsSeeds } from "../participants/hidden-seeds.js";
import { verbHelp } from "../verb-help.js";
import { matchFields, matchRecord } from "./match-columns.js";
import { ParticipantLookup } from "./match-players.js";
import { GROUP_REF_HELP, MATCH_REF_HELP, type MatchTarget, resolveMatch } from "./match-ref.js";

export type MatchViewOptions = MatchTarget;

/** Reads the match, then (for the table) its players by id, not the whole roster. */
export async function runMatchView(f: Factory, o: MatchViewOptions): Promise<void> {
  const client = await f.client();
  const match = await resolveMatch(client, o.tournament, o.match, { group: o.group });
  const printer = f.printer();
  if (printer.mode === "json") return printer.json(matchRecord(match));
  const [roster, seeds] = await Promise.all([
    new ParticipantLookup(client, o.tournament).playersOf(match),
    showsSeeds(client, o.tournament, false),
  ]);
  const ffa = printer.mode === "table" && Array.isArray(match.attributes.participant_ids);
  await printer.record(matchRecord(match), matchFields(roster, seeds, ffa));
}

export function registerView(noun: Command, app: App): void {
  noun
    .command("view")
    .alias("show")
    .description("show one match: players (player 1 first), scores, winner")
    .argument("<tournament>", "tournament id or url")
    .argument("<match>", MATCH_REF_HELP)
    .option("--group <group>", GROUP_REF_HELP)
    .addHelpText("after", verbHelp({ examples: ["{t} C", "{t} 12 --json"] }))
    .action(async (tournament: string, match: string, o: { group?: string }, command: Command) =>
      runMatchView(app.factory(command), { tournament, match, group: o.group }),
    );
}
