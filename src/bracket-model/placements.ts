/**
 * The third-place and placement matches of a single elimination (bracket "third_place" and
 * "placement", the places each decides among in `places`), in groups as both drawings show
 * them: one group per range of places, each titled by it ("Third place match", "Places 5-8",
 * "5th place match", "7th place match", "Places 9-16", ...), the best places first and a
 * range before the matches it leads to.
 */
import type { ViewMatch } from "./data.js";
import { placesColumn } from "./places-title.js";

export interface PlacementGroup {
  /** "Third place match", "5th place match", "Places 5-8". */
  readonly title: string;
  /** The group's column, as the page heads it: "Third place", "5th place", "Places 5-8". */
  readonly column: string;
  readonly matches: readonly ViewMatch[];
}

const PLACEMENT = new Set(["third_place", "placement"]);

/** The placement matches of `matches` in groups, or none. */
export function placementGroups(matches: readonly ViewMatch[]): PlacementGroup[] {
  const groups = new Map<string, { first: number; last: number; matches: ViewMatch[] }>();
  for (const m of matches) {
    if (!PLACEMENT.has(m.bracket) || m.places === undefined) continue;
    const [first, last] = m.places;
    const key = `${first}-${last}`;
    const group = groups.get(key) ?? { first, last, matches: [] };
    group.matches.push(m);
    groups.set(key, group);
  }
  return [...groups.values()]
    .sort((a, b) => a.first - b.first || b.last - a.last)
    .map(({ first, last, matches: list }) => {
      const column = placesColumn(first, last);
      return {
        title: last === first + 1 ? `${column} match` : column,
        column,
        matches: list.sort((x, y) => x.id - y.id),
      };
    });
}
