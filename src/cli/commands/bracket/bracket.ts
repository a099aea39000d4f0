/**
 * `tourney bracket <tournament>`: the bracket drawn in the terminal; with --web
 * its live page on `tourney serve` (web.ts), with --share, --shares and
 * --revoke-share the share links of that page (share.ts). Both load lazily.
 */
import type { Command } from "commander";
import type { App } from "../../app.js";
import { UsageError } from "../../errors.js";
import type { Factory } from "../../factory.js";
import { printsNoJson } from "../../json-form.js";
import { COMMUNITY_FLAG } from "../community-option.js";
import { bracketText, fetchBracket, lookOf, recordsJson } from "./draw.js";

export interface BracketFlags {
  readonly round?: string;
  readonly fromRound?: string;
  readonly web?: boolean;
  readonly share?: boolean;
  readonly shares?: boolean;
  readonly revokeShare?: string;
  /** `--no-open` sets it false. */
  readonly open?: boolean;
}

export interface BracketOptions {
  /** Tournament id or url. */
  readonly tournament: string;
  /** Only this round (negative: the losers bracket's). */
  readonly round?: number;
  /** This round and the later ones. */
  readonly fromRound?: number;
  /**
   * What to do instead of drawing: open the page (`web`, with a share link when
   * `share`), make a share link, list them, or revoke one (`revoke`: its id or token).
   */
  readonly action?:
    | { readonly kind: "web"; readonly share: boolean; readonly open: boolean }
    | { readonly kind: "share" }
    | { readonly kind: "shares" }
    | { readonly kind: "revoke"; readonly link: string };
}

function wholeNumber(flag: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value) || Number(value) === 0 || Number(value) < min)
    throw new UsageError(
      `${flag} needs a round number${min > 0 ? " from 1" : " (not 0)"}, not ${JSON.stringify(value)}`,
    );
  return Number(value);
}

/** The page and share-link flags (one action at most), checked against the drawing flags. */
function actionOf(flags: BracketFlags, drawing: boolean): BracketOptions["action"] {
  const given = [
    flags.web === true ? "--web" : undefined,
    flags.shares === true ? "--shares" : undefined,
    flags.revokeShare === undefined ? undefined : "--revoke-share",
  ].filter((f) => f !== undefined);
  if (given.length > 1) throw new UsageError(`${given.join(" and ")} cannot be used together`);
  if (flags.share === true && given.length === 1 && flags.web !== true)
    throw new UsageError(`--share cannot be used with ${given[0]}`);
  if (flags.open === false && flags.web !== true)
    throw new UsageError(
      "--no-open goes with --web (the page's address is printed, no browser opens)",
    );
  const action: BracketOptions["action"] =
    flags.web === true
      ? { kind: "web", share: flags.share === true, open: flags.open !== false }
      : flags.shares === true
        ? { kind: "shares" }
        : flags.revokeShare !== undefined
          ? { kind: "revoke", link: flags.revokeShare }
          : flags.share === true
            ? { kind: "share" }
            : undefined;
  if (action !== undefined && drawing)
    throw new UsageError(
      "--round and --from-round choose what the terminal drawing shows; the page and its share links show every round",
    );
  return action;
}

/** Flags to options (no I/O): --round and --from-round are round numbers, one or the other. */
export function parseBracket(tournament: string, flags: BracketFlags): BracketOptions {
  const round = wholeNumber("--round", flags.round, Number.MIN_SAFE_INTEGER);
  const fromRound = wholeNumber("--from-round", flags.fromRound, 1);
  if (round !== undefined && fromRound !== undefined)
    throw new UsageError("--round and --from-round cannot be used together");
  const action = actionOf(flags, round !== undefined || fromRound !== undefined);
  return {
    tournament,
    ...(round === undefined ? {} : { round }),
    ...(fromRound === undefined ? {} : { fromRound }),
    ...(action === undefined ? {} : { action }),
  };
}

/** --web, --share, --shares, --revoke-share: their modules load only then. */
async function runAction(
  f: Factory,
  tournament: string,
  action: NonNullable<BracketOptions["action"]>,
): Promise<void> {
  if (action.kind === "web") {
    const { runWeb } = await import("./web.js");
    return runWeb(f, { tournament, share: action.share, open: action.open });
  }
  const share = await import("./share.js");
  if (action.kind === "share") return share.runShare(f, tournament);
  if (action.kind === "shares") return share.runShares(f, tournament);
  return share.runRevokeShare(f, tournament, share.shareReference(action.link));
}

export async function runBracket(f: Factory, o: BracketOptions): Promise<void> {
  if (o.action !== undefined) return runAction(f, o.tournament, o.action);
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
Piped (or under TERM=dumb, or a locale not UTF-8 such as LANG=C), plain ASCII characters; no colour when piped or under
NO_COLOR or --no-color. --json prints the records it is drawn from: tournament,
participants, matches and standings (null when the service has none).

The live page: --web opens the bracket on \`tourney serve\`'s page in a browser
(on the embedded backend it serves the page itself from a loopback address until Ctrl-C);
--no-open prints the address only. A private tournament's page needs a share link: --share
makes one (a read-only token for this tournament alone, printed once as the page's full
address; with --web, opened), --shares lists them, --revoke-share ID|TOKEN|URL revokes one.

Examples:
  tourney bracket spring_cup
  tourney bracket spring_cup --from-round 3
  tourney bracket 12 --round -2      # the losers bracket's second round
  tourney bracket spring_cup --web
  tourney bracket spring_cup --share
  tourney bracket spring_cup --revoke-share 3`;

export function registerBracket(program: Command, app: App): void {
  printsNoJson(program.command("bracket"), {
    onlyWith: "web",
    prints: "the page's address",
    instead: "`--share --json` prints a share link's record",
  })
    .alias("brackets")
    .description("draw a tournament's bracket in the terminal")
    .argument("<tournament>", "tournament id or url")
    .option("--round <n>", "only this round (negative: the losers bracket's)")
    .option("--from-round <n>", "this round and the later ones")
    .option("--web", "open the live bracket page in a browser (serve's page)")
    .option("--no-open", "with --web: print the page's address, open no browser")
    .option("--share", "make a read-only share link of the page and print its address")
    .option("--shares", "list the page's share links")
    .option("--revoke-share <link>", "revoke a share link (its id, token or address)")
    .option(
      COMMUNITY_FLAG,
      "the tournament's community (default: TOURNEY_COMMUNITY, then the profile's)",
    )
    .addHelpText("after", HELP)
    .action(async (tournament: string, flags: BracketFlags, cmd: Command) =>
      runBracket(app.factory(cmd), parseBracket(tournament, flags)),
    );
}
