/**
 * The participants a one-match command (report, view, reopen, ...) needs: the match's own
 * players, each fetched by id, rather than the tournament's whole roster, whose pages grow
 * with the tournament (issue 12: `match report` in a 16,384-player double elimination
 * read 16 pages of participants for two names). A reference that names none of them
 * falls back to the whole roster, read once, so a participant of another match, or of
 * no match, is found or refused exactly as before.
 */
import type { ApiClient } from "../../../client/api-client.js";
import { NotFoundError } from "../../../client/errors.js";
import type { ResourceObject } from "../../../model/resource.js";
import { findParticipant, lookupParticipant } from "../participants/participant-ref.js";
import { playerIds, type Roster, rosterOf } from "./match-columns.js";

/** Every participant id a match names: its two players, or a free for all's field. */
export function participantIdsOf(match: ResourceObject): number[] {
  const listed = match.attributes.participant_ids;
  const ids: (number | null)[] = Array.isArray(listed) ? listed.map(Number) : playerIds(match);
  return ids.filter((id): id is number => typeof id === "number" && Number.isInteger(id));
}

export class ParticipantLookup {
  #all: Promise<ResourceObject[]> | undefined;

  constructor(
    private readonly client: ApiClient,
    private readonly tournament: string,
  ) {}

  /** Every participant of the tournament: one listing, kept for the command's lifetime. */
  all(): Promise<readonly ResourceObject[]> {
    this.#all ??= this.client.participants.listAll(this.tournament);
    return this.#all;
  }

  /**
   * The players of `match` by id: from the roster when it was read already, else one GET
   * each, sent together. A player the service no longer knows is left out (shown by id).
   */
  async playersOf(match: ResourceObject): Promise<Roster> {
    const ids = participantIdsOf(match);
    if (this.#all !== undefined) {
      const wanted = new Set(ids);
      return rosterOf((await this.#all).filter((p) => wanted.has(Number(p.id))));
    }
    const found = await Promise.all(ids.map((id) => this.#get(id)));
    return rosterOf(found.filter((p): p is ResourceObject => p !== undefined));
  }

  /**
   * `ref` (id, #seed or name) among `players`, else among every participant. A bare id or
   * `#seed` that finds a player is refused as ambiguous when another player is named `ref`;
   * a participant of no such name outside the match is not looked for: it cannot be a player
   * of this match, and looking would read the whole roster this class exists to spare.
   */
  async find(ref: string, players: Roster): Promise<ResourceObject> {
    return (
      lookupParticipant([...players.values()], this.tournament, ref) ??
      findParticipant(await this.all(), this.tournament, ref)
    );
  }

  async #get(id: number): Promise<ResourceObject | undefined> {
    try {
      return await this.client.participants.get(this.tournament, id);
    } catch (error) {
      if (error instanceof NotFoundError) return undefined;
      throw error;
    }
  }
}
