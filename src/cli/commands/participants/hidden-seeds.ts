/**
 * `--hide-seeds` (seeding_options.hide_seeds) in the CLI's own output: the tables and views
 * that show a tournament's players (`participants list` and `view`, `match view` and the
 * match `match report`, `reopen`, `mark-underway` print) leave seeds out when the tournament
 * hides them, as the public page and its data.json do (src/service/public/hidden-seeds.ts).
 * `--json` prints the API's records as they are: a participant's `seed` is in the contract,
 * and `--json name,seed` is how the organiser still sees them. The commands that set seeds
 * (`participants add`, `bulk-add`, `update`, `randomize`) print the records they wrote.
 * docs/tournaments.md ("Hidden seeds").
 */
import type { ApiClient } from "../../../client/api-client.js";
import { isRace, type ParticipantOwner } from "../../../client/participant-owner.js";
import type { ResourceObject } from "../../../model/resource.js";
import type { Column } from "../../output/printer.js";

/**
 * Whether `owner`'s tables show seeds: a race's always, a tournament's unless its record
 * says hide_seeds (one GET of the tournament; `json` output reads nothing: it shows them).
 */
export async function showsSeeds(
  client: ApiClient,
  owner: ParticipantOwner,
  json: boolean,
): Promise<boolean> {
  if (json || isRace(owner)) return true;
  return seedsShownIn(await client.tournaments.get(owner));
}

/** Whether a tournament's tables show seeds, from its record: unless it says hide_seeds. */
export function seedsShownIn(tournament: ResourceObject): boolean {
  const seeding = tournament.attributes.seeding_options as { hide_seeds?: unknown } | undefined;
  return seeding?.hide_seeds !== true;
}

/** `columns` without the seed's when seeds are not `shown`. */
export function seedColumns(columns: readonly Column[], shown: boolean): readonly Column[] {
  return shown ? columns : columns.filter((column) => column.value !== "seed");
}
