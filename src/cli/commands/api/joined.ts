/**
 * The text of `api --paginate`'s one document, made as the pages come: every page's records
 * in order, then the last page's other members (`meta`, `links`) — byte for byte what
 * `JSON.stringify` makes of the joined document (indented by 2 at a terminal), written a
 * page at a time, so that no more than a page is held. A page whose first member is not
 * `data` (a service that writes `meta` first) is held until the last page, whose members
 * before `data` come first: the document then comes out whole at the end, as before.
 */

type JsonObject = Record<string, unknown>;

export interface JoinedWriter {
  /** A page: its records' text, with what comes before them on the first page. */
  page(document: unknown, records: readonly unknown[]): void;
  /** The end of the document, from the last page's members (the document's line break not included). */
  end(): void;
  /** How many records were written. */
  readonly records: number;
}

/** `text` indented by `by` after each line break (JSON.stringify's nesting). */
function nested(text: string, by: string): string {
  return text.includes("\n") ? text.replace(/\n/g, `\n${by}`) : text;
}

/** A value's text at `depth` (how many levels of 2 spaces it is in) when `pretty`. */
function valueText(value: unknown, pretty: boolean, depth: number): string {
  if (!pretty) return JSON.stringify(value);
  return nested(JSON.stringify(value, null, 2), "  ".repeat(depth));
}

/**
 * A writer of the joined document to `write`: bare arrays joined as one array, `{data, ...}`
 * as one object whose `data` holds every record. `pretty`: as `JSON.stringify(doc, null, 2)`.
 */
export function joinedWriter(write: (text: string) => void, pretty: boolean): JoinedWriter {
  let last: unknown;
  let count = 0;
  // Whether the document's text has begun (it is held when data is not its first member).
  let opened = false;
  let held: unknown[] | undefined;
  const inArray = () => (Array.isArray(last) ? 1 : 2);
  const writeRecords = (records: readonly unknown[]) => {
    if (records.length === 0) return;
    const indent = pretty ? `\n${"  ".repeat(inArray())}` : "";
    const parts: string[] = [];
    for (const record of records) {
      parts.push(`${count > 0 || parts.length > 0 ? "," : ""}${indent}`);
      parts.push(valueText(record, pretty, inArray()));
    }
    count += records.length;
    write(parts.join(""));
  };
  const open = (document: unknown) => {
    opened = true;
    if (Array.isArray(document)) write("[");
    else write(pretty ? '{\n  "data": [' : '{"data":[');
  };
  return {
    get records() {
      return count + (held?.length ?? 0);
    },
    page(document, records) {
      last = document;
      if (!opened && held === undefined) {
        const keys = Array.isArray(document) ? [] : Object.keys(document as JsonObject);
        if (keys.length > 0 && keys[0] !== "data") held = [];
        else open(document);
      }
      if (held !== undefined) held.push(...records);
      else writeRecords(records);
    },
    end() {
      if (last === undefined) return;
      if (held !== undefined) {
        const whole = { ...(last as JsonObject), data: held };
        write(valueText(whole, pretty, 0));
        return;
      }
      const close = pretty && count > 0 ? `\n${"  ".repeat(inArray() - 1)}]` : "]";
      if (Array.isArray(last)) {
        write(close);
        return;
      }
      const parts = [close];
      for (const [key, value] of Object.entries(last as JsonObject)) {
        if (key === "data" || value === undefined) continue;
        const name = JSON.stringify(key);
        parts.push(
          pretty
            ? `,\n  ${name}: ${valueText(value, true, 1)}`
            : `,${name}:${JSON.stringify(value)}`,
        );
      }
      parts.push(pretty ? "\n}" : "}");
      write(parts.join(""));
    },
  };
}
