/** Reading a JSON request body. */

import { illFormedDetail, illFormedText } from "../model/strict-utf8.js";
import { parseJson } from "./envelope.js";
import { badRequest, unprocessable } from "./errors.js";
import { checkContentType } from "./http-checks.js";
import type { ServiceRequest } from "./router.js";

export function readJsonBody(request: ServiceRequest): unknown {
  checkContentType(request.header("content-type"));
  if (request.body.trim() === "") {
    throw badRequest(
      'this request needs a JSON body: {"data": {"type": ..., "attributes": {...}}}',
    );
  }
  const parsed = parseJson(request.body);
  // A "\ud800" escape parses to a lone surrogate (SQLite would store U+FFFD): refused
  // wherever it stands, a key or a value no field check reads, as the field checks do.
  const pointer = illFormedText(parsed);
  if (pointer !== undefined) throw unprocessable(illFormedDetail(pointer), pointer);
  return parsed;
}
