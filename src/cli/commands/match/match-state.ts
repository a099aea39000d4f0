/** Shared by reopen, mark-underway and unmark-underway: one match state change, then the match. */
import type { MatchStateChange, MatchStateOptions } from "../../../client/matches.js";
import type { Factory } from "../../factory.js";
import { checkJsonFields } from "../../record-fields.js";
import { showsSeeds } from "../participants/hidden-seeds.js";
import { withGroupStageHint } from "../tournament/group-stage-hint.js";
import { checkMatchJsonFields, matchFields, matchRecord } from "./match-columns.js";
import { ParticipantLookup } from "./match-players.js";
import { type MatchTarget, resolveMatch } from "./match-ref.js";

export interface MatchStateChangeOptions extends MatchTarget {
  readonly change: MatchStateChange;
  /** Sent with the change (`reset_dependents` for a reopen). */
  readonly changeOptions?: MatchStateOptions;
}

export async function runMatchStateChange(f: Factory, o: MatchStateChangeOptions): Promise<void> {
  checkJsonFields(f, "match");
  const client = await f.client();
  const match = await resolveMatch(client, o.tournament, o.match, { group: o.group });
  checkMatchJsonFields(f, match);
  const updated = await client.matches
    .changeState(o.tournament, match.id, o.change, o.changeOptions ?? {})
    .catch((error: unknown) => {
      throw withGroupStageHint(error, o.tournament);
    });
  const printer = f.printer();
  if (printer.mode === "json") return printer.json(matchRecord(updated));
  // A reopen may clear a slot: the players are read from the match as it is now.
  const [roster, seeds] = await Promise.all([
    new ParticipantLookup(client, o.tournament).playersOf(updated),
    showsSeeds(client, o.tournament, false),
  ]);
  const ffa = printer.mode === "table" && Array.isArray(updated.attributes.participant_ids);
  await printer.record(matchRecord(updated), matchFields(roster, seeds, ffa));
}
