/**
 * What `tourney watch TARGET` follows: the tournament TARGET names, else (its
 * lookup answering 404) the race; `--race` goes to the race at once, for a race
 * whose id or url a tournament also answers to (ids of tournaments and races are
 * counted apart, so `watch 3` is tournament 3 when there is one). The record is
 * read with a conditional GET so that the first look asks If-None-Match with its
 * tag (a hosted service's budget pays no second body).
 */
import type { ApiClient } from "../../../client/api-client.js";
import { decodeSingle } from "../../../client/envelope.js";
import { NotFoundError } from "../../../client/errors.js";
import { resourcePath } from "../../../client/resource-path.js";
import type { WatchSubject } from "../../../client/watch.js";
import type { RecordLike } from "../../../model/watch-events.js";

export interface Resolved extends WatchSubject {
  readonly seen: { readonly etag: string | undefined; readonly record: RecordLike };
}

async function read(client: ApiClient, kind: WatchSubject["kind"], ref: string): Promise<Resolved> {
  const path = resourcePath(kind === "race" ? "races" : "tournaments", ref);
  const got = await client.requester.conditional({ method: "GET", path }, undefined);
  // A single record comes wrapped in `data` or bare (the description's showTournament).
  if (got === undefined || got.body === undefined)
    throw new NotFoundError(404, `${kind} ${ref} not found: the service answered no record`);
  const record: RecordLike = decodeSingle(got.body);
  return { kind, ref, seen: { etag: got.etag, record } };
}

export async function resolveSubject(
  client: ApiClient,
  target: string,
  race: boolean,
): Promise<Resolved> {
  if (!race) {
    try {
      return await read(client, "tournament", target);
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
    }
  }
  try {
    return await read(client, "race", target);
  } catch (error) {
    if (race || !(error instanceof NotFoundError)) throw error;
    throw new NotFoundError(
      404,
      `no tournament or race ${JSON.stringify(target)}: give a tournament's or a race's id or url (tourney tournament list, tourney race list)`,
    );
  }
}
