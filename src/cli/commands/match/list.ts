/** `tourney match list <tournament>`: matches in play order, filtered. */
import type { Command } from "commander";
import type { ApiClient } from "../../../client/api-client.js";
import { NotFoundError } from "../../../client/errors.js";
import type { MatchFilters } from "../../../client/matches.js";
import type { ResourceObject } from "../../../model/resource.js";
import type { App } from "../../app.js";
import { remember, tapPages } from "../../completion/remember.js";
import { UsageError } from "../../errors.js";
import type { Factory } from "../../factory.js";
import type { FlatRecord } from "../../output/records.js";
import { choiceOption } from "../choice-option.js";
import { addLimitOption } from "../limit-option.js";
import { PARTICIPANT_REF_HELP, resolveParticipant } from "../participants/participant-ref.js";
import { checkedPages, letterGroup } from "./list-filters.js";
import {
  matchColumns,
  matchRecord,
  rosterOf,
  type StationsByMatch,
  stationsByMatch,
} from "./match-columns.js";
import { type GroupRef, parseGroupRef } from "./match-ref.js";
import { refuseIfNotStarted } from "./not-started.js";
import { selectedBy } from "./selected.js";

const STATES = ["open", "pending", "complete", "all"] as const;

/** The flags as commander hands them over (--state checked against STATES). */
export interface MatchListFlags {
  readonly state: string;
  readonly participant?: string;
  readonly round?: string;
  readonly group?: string;
}

export interface MatchListOptions {
  /** Tournament id or url. */
  readonly tournament: string;
  readonly state: (typeof STATES)[number];
  /** Participant reference (id, #seed or name). */
  readonly participant?: string;
  /** Only this round (negative in the losers bracket); filtered here, the interface has no filter. */
  readonly round?: number;
  /** Only this group (its id, or its letter: match-ref.ts); filtered here too. */
  readonly group?: GroupRef;
}

function wholeNumber(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value))
    throw new UsageError(`${flag} needs a whole number, not ${JSON.stringify(value)}`);
  return Number(value);
}

/** Flags to options (no I/O): --round is a whole number, --group a group's number or letter. */
export function parseMatchList(tournament: string, flags: MatchListFlags): MatchListOptions {
  const round = wholeNumber("--round", flags.round);
  const group = flags.group === undefined ? undefined : parseGroupRef(flags.group);
  return {
    tournament,
    state: flags.state as MatchListOptions["state"],
    ...(flags.participant === undefined ? {} : { participant: flags.participant }),
    ...(round === undefined ? {} : { round }),
    ...(group === undefined ? {} : { group }),
  };
}

/** Whether a flag leaves some of the matches out. */
function filtered(o: MatchListOptions): boolean {
  return (
    o.state !== "all" ||
    o.participant !== undefined ||
    o.round !== undefined ||
    o.group !== undefined
  );
}

/**
 * The matches --round and --group keep. --state and --participant, though sent as `?state=`
 * and `?participant_id=`, are checked too as the pages come (selected.ts): a service that
 * ignores them (the Prism mock does) answers matches in every state and of every participant,
 * as `tournament list --state` leaves records of another state out remotely.
 */
function keep(o: MatchListOptions, group: number | null | undefined): (m: FlatRecord) => boolean {
  return (m) =>
    (o.round === undefined || m.round === o.round) &&
    (group === undefined || (m.group_id ?? null) === group);
}

/**
 * The group id --group names: null for `final` (the final stage's matches have no group); a
 * letter is resolved among the group ids of every match, read for it (the group stage's
 * groups in order), as it is for the other commands (match-ref.ts); a letter naming no group
 * is refused as a number naming none is (list-filters.ts: exit 2).
 */
async function groupIdOf(
  client: ApiClient,
  o: MatchListOptions,
): Promise<number | null | undefined> {
  const group = o.group;
  if (group === undefined || "id" in group) return group?.id;
  if ("final" in group) return null;
  const all = await client.matches.listAll(o.tournament);
  if (all.length === 0) await refuseIfNotStarted(client, o.tournament);
  return letterGroup(all, o.tournament, group.letter);
}

