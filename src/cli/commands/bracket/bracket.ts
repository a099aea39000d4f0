/** `tourney bracket <tournament>`: the bracket drawn in the terminal. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import { UsageError } from "../../errors.js";
import type { Factory } from "../../factory.js";
import { COMMUNITY_FLAG } from "../community-option.js";
import { bracketText, fetchBracket, lookOf, recordsJson } from "./draw.js";

export interface BracketFlags {
  readonly round?: string;
  readonly fromRound?: string;
}

export interface BracketOptions {
  /** Tournament id or url. */
  readonly tournament: string;
  /** Only this round (negative: the losers bracket's). */
  readonly round?: number;
  /** This round and the later ones. */
  readonly fromRound?: number;
}

function wholeNumber(flag: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value) || Number(value) === 0 || Number(value) < min)
    throw new UsageError(
      `${flag} needs a round number${min > 0 ? " from 1" : " (not 0)"}, not ${JSON.stringify(value)}`,
    );
  return Number(value);
}

/** Flags to options (no I/O): --round and --from-round are round numbers, one or the other. */
export function parseBracket(tournament: string, flags: BracketFlags): BracketOptions {
  const round = wholeNumber("--round", flags.round, Number.MIN_SAFE_INTEGER);
  const fromRound = wholeNumber("--from-round", flags.fromRound, 1);
  if (round !== undefined && fromRound !== undefined)
    throw new UsageError("--round and --from-round cannot be used together");
  return {
    tournament,
    ...(round === undefined ? {} : { round }),
    ...(fromRound === undefined ? {} : { fromRound }),
  };
}

export async function runBracket(f: Factory, o: BracketOptions): Promise<void> {
  const client = await f.client();
  const records = await fetchBracket(client, o.tournament);
  const printer = f.printer();
  if (printer.mode === "json") return printer.json(recordsJson(records));
  const filter = {
    ...(o.round === undefined ? {} : { round: o.round }),
    ...(o.fromRound === undefined ? {} : { fromRound: o.fromRound }),
  };
  const drawn = await bracketText(records, lookOf(f), filter);
  if (drawn.matches > 0 && !drawn.selected) {
    const which = o.round === undefined ? `from round ${o.fromRound}` : `round ${o.round}`;
    throw new UsageError(`the bracket has no ${which}`);
  }
  f.io.stdout.write(drawn.text);
  if (drawn.matches === 0)
    printer.note(
      `no matches yet: the bracket is drawn once the tournament starts (tourney tournament start ${o.tournament})`,
    );
}

const HELP = `
Draws the bracket with box-drawing characters: single and double elimination as trees
(winners bracket, losers bracket, grand final and its reset once played, third-place
match), round robin as a grid of results, swiss as a standings table and its rounds,
free for all as rounds of matches; a group stage's groups one after the other, then the
final stage. Winners are bold, scores (one per set) beside the names, open matches
marked "▸ open" (or "▸ underway").

A bracket wider than the terminal is drawn a few rounds at a time, each part under the
last; --round N draws round N only (-N: the losers bracket's), --from-round N round N
and the later ones. The width is COLUMNS, else the terminal's.
Piped (or under TERM=dumb), plain ASCII characters; no colour when piped or under
NO_COLOR or --no-color. --json prints the records it is drawn from: tournament,
participants, matches and standings (null when the service has none).

Examples:
  tourney bracket spring_cup
  tourney bracket spring_cup --from-round 3
  tourney bracket 12 --round -2      # the losers bracket's second round`;

export function registerBracket(program: Command, app: App): void {
  program
    .command("bracket")
    .alias("brackets")
    .description("draw a tournament's bracket in the terminal")
    .argument("<tournament>", "tournament id or url")
    .option("--round <n>", "only this round (negative: the losers bracket's)")
    .option("--from-round <n>", "this round and the later ones")
    .option(
      COMMUNITY_FLAG,
      "the tournament's community (default: TOURNEY_COMMUNITY, then the profile's)",
    )
    .addHelpText("after", HELP)
    .action(async (tournament: string, flags: BracketFlags, cmd: Command) =>
      runBracket(app.factory(cmd), parseBracket(tournament, flags)),
    );
}
