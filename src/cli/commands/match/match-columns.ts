/**
 * How matches show in tables and tab-separated output: players by name (from
 * the tournament's participants), set scores as `match report --scores` takes
 * them ("3-1,2-3,3-0", player 1's score first), the winner by name.
 */
import { placementColumnOf, placesShort } from "../../../bracket-model/places-title.js";
import { playerIds } from "../../../model/match-players.js";
import type { ResourceObject } from "../../../model/resource.js";
import type { Factory } from "../../factory.js";
import { type Column, cellText } from "../../output/printer.js";
import { type FlatRecord, flatten } from "../../output/records.js";
import { checkJsonFieldsOf } from "../../record-fields.js";

export { playerIds };

/** Participants by id. */
export type Roster = ReadonlyMap<number, ResourceObject>;

export function rosterOf(participants: readonly ResourceObject[]): Roster {
  return new Map(participants.map((p) => [Number(p.id), p]));
}

function idOf(value: unknown): number | undefined {
  if (typeof value === "number") return value;
  if (typeof value === "string" && /^\d+$/.test(value)) return Number(value);
  return undefined;
}

export function nameOf(roster: Roster, value: unknown): string {
  const id = idOf(value);
  if (id === undefined) return "";
  const name = roster.get(id)?.attributes.name;
  return typeof name === "string" ? name : String(id);
}

/** The match as output shows it: id plus attributes, player ids filled in from relationships. */
export function matchRecord(match: ResourceObject): FlatRecord {
  const [player1_id, player2_id] = playerIds(match);
  return { ...flatten(match), player1_id, player2_id };
}

/**
 * Refuses (exit 2) a `--json` field the record of `match` lacks, as `match view` does when
 * printing it: for the verbs that write a match, after reading it and before the write. A
 * write leaves a match of the same kind, so the fields it prints are the ones read
 * (`participant_ids` only in a free-for-all match); before, a one-on-one match was written,
 * then printing failed (exit 8).
 */
export function checkMatchJsonFields(f: Factory, match: ResourceObject): void {
  checkJsonFieldsOf(f, matchRecord(match));
}

/** "Ada (id 12, seed 1)": how `match view` names a player ("Ada (id 12)" with `seeds` false). */
function playerLabel(roster: Roster, value: unknown, seeds: boolean): string {
  const id = idOf(value);
  if (id === undefined) return "";
  const seed = roster.get(id)?.attributes.seed;
  const seedText = seeds && typeof seed === "number" ? `, seed ${seed}` : "";
  return `${nameOf(roster, id)} (id ${id}${seedText})`;
}

function isFreeForAll(m: FlatRecord): boolean {
  return Array.isArray(m.participant_ids);
}

/** "3-1,2-3,3-0" from score_in_sets; a free-for-all match gives its ranks. */
export function setsText(m: FlatRecord): string {
  if (isFreeForAll(m)) {
    const points = Array.isArray(m.points_by_participant) ? m.points_by_participant : [];
    const ranks = points.map((p: { rank?: unknown }) => p.rank ?? "-");
    return ranks.some((r) => r !== "-") ? `ranks ${ranks.join(",")}` : "";
  }
  const sets = Array.isArray(m.score_in_sets) ? (m.score_in_sets as unknown[][]) : [];
  return sets.map((s) => s.join("-")).join(",");
}

/**
 * "forfeit (Bo removed)": a one-on-one match completed with a winner and no sets whose loser
 * is no longer active (removed after the start: docs/tournaments.md, a forfeit); undefined
 * for any other match. From the records as read: the match's score_in_sets, the loser's
 * states.active.
 */
export function forfeitText(roster: Roster, m: FlatRecord): string | undefined {
  if (isFreeForAll(m) || m.state !== "complete" || m.tie === true) return undefined;
  if (Array.isArray(m.score_in_sets) && m.score_in_sets.length > 0) return undefined;
  const id = idOf(m.loser_id);
  const states = id === undefined ? undefined : roster.get(id)?.attributes.states;
  if ((states as { active?: unknown } | undefined)?.active !== false) return undefined;
  return `forfeit (${nameOf(roster, id)} removed)`;
}

/** SCORES as a person reads it: setsText, or forfeitText for a forfeit. */
function scoresText(roster: Roster): (m: FlatRecord) => string {
  return (m) => forfeitText(roster, m) ?? setsText(m);
}

function players(roster: Roster, m: FlatRecord): [string, string] {
  if (isFreeForAll(m))
    return [(m.participant_ids as unknown[]).map((id) => nameOf(roster, id)).join(", "), ""];
  return [nameOf(roster, m.player1_id), nameOf(roster, m.player2_id)];
}

function winner(roster: Roster, m: FlatRecord): string {
  if (m.tie === true) return "tie";
  return nameOf(roster, m.winner_id);
}

/** Station names by the id of the match each holds. */
export type StationsByMatch = ReadonlyMap<number, string>;

