/**
 * `seeding_options.hide_seeds` on the public side (DESIGN.md §4: "hides them in output
 * only"): the bracket page's data.json of such a tournament carries every participant with
 * `seed` null, so the page, an embedding page (setBracketSettings) and anyone reading the
 * file without credentials have no seed to show. The API's participant records keep theirs
 * (the contract's ParticipantOutput has `seed`; the organiser seeds through it).
 */
import type { RecordLike } from "../../model/watch-events.js";

/** Whether the tournament's record says to hide its seeds. */
export function seedsHidden(tournament: RecordLike): boolean {
  const seeding = tournament.attributes.seeding_options as { hide_seeds?: unknown } | undefined;
  return seeding?.hide_seeds === true;
}

/** A participant's record as a data.json that hides seeds carries it: `seed` null. */
export function unseeded(participant: RecordLike): RecordLike {
  return { ...participant, attributes: { ...participant.attributes, seed: null } };
}
