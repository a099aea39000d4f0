/**
 * A service's refusal of items read from a file, each problem put on the file's line
 * ("line 26: name "Ada" is already taken") instead of a pointer into the request
 * (`/data/attributes/participants/25/name`): `participants bulk-add` and `race times
 * bulk-update`, which send a file's rows as a list attribute of a request.
 */
import { type ErrorDetail, RejectedError } from "../client/errors.js";

/** What was sent of one item: where in the file it came from ("line 26"). */
export interface FileItem {
  readonly where: string;
}

/**
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