/** Which station holds which match, from the tournament's stations. */
export function stationsByMatch(stations: readonly ResourceObject[]): StationsByMatch {
  const held = stations.filter((s) => typeof s.attributes.match_id === "number");
  return new Map(held.map((s) => [s.attributes.match_id as number, String(s.attributes.name)]));
}

/**
 * ROUND as a terminal's table shows it: a third-place or placement match's round with the
 * places it decides, short ("3 (3rd)", "2 (5-8)", "3 (5th)": places-title.ts placesShort);
 * any other match's round as it is.
 */
function roundText(m: FlatRecord): unknown {
  const column = placementColumnOf(m, placesShort);
  return column === undefined ? m.round : `${cellText(m.round)} (${column})`;
}

/**
 * PLAYERS, a terminal's column for a list of free-for-all matches: each match's players,
 * ", " apart ("Ada vs Bo" for a one-on-one match among them).
 */
function playersColumn(roster: Roster): Column {
  return {
    header: "PLAYERS",
    value: (m) => (isFreeForAll(m) ? players(roster, m)[0] : players(roster, m).join(" vs ")),
  };
}

/**
 * Columns of `match list`; piped, a free-for-all match lists all its players under PLAYER 1.
 * `ffa` (a terminal's table whose first matches are all free-for-all): one PLAYERS column
 * for PLAYER 1 and PLAYER 2.
 * With `stations` (the tournament has some), a last column STATION names the one
 * holding the match. `table` (a terminal's): ROUND names a placement match's places
 * (roundText); piped rows keep the round's number, which scripts read.
 */
export function matchColumns(
  roster: Roster,
  stations?: StationsByMatch,
  table = false,
  ffa = false,
): Column[] {
  const station: Column[] =
    stations === undefined
      ? []
      : [{ header: "STATION", value: (m) => stations.get(Number(m.id)) ?? "" }];
  return [
    { header: "ID", value: "id" },
    { header: "MATCH", value: "identifier" },
    { header: "ROUND", value: table ? roundText : "round" },
    { header: "GROUP", value: "group_id" },
    { header: "STATE", value: "state" },
    ...(table && ffa
      ? [playersColumn(roster)]
      : [
          { header: "PLAYER 1", value: (m: FlatRecord) => players(roster, m)[0] },
          { header: "PLAYER 2", value: (m: FlatRecord) => players(roster, m)[1] },
        ]),
    // Piped rows keep the sets, which scripts read; a terminal names a forfeit.
    { header: "SCORES", value: table ? scoresText(roster) : setsText },
    { header: "WINNER", value: (m) => winner(roster, m) },
    { header: "UNDERWAY", value: (m) => (m.underway_at ? "yes" : "") },
    ...station,
  ];
}

/** "4 players: Ada (id 1, seed 1), Bo (id 2, seed 2), ...": a free-for-all match's players. */
function playersText(roster: Roster, m: FlatRecord, seeds: boolean): string {
  const ids = m.participant_ids as unknown[];
  return `${ids.length} players: ${ids.map((id) => playerLabel(roster, id, seeds)).join(", ")}`;
}

/**
 * Fields of `match view` (and of the match a write prints); `seeds` false: the players
 * without their seeds (the tournament hides them: participants/hidden-seeds.ts). `together`
 * (a free-for-all match at a terminal): one "players" for player 1 and player 2; piped, its
 * players stay under "player 1", which scripts read.
 */
export function matchFields(roster: Roster, seeds = true, together = false): Column[] {
  const ffa = (m: FlatRecord) => isFreeForAll(m);
  return [
    { header: "id", value: "id" },
    { header: "match", value: "identifier" },
    { header: "state", value: "state" },
    { header: "round", value: "round" },
    { header: "group", value: "group_id" },
    { header: "bracket", value: "bracket" },
    ...(together
      ? [{ header: "players", value: (m: FlatRecord) => playersText(roster, m, seeds) }]
      : [
          {
            header: "player 1",
            value: (m: FlatRecord) =>
              ffa(m)
                ? (m.participant_ids as unknown[])
                    .map((id) => playerLabel(roster, id, seeds))
                    .join(", ")
                : playerLabel(roster, m.player1_id, seeds),
          },
          {
            header: "player 2",
            value: (m: FlatRecord) => (ffa(m) ? "" : playerLabel(roster, m.player2_id, seeds)),
          },
        ]),
    { header: "sets won", value: "scores" },
    { header: "scores", value: scoresText(roster) },
    { header: "winner", value: (m) => winner(roster, m) },
    { header: "loser", value: (m) => nameOf(roster, m.loser_id) },
    { header: "underway at", value: "underway_at" },
    { header: "play order", value: "suggested_play_order" },
    { header: "updated", value: "timestamps.updated_at" },
    { header: "completed", value: "timestamps.completed_at" },
  ];
}