export async function runMatchList(f: Factory, o: MatchListOptions): Promise<void> {
  const client = await f.client();
  const printer = f.printer();
  const group = await groupIdOf(client, o);
  const participant =
    o.participant === undefined
      ? undefined
      : (await resolveParticipant(client, o.tournament, o.participant)).id;
  const filters: MatchFilters = {
    ...(o.state === "all" ? {} : { state: o.state }),
    ...(participant === undefined ? {} : { participant_id: participant }),
  };
  const identifiers: string[] = [];
  // Every match was read, none filtered out: the list replaces the cache's, else adds to it.
  let whole = false;
  const shown = (source: AsyncIterable<readonly ResourceObject[]>) =>
    tapPages(
      shownPages(source, selectedBy(filters), keep(o, group)),
      (m) => identifiers.push(String(m.identifier ?? m.id)),
      () => {
        whole = !filtered(o);
      },
    );
  const seen = () => remember(f, "match", identifiers, [o.tournament], !whole);
  // --round and --group are checked as the list is read (list-filters.ts): its own read is
  // every match when the service filters nothing.
  const source = checkedPages(
    client,
    o.tournament,
    client.matches.pages(o.tournament, filters),
    {
      ...(o.round === undefined ? {} : { round: o.round }),
      ...(typeof group === "number" ? { groupId: group } : {}),
    },
    Object.keys(filters).length === 0,
  );
  if (printer.mode === "json") return printer.listPages(shown(source), []).then(seen);
  const { first, pages } = await readAhead(source);
  // The stations are asked for only where the matches have a station_id (serve's, the
  // embedded service's): the published Match has none, nor are stations a published path,
  // so a hosted service would answer that request 404 every time.
  const onStations = first?.some((m) => Object.hasOwn(m.attributes, "station_id")) === true;
  const [participants, stations] = await Promise.all([
    client.participants.listAll(o.tournament),
    onStations ? stationsOf(client, o.tournament) : undefined,
  ]);
  await printer.listPages(
    shown(pages),
    matchColumns(rosterOf(participants), stations, printer.mode === "table", allFreeForAll(first)),
    o.state === "all" ? "no matches: the tournament has not started" : `no ${o.state} matches`,
  );
  seen();
}

/** Whether a page holds matches and all of them are free-for-all (participant_ids). */
function allFreeForAll(page: readonly ResourceObject[] | undefined): boolean {
  return (page?.length ?? 0) > 0 && page!.every((m) => Array.isArray(m.attributes.participant_ids));
}

/** The first page of `source`, read now, and every page again from that first one. */
async function readAhead<T>(
  source: AsyncIterable<T>,
): Promise<{ first: T | undefined; pages: AsyncIterable<T> }> {
  const iterator = source[Symbol.asyncIterator]();
  const head = await iterator.next();
  async function* pages(): AsyncGenerator<T> {
    if (head.done === true) return;
    try {
      yield head.value;
      for (let next = await iterator.next(); next.done !== true; next = await iterator.next())
        yield next.value;
    } finally {
      // --limit stops reading early: the source is closed as it would have been.
      await iterator.return?.();
    }
  }
  return { first: head.done === true ? undefined : head.value, pages: pages() };
}

/**
 * Which station holds which match, when the tournament has stations (undefined:
 * none, or a service without stations, which answers 404).
 */
async function stationsOf(
  client: ApiClient,
  tournament: string,
): Promise<StationsByMatch | undefined> {
  try {
    const stations = await client.stations.of(tournament).listAll();
    return stations.length === 0 ? undefined : stationsByMatch(stations);
  } catch (error) {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
}

/** Each page's matches the filters sent select, as output shows them, those the flags keep. */
async function* shownPages(
  pages: AsyncIterable<readonly ResourceObject[]>,
  selected: (m: ResourceObject) => boolean,
  shown: (m: FlatRecord) => boolean,
): AsyncGenerator<FlatRecord[]> {
  for await (const page of pages) yield page.filter(selected).map(matchRecord).filter(shown);
}

export function registerList(noun: Command, app: App): void {
  addLimitOption(noun.command("list"))
    .alias("ls")
    .description("list the matches of a tournament, in play order")
    .argument("<tournament>", "tournament id or url")
    .addOption(
      choiceOption("--state <state>", "only matches in this state", {
        allowed: STATES,
      }).default("all"),
    )
    .option("--participant <participant>", `only matches of ${PARTICIPANT_REF_HELP}`)
    .option("--round <n>", "only this round (negative in the losers bracket)")
    .option(
      "--group <group>",
      "only this group of the group stage: its number or letter (A = the first); final: the final stage's matches",
    )
    .addHelpText(
      "after",
      `
Columns: ID, MATCH (identifier), ROUND, GROUP, STATE, PLAYER 1, PLAYER 2, SCORES (sets
from player 1's side, as \`match report --scores\` takes them), WINNER ("tie" for a
draw), UNDERWAY ("yes" when marked underway), and STATION (the station playing it)
when the tournament has stations. On a terminal, ROUND names the places a third-place or
placement match decides ("3 (3rd)": the third-place match; "2 (5-8)": a semi-final for
places 5-8; "3 (5th)": the 5th-place match); piped rows keep the round's number. A free-for-all match lists all its
players under PLAYER 1 and their ranks under SCORES; on a terminal, a list of free-for-all
matches has one PLAYERS column instead, and a column empty in every row is left out. --json prints the service's
match records (id plus attributes: player1_id, player2_id, winner_id, ...): SCORES is
their score_in_sets ([[3, 1], [3, 2]]); their scores is the sets won ("2 - 0").

Example:
  tourney match list spring_cup --state open`,
    )
    .action(async (tournament: string, flags: MatchListFlags, command: Command) => {
      const f = app.factory(command);
      await runMatchList(f, parseMatchList(tournament, flags));
    });
}
