/**
 * Text about the items of a file a command sends (`participants bulk-add`'s roster, `race times
 * bulk-update`'s rows) and lists of things it names: a few of them, and a service's refusal put
 * on the file's lines. Used by several nouns (station, match, race, transfer): a module of its
 * own, so that they do not load the bulk add's run (bulk-add-run.ts) and, through it, the bulk
 * add client's script (dist/noun-bulk-add.js, build/noun-split.mjs FOLDERS).
 */
import { type ErrorDetail, RejectedError } from "../../../client/errors.js";

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

/** What was sent of one item of a file: where in the file it came from ("line 26"). */
export interface FileItem {
  readonly where: string;
}

/**
 * A service's refusal of items read from a file (`participants bulk-add`, `race times
 * bulk-update`: a file's rows sent as a list attribute), each problem put on the file's line
 * ("line 26: name "Ada" is already taken") instead of a pointer into the request
 * (`/data/attributes/participants/25/name`):
 * `error` with each problem pointing into `/data/attributes/{list}/N` moved onto the line of
 * `items[offset + N]` (the item sent N-th in a request whose first item is `items[offset]`),
 * the pointer dropped; the others as they are. Not a refusal (or no pointer of the list):
 * `error` unchanged.
 */
export function onFileLines(
  error: unknown,
  list: string,
  items: readonly FileItem[],
  offset = 0,
): unknown {
  if (!(error instanceof RejectedError)) return error;
  const pointer = new RegExp(`^/data/attributes/${list}/(\\d+)(?=/|$)`);
  let moved = false;
  const errors = error.errors.map((e): ErrorDetail => {
    const index = e.pointer === undefined ? undefined : pointer.exec(e.pointer)?.[1];
    const item = index === undefined ? undefined : items[offset + Number(index)];
    if (item === undefined) return e;
    moved = true;
    const { pointer: _pointer, ...rest } = e;
    return { ...rest, detail: `${item.where}: ${e.detail}` };
  });
  return moved ? new RejectedError(error.status, error.message, errors) : error;
}
