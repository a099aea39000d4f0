/**
 * States worked out when the service does not say them: the published description's
 * Tournament has no `state` (v2.1.swagger.json definition Tournament; a Match may lack
 * one too), so a hosted service answering as published gives an export nothing to copy
 * (`String(undefined)` wrote "undefined" into the document, which its import could not
 * replay) and an import nothing to decide on (the start, the check-in, the finalize; the
 * dry run said `is there (undefined)`). The export, the import, its plan (`publish
 * --dry-run`) and the check-in's replay all work it out here, the same way. A state the
 * service gives is always kept as given. The published Race has no `state` either
 * (definition RacingOutput): `race publish --dry-run` works it out from the race's rounds.
 */
import type { ApiClient } from "../../client/api-client.js";
import type { ApiRecord } from "../../client/envelope.js";
import { playerIds } from "../../model/match-players.js";
import type { ExportedMatch } from "../../model/tournament-export.js";
import { matchStateOf, tournamentStateOf } from "../../model/worked-out-state.js";

export { matchStateOf, tournamentStateOf };

/** Whether a participant record holds a final rank (given by the finalize only). */
export const ranked = (p: ApiRecord): boolean =>
  p.attributes.final_rank !== null && p.attributes.final_rank !== undefined;

/** A target's match record as the derivation reads it: its group, and its state (worked out if none). */
function recordMatch(m: ApiRecord): Pick<ExportedMatch, "group" | "state"> {
  const a = m.attributes;
  const ids = Array.isArray(a.participant_ids) ? (a.participant_ids as unknown[]) : playerIds(m);
  const result = {
    winner: a.winner_id === null || a.winner_id === undefined ? null : String(a.winner_id),
    tie: a.tie === true,
    players: ids.map((id) => (id === null || id === undefined ? null : String(id))),
  };
  const group = a.group_id === null || a.group_id === undefined ? null : Number(a.group_id);
  return { group, state: matchStateOf(a.state, result) };
}

/** A target tournament's (or race's) state, and whether it was worked out (the service gave none). */
export interface TargetState {
  readonly state: string;
  readonly derived: boolean;
  /** What a worked-out state was worked out from (default: its matches). */
  readonly from?: "rounds";
}

/**
 * The state of tournament `url` on a target: as its record gives it (`record`, else read),
 * else worked out as the export does, from the target's matches (and its participants'
 * final ranks once all are complete). Requests beyond the record only when it has none.
 */
export async function targetStateOf(
  client: ApiClient,
  url: string,
  record?: ApiRecord,
): Promise<TargetState> {
  const given = (record ?? (await client.tournaments.get(url))).attributes.state;
  if (typeof given === "string" && given !== "") return { state: given, derived: false };
  const matches = (await client.matches.listAll(url)).map(recordMatch);
  const finals = matches.filter((m) => m.group === null);
  const done = finals.length > 0 && finals.every((m) => m.state === "complete");
  const finalized = done && (await client.participants.listAll(url)).some(ranked);
  return { state: tournamentStateOf(undefined, matches, finalized), derived: true };
}

/**
 * The state of a target's race (`race`, its record): as the record gives it, else worked out
 * from its rounds (the published RoundOutput has a state): none begun, pending; every one
 * completed, completed; else underway. Requests beyond the record only when it has none.
 */
export async function raceTargetStateOf(client: ApiClient, race: ApiRecord): Promise<TargetState> {
  const given = race.attributes.state;
  if (typeof given === "string" && given !== "") return { state: given, derived: false };
  const rounds = (await client.races.rounds(race.id).listAll()).map((r) => r.attributes.state);
  const begun = rounds.filter((state) => state === "underway" || state === "completed");
  const done = rounds.length > 0 && rounds.every((state) => state === "completed");
  const state = begun.length === 0 ? "pending" : done ? "completed" : "underway";
  return { state, derived: true, from: "rounds" };
}

/** The state as the dry run names it: a worked-out one said to be so. */
export function stateText(s: TargetState): string {
  return s.derived
    ? `${s.state}, worked out from its ${s.from ?? "matches"}: the service gives no state`
    : s.state;
}
