/**
 * What `tourney watch TARGET` follows: the tournament TARGET names, else (its
 * lookup answering 404) the race; `--race` goes to the race at once, for a race
 * whose id or url a tournament also answers to (ids of tournaments and races are
 * counted apart, so `watch 3` is tournament 3 when there is one).
 */
import type { ApiClient } from "../../../client/api-client.js";
import type { ApiRecord } from "../../../client/envelope.js";
import { NotFoundError } from "../../../client/errors.js";
import type { WatchSubject } from "../../../client/watch.js";

export interface Resolved {
  readonly subject: WatchSubject;
  /** The record as read now (its name, state and notification flags). */
  readonly record: ApiRecord;
}

export async function resolveSubject(
  client: ApiClient,
  target: string,
  race: boolean,
): Promise<Resolved> {
  if (!race) {
    try {
      const record = await client.tournaments.get(target);
      return { subject: { kind: "tournament", ref: target }, record };
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
    }
  }
  try {
    const record = await client.races.get(target);
    return { subject: { kind: "race", ref: target }, record };
  } catch (error) {
    if (race || !(error instanceof NotFoundError)) throw error;
    throw new NotFoundError(
      404,
      `no tournament or race ${JSON.stringify(target)}: give a tournament's or a race's id or url (tourney tournament list, tourney race list)`,
    );
  }
}
