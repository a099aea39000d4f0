/**
 * Why the viewer shows nothing (issue 28), in words that tell the asker nothing
 * they did not know. Issue 18 keeps one 404 for a tournament that does not exist
 * and a private one opened without a link, so an outsider cannot learn that a
 * private tournament exists; that stays. A reason beyond `not_found` is told only
 * to whoever shows they knew the tournament:
 *
 * - on load, the holder of a share link of that very tournament that was revoked
 *   hears `revoked` (they were given the link, so they knew the tournament);
 *   everyone else, whatever the cause, hears `not_found`;
 * - on an open event stream (the page was showing the tournament), the stream's
 *   end says why: `deleted`, `revoked` or `private`.
 */
import type { TournamentRow } from "../../store/tournaments-repository.js";
import type { ServiceContext } from "../context.js";
import { isShareToken, shareLinks } from "./share-links.js";

/** Why a page, its data or its stream was not opened. */
export type LoadRefusal = "not_found" | "revoked";

/** Why an open stream ended. */
export type StreamEnd = "deleted" | "revoked" | "private";

function tournamentAt(
  context: ServiceContext,
  ref: string,
  community: string | undefined,
): TournamentRow | undefined {
  const row = /^\d+$/.test(ref)
    ? context.tournaments.findById(Number(ref))
    : context.tournaments.findByUrl(ref);
  if (row === undefined || (community !== undefined && row.community_id !== community))
    return undefined;
  return row;
}

/** The reason of a refusal (the viewer's `find` found nothing). */
export function refusalOf(
  context: ServiceContext,
  ref: string,
  community: string | undefined,
  token: string | undefined,
): LoadRefusal {
  if (token === undefined || !isShareToken(token)) return "not_found";
  return context.inRequest(() => {
    const link = shareLinks(context).findByToken(token);
    if (link === undefined || link.revoked_at === null) return "not_found";
    const row = ref === "" ? undefined : tournamentAt(context, ref, community);
    return row !== undefined && row.id === link.tournament_id ? "revoked" : "not_found";
  });
}

/** Why the stream of tournament `id` opened with `token` must end; undefined while it may go on. */
export function streamEndOf(
  context: ServiceContext,
  id: number,
  token: string | undefined,
): StreamEnd | undefined {
  return context.inRequest(() => {
    const row = context.tournaments.findById(id);
    if (row === undefined) return "deleted";
    if (token !== undefined) {
      const link = isShareToken(token) ? shareLinks(context).findByToken(token) : undefined;
      return link?.revoked_at === null && link.tournament_id === id ? undefined : "revoked";
    }
    return row.settings.private ? "private" : undefined;
  });
}
