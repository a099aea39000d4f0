/**
 * The one reader of v2.1 query strings (issue 24): the routes (ServiceRequest.query), the
 * credential check and the event streams' `?since=` all parse through `parseQuery`. A
 * percent escape that is not one (`%ZZ`, a lone `%`, `%2` at the end) or whose bytes are
 * not UTF-8 (`%E0%A4` cut short, Latin-1 `%E9`) is a 400 naming its parameter. Before,
 * URLSearchParams read the first as literal text and the second as U+FFFD: a filter
 * then matched nothing, or a 404 said `community � not found`.
 */
import type { HttpResponse } from "../model/http.js";
import { badPercentEscape } from "../model/strict-utf8.js";
import { badParameter, type ServiceError } from "./errors.js";

/** A `%` not followed by two hexadecimal digits. */
const NOT_AN_ESCAPE = /%(?![0-9A-Fa-f]{2})/;

/** What is wrong with the escapes of `text` (one name or value), or undefined. */
function escapeProblem(text: string): string | undefined {
  const loose = NOT_AN_ESCAPE.exec(text);
  if (loose !== null) {
    const shown = text.slice(loose.index, loose.index + 3);
    return `${JSON.stringify(shown)} is not a percent escape (two hexadecimal digits follow a %; a % itself is written %25)`;
  }
  const bad = badPercentEscape(text);
  if (bad === undefined) return undefined;
  return `${bad} is not UTF-8 (Latin-1 or another encoding?); encode the text as UTF-8 (é is %C3%A9)`;
}

/** The parameter's name as the client meant it, or as written when it cannot be read. */
function nameOf(raw: string): string {
  if (escapeProblem(raw) !== undefined) return raw;
  return decodeURIComponent(raw.replaceAll("+", " "));
}

/** A parameter whose escapes are bad: its name and what is wrong. */
export interface BadEscape {
  readonly name: string;
  readonly problem: string;
}

/**
 * The first parameter of `raw` (a query without `?`, or a form-encoded body: OAuth's
 * forms, oauth/form.ts) whose escapes are bad, or undefined when all decode.
 */
export function badEscape(raw: string): BadEscape | undefined {
  if (!raw.includes("%")) return undefined;
  for (const pair of raw.split("&")) {
    if (!pair.includes("%")) continue;
    const at = pair.indexOf("=");
    const rawName = at === -1 ? pair : pair.slice(0, at);
    const problem = escapeProblem(rawName) ?? escapeProblem(pair.slice(rawName.length));
    if (problem !== undefined) return { name: nameOf(rawName), problem };
  }
  return undefined;
}

/** The refusal of the first parameter of `raw` (the query without `?`) whose escapes are bad. */
export function queryProblem(raw: string): ServiceError | undefined {
  const bad = badEscape(raw);
  if (bad === undefined) return undefined;
  return badParameter(bad.name, `query parameter ${JSON.stringify(bad.name)}: ${bad.problem}`);
}

/** The query's parameters; throws a 400 naming the first parameter whose escapes are bad. */
export function parseQuery(raw: string): URLSearchParams {
  const problem = queryProblem(raw);
  if (problem !== undefined) throw problem;
  return new URLSearchParams(raw);
}

/** `queryProblem` as a whole response (where no route answers: the event streams). */
export function queryRefusal(raw: string): HttpResponse | undefined {
  const problem = queryProblem(raw);
  if (problem === undefined) return undefined;
  return {
    status: problem.status,
    headers: { "content-type": "application/json; charset=utf-8" },
    body: JSON.stringify({ errors: problem.errors }),
  };
}
