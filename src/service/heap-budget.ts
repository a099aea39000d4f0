/**
 * serve's heap kept near what it holds (issue 24), set by serve itself: no flag to pass.
 * V8 lets a heap grow, after each full collection, by a factor of up to 4 of what
 * survived it, chosen from how fast it collects: with node's default limits (4 GB here)
 * serve's heap grew to twice and more what it held while it read a 50,000-player
 * bracket's snapshot page by page (the pages' records, texts and pieces are garbage once
 * compressed), and its resident memory past 600 MiB. Growing by half of what survived
 * at most collects that garbage sooner, at the cost of more frequent collections, most of
 * whose marking runs beside the event loop.
 */

/** How far the heap may grow past what survived the last full collection (percent). */
export const HEAP_GROWING_PERCENT = 50;

/**
 * Sets V8's heap growing factor for this process (its worker threads too). A V8 flag read
 * each time the heap's limit is computed again, so setting it while running takes effect
 * at the next full collection.
 */
export function limitHeapGrowth(): void {
  const v8 = process.getBuiltinModule("node:v8");
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
