/**
 * Whether a `--jq` program can run on each page of a list as the page comes (`api
 * --paginate`), printing what it would print run once over the pages joined: a program
 * that starts by going through the list's records one by one (`.data[] | ...`, `.[] | ...`
 * of a bare array, `(.data? // .)[] | ...`), the rest reading only the record it is given.
 * `|` binds loosest in jq (only a `def` looser), so `.data[] | REST` is the records, each
 * through REST, whatever REST holds (`,`, more pipes, `as`, `reduce`): its results over the
 * joined list are its results over each page's, one page after another. REST cannot reach
 * the document (meta, links, the other records): jq has no way up from `.`. `input` meets
 * "no more inputs" either way (one document per run). Not `halt` and `halt_error`: one
 * ends a run, not the list. Any other program (`length`, `[...]`, `first(...)`, `def ...;`)
 * needs the whole list: undefined.
 */

/** The shape of a list's pages: `{data: [...], ...}` (tourney's services) or a bare array. */
export type PageShape = "object" | "array";

/** Ways to start a program that go through the records, written without blanks, per shape. */
const RECORDS: Readonly<Record<PageShape, readonly string[]>> = {
  object: [".data[]", ".data[]?", "(.data?//.)[]", "(.data//.)[]", "(.data?//.)[]?"],
  array: [".[]", ".[]?", "(.data?//.)[]", "(.data?//.)[]?"],
};

/** Whether `expression` may run on each page of a list of pages shaped `shape`. */
export function runsPerPage(expression: string, shape: PageShape): boolean {
  if (/\bhalt/.test(expression)) return false;
  const starts = RECORDS[shape];
  const whole = expression.replace(/\s+/g, "");
  if (starts.includes(whole)) return true;
  // The first "|" anywhere: after one of these starts it is the program's top-level pipe
  // (each start is balanced and holds no string or comment); "|=" is an update, not a pipe.
  const pipe = expression.indexOf("|");
  if (pipe === -1 || expression[pipe + 1] === "=") return false;
  return starts.includes(expression.slice(0, pipe).replace(/\s+/g, ""));
}
