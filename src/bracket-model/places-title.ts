/**
 * The words that name a range of places a third-place or placement match decides, as
 * `tourney bracket` and the page title their parts (placements.ts) and `match list`'s table
 * marks the match (cli/commands/match/match-columns.ts). Apart from placements.ts so that
 * `match list`, which shares it with the bracket's noun, moves only these lines into the
 * core script (build/noun-split.mjs), not the grouping.
 */

function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${["th", "st", "nd", "rd"][n % 10] ?? "th"}`;
}

/** The column of the places `first` to `last`: "Third place", "5th place", "Places 5-8". */
export function placesColumn(first: number, last: number): string {
  if (last !== first + 1) return `Places ${first}-${last}`;
  return `${first === 3 ? "Third" : ordinal(first)} place`;
}

/**
 * The column a match record's attributes put it in (`match list`'s ROUND says it), when it is
 * a third-place or placement match: its `places`, [3, 4] for the third-place match (as
 * data.ts reads them). Undefined for any other match.
 */
export function placementColumnOf(
  attributes: Readonly<Record<string, unknown>>,
  words: (first: number, last: number) => string = placesColumn,
): string | undefined {
  if (attributes.bracket === "third_place") return words(3, 4);
  if (attributes.bracket !== "placement" || !Array.isArray(attributes.places)) return undefined;
  const [first, last] = attributes.places as unknown[];
  return typeof first === "number" && typeof last === "number" ? words(first, last) : undefined;
}

/**
 * The places `first` to `last` in a few characters, for a table's cell: "3rd", "5th", "5-8".
 * `match list`'s ROUND ("3 (3rd)", "2 (5-8)"): the titles in full ("3 (Third place)") made
 * ROUND the widest column, so an 80-column terminal cut every column to 7 characters, the
 * players' names to "Alexan…" (a reviewer).
 */
export function placesShort(first: number, last: number): string {
  return last === first + 1 ? ordinal(first) : `${first}-${last}`;
}
