/**
 * `--community <identifier>` on every command about a tournament (tournament,
 * participants, match, station, attachment verbs): the tournament's community.
 * The client sends it as `?community_id=` on every tournament path (DESIGN.md §3
 * allows that or `/communities/{c}/tournaments/...`; the query reaches every
 * tournament path, stations and attachments included, with one path per call).
 * Precedence: the flag, then TOURNEY_COMMUNITY, then the profile's `community`.
 */
import type { Command } from "commander";

export const COMMUNITY_FLAG = "--community <identifier>";

const COMMUNITY_HELP =
  "the tournament's community (identifier as `community list` shows it; default: TOURNEY_COMMUNITY, then the profile's `community`)";

/** Adds --community to every verb of `noun`, and to the verbs of its groups. */
export function addCommunityOption(noun: Command): void {
  for (const verb of noun.commands) {
    if (verb.name() === "help") continue;
    if (verb.commands.length > 0) addCommunityOption(verb);
    else verb.option(COMMUNITY_FLAG, COMMUNITY_HELP);
  }
}
