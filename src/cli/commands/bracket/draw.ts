/**
 * Reading a tournament's bracket through the API client (either backend) and
 * writing its drawing: shared by `tourney bracket` and `tourney demo`. The
 * drawing modules (src/cli/bracket) load only here, when a bracket is drawn.
 */

import type { BracketRecords } from "../../../bracket-model/data.js";
import type { ApiClient } from "../../../client/api-client.js";
import { NotFoundError } from "../../../client/errors.js";
import type { ResourceObject } from "../../../model/resource.js";
import type { DrawOptions } from "../../bracket/index.js";
import type { Factory } from "../../factory.js";
import { colorEnabled, terminalWidth, unicodeEnabled } from "../../io.js";
import { flatten } from "../../output/records.js";

/** The tournament, its participants, matches and standings (undefined: a service without them). */
export async function fetchBracket(client: ApiClient, tournament: string): Promise<BracketRecords> {
  const [record, participants, matches, standings] = await Promise.all([
    client.tournaments.get(tournament),
    client.participants.listAll(tournament),
    client.matches.listAll(tournament),
    client.tournaments.standings(tournament).catch((error: unknown) => {
      if (error instanceof NotFoundError) return undefined;
      throw error;
    }),
  ]);
  return { tournament: record, participants, matches, standings };
}

/** How the command's output is drawn: box-drawing and colour at a terminal only. */
export interface Look {
  readonly unicode: boolean;
  readonly color: boolean;
  readonly width: number | undefined;
}

export function lookOf(f: Factory): Look {
  return {
    unicode: unicodeEnabled(f.io, f.env),
    color: colorEnabled(f.io, f.env, !f.globals.color),
    width: terminalWidth(f.io, f.env),
  };
}

export type Filter = Pick<DrawOptions, "round" | "fromRound">;

/**
 * The drawing as text; undefined when the tournament has no matches yet, or
 * none in the rounds asked for (`selected` false).
 */
export async function bracketText(
  records: BracketRecords,
  look: Look,
  filter: Filter,
): Promise<{ text: string; matches: number; selected: boolean }> {
  const bracket = await import("../../bracket/index.js");
  const data = bracket.bracketData(records);
  const options: DrawOptions = {
    glyphs: look.unicode ? bracket.BOX : bracket.ASCII,
    width: look.width,
    ...filter,
  };
  const selected = bracket.anySelected(data, options);
  const lines = bracket.drawBracket(data, options);
  return {
    text: bracket.renderLines(lines, look.color),
    matches: data.matches.length,
    selected,
  };
}

/**
 * The records as --json prints them: id plus attributes of each, the id a number when the
 * service's is (flatten), as the fields naming it (player1_id, tournament_id) and every
 * other command's records have it; the drawing's records keep the service's strings.
 */
export function recordsJson(records: BracketRecords): Record<string, unknown> {
  const flat = (r: ResourceObject) => flatten(r);
  return {
    tournament: flat(records.tournament),
    participants: records.participants.map(flat),
    matches: records.matches.map(flat),
    standings: records.standings?.map(flat) ?? null,
  };
}
