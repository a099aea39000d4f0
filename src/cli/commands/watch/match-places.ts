/**
 * Where a match stands in its tournament, for `tourney watch`'s lines: "losers round 1",
 * "losers final", "grand final", "grand final reset", "round 3, third place", with its group
 * ("group 2, round 3") or "final stage, " after a group stage. The words are the bracket
 * page's (bracket-model/columns.ts namers, places-title.ts placesColumn, lowercase);
 * a winners bracket's, round robin's, swiss's and free for all's rounds stay "round N".
 * Before, a line said the record's round as it is: "(round -1)" in the losers bracket, the
 * grand final "(round 4)", and the four groups' "match F (round 3)" looked alike (a reviewer).
 *
 * The event names a match by id, round and identifier only (the event stream's payload has
 * no bracket or group), so the tournament's matches are read: at the first line naming a
 * match, and again when one names a match not read yet (a swiss round, the final stage).
 */
import { placementColumnOf } from "../../../bracket-model/places-title.js";
import type { ApiClient } from "../../../client/api-client.js";
import type { ResourceObject } from "../../../model/resource.js";
import type { MatchInfo } from "../../../model/watch-events.js";

const num = (v: unknown): number | null =>
  typeof v === "number" ? v : typeof v === "string" && /^-?\d+$/.test(v) ? Number(v) : null;

/** The match's round named from the event alone: "losers round 1", "round 2". */
export function roundWords(round: number | null): string {
  if (round === null) return "round ?";
  return round < 0 ? `losers round ${-round}` : `round ${round}`;
}

/** Distinct rounds of `list`, by |round|. */
function roundsOf(list: readonly ResourceObject[]): number[] {
  return [...new Set(list.map((m) => num(m.attributes.round) ?? 0))].sort(
    (a, b) => Math.abs(a) - Math.abs(b),
  );
}

/** The round's words in its stage (`stage`: the stage's matches, `m` one of them). */
function stageWords(m: ResourceObject, stage: readonly ResourceObject[]): string {
  const a = m.attributes;
  const round = num(a.round);
  // Words, not match list's narrow "3 (3rd)": a line's place is already in brackets.
  const column = placementColumnOf(a);
  if (column !== undefined) return `${roundWords(round)}, ${column.toLowerCase()}`;
  const same = stage.filter((s) => s.attributes.bracket === a.bracket);
  const rounds = roundsOf(same);
  const index = rounds.indexOf(round ?? 0);
  // columns.ts losersNamer's words, not imported: it would join the core every command loads.
  if (a.bracket === "losers")
    return index === rounds.length - 1 ? "losers final" : roundWords(round);
  if (a.bracket === "grand_final") return index === 0 ? "grand final" : "grand final reset";
  return roundWords(round);
}

/** Each match's place, by match id, from the tournament's match records. */
export function matchPlaces(records: readonly ResourceObject[]): Map<string, string> {
  const stages = new Map<number | null, ResourceObject[]>();
  for (const m of records) {
    const group = num(m.attributes.group_id);
    stages.set(group, [...(stages.get(group) ?? []), m]);
  }
  const grouped = [...stages.keys()].some((g) => g !== null);
  const places = new Map<string, string>();
  for (const [group, stage] of stages) {
    const prefix = group !== null ? `group ${group}, ` : grouped ? "final stage, " : "";
    for (const m of stage) places.set(String(m.id), `${prefix}${stageWords(m, stage)}`);
  }
  return places;
}

/**
 * The places of tournament `ref`'s matches, read when a line needs one not read yet; where
 * they cannot be read (the read fails), the event's own round ("losers round 1").
 */
export class MatchPlaces {
  private places = new Map<string, string>();
  /** Matches read for and not found (or the read failed): not read for again. */
  private readonly missed = new Set<string>();

  constructor(
    private readonly client: ApiClient,
    private readonly ref: string,
  ) {}

  async of(m: MatchInfo): Promise<string> {
    if (!this.places.has(m.id) && !this.missed.has(m.id)) {
      try {
        this.places = matchPlaces(await this.client.matches.listAll(this.ref));
      } catch {
        // The line is still printed, its round as the event tells it.
      }
      if (!this.places.has(m.id)) this.missed.add(m.id);
    }
    return this.places.get(m.id) ?? roundWords(m.round);
  }
}
