/** Seeded shuffling: the same seed always gives the same order. */
import { seededRandom } from "../model/seeded-random.js";

export { seededRandom };

/** Fisher-Yates over a copy of `items`, driven by `seed`. */
export function seededShuffle<T>(items: readonly T[], seed: number): T[] {
  const random = seededRandom(seed);
  const result = [...items];
  for (let i = result.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [result[i], result[j]] = [result[j]!, result[i]!];
  }
  return result;
}
