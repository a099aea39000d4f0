/** Reading a JSON request body. */

import { illFormedDetail, illFormedText } from "../model/strict-utf8.js";
import { parseJson } from "./envelope.js";
import { badRequest, unprocessable } from "./errors.js";
import { checkContentType } from "./http-checks.js";
import type { ServiceRequest } from "./router.js";

/**
 * JSON text that may parse to a lone surrogate: an escape of one (`\ud800`), or one itself (the
 * range, not \p{Cs}: see strict-utf8.ts LONE_SURROGATE).
 */
const MAY_HOLD_SURROGATE = /\\u[dD][89a-fA-F]|[\uD800-\uDFFF]/u;

/** Anything but white space (as `trim` counts it): a test, not a trimmed copy of the body. */
const NOT_BLANK = /\S/;

/**
 * The request's body as JSON. `known`: a reader of one route's usual body (a text it reads
 * gives what JSON.parse would; any other, undefined: JSON.parse reads it), as the match
 * report's (validation/report-body.ts).
 */
export function readJsonBody(request: ServiceRequest, known?: (text: string) => unknown): unknown {
  // No body at all is said as such first: a PUT sent bare was answered 415 "..., not none"
  // (its missing Content-Type), where a bare POST had this message (a review found).
  if (!NOT_BLANK.test(request.body)) {
    throw badRequest(
      'this request needs a JSON body: {"data": {"type": ..., "attributes": {...}}}',
    );
  }
  checkContentType(request.header("content-type"));
  const parsed = known?.(request.body) ?? parseJson(request.body);
  // A "\ud800" escape parses to a lone surrogate (SQLite would store U+FFFD): refused
  // wherever it stands, a key or a value no field check reads, as the field checks do.
  // The parsed body is walked only when its text could hold one (issue 27: the walk was
  // 2.6 % of a played-out double elimination's CPU samples; one scan of the text is less).
  const pointer = MAY_HOLD_SURROGATE.test(request.body) ? illFormedText(parsed) : undefined;
  if (pointer !== undefined) throw unprocessable(illFormedDetail(pointer), pointer);
  return parsed;
}
