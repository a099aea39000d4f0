/** Reading a JSON request body. */

import { parseJson } from "./envelope.js";
import { badRequest } from "./errors.js";
import { checkContentType } from "./http-checks.js";
import type { ServiceRequest } from "./router.js";

export function readJsonBody(request: ServiceRequest): unknown {
  checkContentType(request.header("content-type"));
  if (request.body.trim() === "") {
    throw badRequest(
      'this request needs a JSON body: {"data": {"type": ..., "attributes": {...}}}',
    );
  }
  return parseJson(request.body);
}
