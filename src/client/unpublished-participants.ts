/**
 * Participants' routes the published v2.1 description does not have, told apart from a
 * record that is not there (review I: Prism's raw "The route ... hasn't been found in the
 * specification file" was passed on). A race's participants (`/races/{r}/participants...`)
 * are tourney serve's: a 404 for them, when the race's list answers 404 too and the race
 * itself is there, says the service has none, as a missing station list does (exit 3); a
 * race that is not there is still its own 404. `participants register` (POST
 * `.../participants/register`, serve's) answered 404 or 405 for a tournament that is there
 * says the service has no registering (exit 3).
 */
import { ApiError, NotFoundError } from "./errors.js";
import { isRace, type ParticipantOwner, participantsPath } from "./participant-owner.js";
import type { Requester } from "./requester.js";
import { resourcePath } from "./resource-path.js";

/** `error`, or the service's lack of race participants when that is what it was. */
async function raceError(requester: Requester, owner: ParticipantOwner, error: unknown) {
  if (!isRace(owner) || !(error instanceof NotFoundError)) return error;
  const path = participantsPath(owner);
  try {
    await requester.list({ method: "GET", path, query: { per_page: 1 } });
    return error;
  } catch (listed) {
    if (!(listed instanceof NotFoundError)) return error;
  }
  // A race that is not there: its own 404 (exit 3).
  await requester.single({ method: "GET", path: resourcePath("races", owner.race) });
  return new NotFoundError(
    404,
    `the service has no race participants (GET ${path} answered 404 for a race it has): tourney serve's, not published in v2.1`,
  );
}

/** `error`, or the service's lack of registering when that is what it was. */
async function registerError(
  requester: Requester,
  owner: ParticipantOwner,
  error: unknown,
  method = "POST",
): Promise<unknown> {
  // 404, or 405: a path it has otherwise (a participant's, to Prism).
  if (
    isRace(owner) ||
    !(error instanceof ApiError) ||
    (error.status !== 404 && error.status !== 405)
  )
    return raceError(requester, owner, error);
  await requester.single({ method: "GET", path: resourcePath("tournaments", owner) });
  return new NotFoundError(
    404,
    `the service has no registering (${method} ${participantsPath(owner)}/register answered ${error.status} for a tournament it has): tourney serve's, not published in v2.1`,
  );
}

type Method = (owner: ParticipantOwner, ...rest: never[]) => unknown;

/** `api` with each method's error explained so (pages too, as they come). */
export function checkedOwners<T extends object>(requester: Requester, api: T): T {
  const checked = { ...api } as Record<string, unknown>;
  for (const [name, value] of Object.entries(api)) {
    if (typeof value !== "function") continue;
    const method = value as Method;
    const explain = (owner: ParticipantOwner, error: unknown) =>
      name.endsWith("register")
        ? registerError(requester, owner, error, name === "unregister" ? "DELETE" : "POST")
        : raceError(requester, owner, error);
    checked[name] =
      name === "pages"
        ? async function* (owner: ParticipantOwner) {
            try {
              yield* method(owner) as AsyncIterable<unknown>;
            } catch (error) {
              throw await explain(owner, error);
            }
          }
        : async (owner: ParticipantOwner, ...rest: never[]) => {
            try {
              return await method(owner, ...rest);
            } catch (error) {
              throw await explain(owner, error);
            }
          };
  }
  return checked as T;
}
