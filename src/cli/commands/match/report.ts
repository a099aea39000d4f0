import type { Command } from "commander";
import type { ApiClient } from "../../../client/api-client.js";
import type { MatchReport } from "../../../client/matches.js";
import type { ResourceObject } from "../../../model/resource.js";
import type { App } from "../../app.js";
import { StateRefusedError, UsageError } from "../../errors.js";
import { findParticipant, PARTICIPANT_REF_HELP } from "../participants/participant-ref.js";
import { matchFields, matchRecord, nameOf, playerIds, rosterOf } from "./match-columns.js";
import { GROUP_REF_HELP, MATCH_REF_HELP, resolveMatch } from "./match-ref.js";
import {
  freeForAllReport,
  oneOnOneReport,
  parseRanks,
  parseRefList,
  parseScores,
  setsWon,
} from "./report-input.js";

interface ReportOptions {
  winner?: string;
  scores?: string;
  tie?: boolean;
  force?: boolean;
  ranks?: string[];
  advancing?: string[];
  group?: string;
}

const HELP = `
Scores are written from player 1's side: player 1 is the match's first player, as
\`tourney match view\` and \`tourney match list\` show it. "--scores 3-1,2-3,3-0" means
player 1 won the first set 3-1, lost the second 2-3 and won the third 3-0; the command
sends score_set "3,2,3" for player 1 and "1,3,0" for player 2.

--winner completes the match (the winner advances); --tie completes it as a draw (round
robin and swiss only: the service refuses a tie in elimination); with --scores alone the
scores are recorded and the match stays open. A --winner who, by --scores, won fewer
sets than the other player is refused as a likely slip, unless --force.

Free for all: --ranks gives every player's place (1 = best) and --advancing the players
who move on to the next round (not needed in the last round).

Identifiers repeat across groups and stages: --group picks the group's match, and a
--winner (or --ranks) playing in only one of the matches named so picks that one.

Examples:
  tourney match report spring_cup A --winner Ada --scores 3-1,2-3,3-0
  tourney match report spring_cup 57 --winner '#2'
  tourney match report league C --tie --scores 1-1
  tourney match report cup B --group 2 --winner Ada
  tourney match report race A --ranks Ada=1,Grace=2,Linus=3,Alan=4 --advancing Ada,Grace`;

const collect = (value: string, previous: string[] = []) => [...previous, value];

function checkFlags(o: ReportOptions): void {
  const oneOnOne = o.winner !== undefined || o.tie === true || o.scores !== undefined;
  if (o.ranks !== undefined && oneOnOne)
    throw new UsageError("--ranks (free for all) does not go with --winner, --tie or --scores");
  if (o.advancing !== undefined && o.ranks === undefined)
    throw new UsageError("--advancing goes with --ranks (free-for-all matches)");
  if (o.tie === true && o.winner !== undefined)
    throw new UsageError("--tie and --winner exclude each other: a tie has no winner");
  if (!oneOnOne && o.ranks === undefined)
    throw new UsageError("nothing to report: pass --winner, --tie, --scores, or --ranks");
}

function bothPlayers(match: ResourceObject): [number, number] {
  const [p1, p2] = playerIds(match);
  if (p1 === null || p2 === null) {
    throw new StateRefusedError(
      `match ${String(match.attributes.identifier)} (${match.id}) is ${String(match.attributes.state)}: its players are not both known yet`,
    );
  }
  return [p1, p2];
}

function oneOnOne(
  o: ReportOptions,
  match: ResourceObject,
  participants: readonly ResourceObject[],
  tournament: string,
): MatchReport {
  const [player1, player2] = bothPlayers(match);
  const roster = rosterOf(participants);
  const label = `match ${String(match.attributes.identifier)} (${nameOf(roster, player1)} vs ${nameOf(roster, player2)})`;
  const sets = o.scores === undefined ? [] : parseScores(o.scores);
  let winner: number | undefined;
  if (o.winner !== undefined) {
    winner = Number(findParticipant(participants, tournament, o.winner).id);
    if (winner !== player1 && winner !== player2)
      throw new UsageError(`--winner ${o.winner} is not a player of ${label}`);
    const [won1, won2] = setsWon(sets);
    const [mine, theirs] = winner === player1 ? [won1, won2] : [won2, won1];
    if (mine < theirs && o.force !== true) {
      throw new UsageError(
        `--scores ${o.scores} read from player 1's side (${nameOf(roster, player1)}) give the match to the other player, not to --winner ${nameOf(roster, winner)}; write the scores from player 1's side, or pass --force`,
      );
    }
  }
  return oneOnOneReport({ player1, player2, sets, winner, tie: o.tie === true });
}

function freeForAll(
  o: ReportOptions,
  participants: readonly ResourceObject[],
  tournament: string,
): MatchReport {
  const id = (ref: string) => Number(findParticipant(participants, tournament, ref).id);
  const ranks = parseRanks(o.ranks ?? []).map(([ref, rank]) => [id(ref), rank] as const);
  const advancing = new Set(parseRefList(o.advancing ?? []).map(id));
  return freeForAllReport(ranks, advancing);
}

/** The participants the flags name: a match holding them all is the one meant (match-ref.ts). */
function namedParticipants(
  o: ReportOptions,
  participants: readonly ResourceObject[],
  tournament: string,
): number[] {
  const refs = [
    ...(o.winner === undefined ? [] : [o.winner]),
    ...(o.ranks === undefined ? [] : parseRanks(o.ranks).map(([participant]) => participant)),
  ];
  return refs.map((r) => Number(findParticipant(participants, tournament, r).id));
}

async function report(client: ApiClient, tournament: string, ref: string, o: ReportOptions) {
  const participants = await client.participants.listAll(tournament);
  const match = await resolveMatch(client, tournament, ref, {
    group: o.group,
    participants: namedParticipants(o, participants, tournament),
  });
  const body =
    o.ranks === undefined
      ? oneOnOne(o, match, participants, tournament)
      : freeForAll(o, participants, tournament);
  const updated = await client.matches.update(tournament, match.id, body);
  return { updated, participants };
}

export function registerReport(noun: Command, app: App): void {
  noun
    .command("report")
    .description("report a match result: the winner and set scores (player 1's side first)")
    .argument("<tournament>", "tournament id or url")
    .argument("<match>", MATCH_REF_HELP)
    .option("--group <group>", GROUP_REF_HELP)
    .option("--winner <participant>", `who won and advances: ${PARTICIPANT_REF_HELP}`)
    .option("--scores <sets>", "set scores from player 1's side, e.g. 3-1,2-3,3-0")
    .option("--tie", "the match ended in a tie (round robin and swiss only)")
    .option("--force", "report a --winner even if --scores say the other player won more sets")
    .option(
      "--ranks <participant=rank,...>",
      "free for all: every player's place (repeatable)",
      collect,
    )
    .option("--advancing <participants>", "free for all: players moving on (repeatable)", collect)
    .addHelpText("after", HELP)
    .action(async (tournament: string, ref: string, o: ReportOptions, command: Command) => {
      checkFlags(o);
      const f = app.factory(command);
      const { updated, participants } = await report(await f.client(), tournament, ref, o);
      const record = matchRecord(updated);
      if (record.state !== "complete") {
        f.printer().note(
          `Scores recorded; match ${String(record.identifier)} stays open: pass --winner or --tie to complete it`,
        );
      }
      await f.printer().record(record, matchFields(rosterOf(participants)));
    });
}
