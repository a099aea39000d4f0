/**
 * The first few of a long list, then how many more: a message naming 60,000 names, or
 * 1,000 groups, names a few and counts the rest.
 */

/** `A, B, C and 7 more`: the first `shown` items, each as `show` writes it, and a count. */
export function someOf<T>(
  items: readonly T[],
  shown = 3,
  show: (item: T) => string = String,
): string {
  const first = items.slice(0, shown).map(show);
  const more = items.length - first.length;
  return more > 0 ? `${first.join(", ")} and ${more} more` : first.join(", ");
}

/** `"A", "B", "C" and 7 more`: a few names, quoted. */
export function someNames(names: readonly string[], shown = 3): string {
  return someOf(names, shown, (n) => JSON.stringify(n));
}
