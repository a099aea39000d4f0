/**
 * Work made a part at a time: a generator that yields where it may pause (serve runs each
 * part as one unit of its work gate, answering other requests between them: issue 24's
 * standings, service/bracket/standings-steps.ts). `drain` runs one to its end at once;
 * the same code either way, so the parts give exactly what the whole does.
 */

/** Work that pauses between its parts; `T` once done. */
export type Steps<T> = Generator<void, T>;

/**
 * How much work a part holds (in items: results tallied, rows made, ...), and how much the
 * part under way has done. `Infinity`: one part, never a pause.
 */
export interface Pace {
  readonly part: number;
  done: number;
}

/** One part of `part` items (Infinity: the whole at once). */
export const pace = (part: number): Pace => ({ part, done: 0 });

/** Counts `items` done; whether the part is full (then it starts again: the caller yields). */
export function due(p: Pace, items = 1): boolean {
  p.done += items;
  if (p.done < p.part) return false;
  p.done = 0;
  return true;
}

/** Runs `steps` to their end at once. */
export function drain<T>(steps: Steps<T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done === true) return next.value;
  }
}

/** `a` and `b`, each in `order`, merged in `order` (a's first where equal). */
function merged<T>(a: readonly T[], b: readonly T[], order: (x: T, y: T) => number): T[] {
  const out: T[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) out.push(order(a[i]!, b[j]!) <= 0 ? a[i++]! : b[j++]!);
  while (i < a.length) out.push(a[i++]!);
  while (j < b.length) out.push(b[j++]!);
  return out;
}

/**
 * `items` sorted by `order`, runs of `part` a step, then merged a pair a step (a whole
 * level a step was up to every item in one step). A stable merge sort: the same result as
 * one (stable) `sort` by `order`, items equal by it keeping their order.
 */
export function* sortedInParts<T>(
  items: readonly T[],
  order: (x: T, y: T) => number,
  part: number,
): Steps<T[]> {
  if (items.length <= part) return [...items].sort(order);
  let runs: T[][] = [];
  for (let at = 0; at < items.length; at += part) {
    runs.push(items.slice(at, at + part).sort(order));
    yield;
  }
  while (runs.length > 1) {
    const next: T[][] = [];
    for (let i = 0; i < runs.length; i += 2) {
      if (i + 1 >= runs.length) {
        next.push(runs[i]!);
        continue;
      }
      next.push(merged(runs[i]!, runs[i + 1]!, order));
      yield;
    }
    runs = next;
  }
  return runs[0] ?? [];
}
