/** Reading a JSON request body within the size limit. */
import type { Context } from "hono";
import { badRequest } from "./errors.js";
import { parseJson } from "./envelope.js";
import { checkContentType, MAX_BODY_BYTES, tooLarge } from "./http-checks.js";

export async function readJsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (Buffer.byteLength(text, "utf8") > MAX_BODY_BYTES) throw tooLarge();
  checkContentType(c.req.header("content-type"));
  if (text.trim() === "") {
    throw badRequest('this request needs a JSON body: {"data": {"type": ..., "attributes": {...}}}');
  }
  return parseJson(text);
}

/** For endpoints that take an optional body: an empty body reads as {}. */
export async function readOptionalJsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === "") return undefined;
  if (Buffer.byteLength(text, "utf8") > MAX_BODY_BYTES) throw tooLarge();
  checkContentType(c.req.header("content-type"));
  return parseJson(text);
}
