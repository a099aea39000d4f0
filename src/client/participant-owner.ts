/**
 * Whose participants a call is about: a tournament (named by its id or url, as
 * everywhere) or a race (`{ race: id or url }`). Participants have the same
 * routes under either: `/tournaments/{t}/participants...` and `/races/{r}/participants...`.
 */
import { type PathSegment, resourcePath } from "./resource-path.js";

export type ParticipantOwner = PathSegment | { readonly race: PathSegment };

/** The owner's own path: "/tournaments/12" or "/races/gp". */
export function ownerPath(owner: ParticipantOwner): string {
  return typeof owner === "object"
    ? resourcePath("races", owner.race)
    : resourcePath("tournaments", owner);
}

/** "/races/gp/participants" from ({ race: "gp" }). */
export function participantsPath(owner: ParticipantOwner): string {
  return `${ownerPath(owner)}/participants`;
}

/** Whether the owner is a race. */
export function isRace(owner: ParticipantOwner): owner is { readonly race: PathSegment } {
  return typeof owner === "object";
}
