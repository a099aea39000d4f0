/**
 * Header fields a request may carry once (RFC 9110 §5.3: a field without list syntax sent on
 * several lines is not one value): Host (RFC 9112 §3.2), and the credential's Authorization and
 * Authorization-Type (docs/serve.md). Two of them are refused 400 before the service sees the
 * request (http-refusals.ts): Node keeps the first Host or Authorization, so with two keys the
 * first was used silently.
 */
import type { IncomingMessage } from "node:http";

/** Fields a request carries once (no list syntax, RFC 9110 §5.3), by name: their spelling. */
const SINGLE_FIELDS: ReadonlyMap<string, string> = new Map([
  ["host", "Host"],
  ["authorization", "Authorization"],
  ["authorization-type", "Authorization-Type"],
]);

/**
 * The first field of SINGLE_FIELDS the request has on several lines, and how many. Node keeps
 * the first Host or Authorization of several in `req.headers` (and joins Authorization-Type's
 * with a comma): counted on `rawHeaders` (names of those lengths looked at, no copy), not
 * `req.headersDistinct`, which builds an object of every header a request.
 */
function doubledLines(req: IncomingMessage): [string, number] | undefined {
  const raw = req.rawHeaders;
  let counts: Map<string, number> | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    const length = raw[i]!.length;
    if (length !== 4 && length !== 13 && length !== 18) continue;
    const name = raw[i]!.toLowerCase();
    if (!SINGLE_FIELDS.has(name)) continue;
    counts ??= new Map();
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  for (const [name, count] of counts ?? []) if (count > 1) return [name, count];
  return undefined;
}

/**
 * What a request with a single-valued field on several lines is told (400: which one is meant
 * cannot be told), or undefined when it has none twice.
 */
export function doubledField(req: IncomingMessage): string | undefined {
  const doubled = doubledLines(req);
  if (doubled === undefined) return undefined;
  const [name, count] = doubled;
  const field = SINGLE_FIELDS.get(name)!;
  const what = name === "host" ? "the server's address" : "one credential";
  return `the request has ${count} ${field} header lines; send one ${field}: ${what}`;
}
