/**
 * What `tourney api` prints of a response: with -i the status line and the response's
 * headers (never the request's: its Authorization stays unprinted), then the body —
 * JSON indented at a terminal and as received when piped, through --jq when given and
 * the status is a success; an error body is printed as it is, before the error exits.
 */

import { parseResponseBody } from "../../../client/envelope.js";
import { statusLine } from "../../../client/status-text.js";
import type { HttpResponse } from "../../../model/http.js";
import type { OutputStream } from "../../io.js";
import type { JsonOutput } from "../../output/json-output.js";

export function isSuccess(response: HttpResponse): boolean {
  return response.status >= 200 && response.status < 300;
}

/** `HTTP/1.1 200 OK`, one `Name: value` line per header, and a blank line. */
export function headerBlock(response: HttpResponse): string {
  const lines = [`HTTP/1.1 ${statusLine(response.status)}`];
  for (const [name, value] of Object.entries(response.headers)) lines.push(`${name}: ${value}`);
  return `${lines.join("\n")}\n\n`;
}

function parsed(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/** The body: JSON through the JSON output (jq, indentation), anything else as it is. */
export function writeBody(stdout: OutputStream, output: JsonOutput, response: HttpResponse): void {
  const body = response.body;
  if (body.trim() === "") return;
  const document = parsed(body);
  if (document === undefined) {
    // --jq filters JSON: a successful body that is not (a captive portal's page, a proxy's)
    // fails as every command fails on it (exit 1), rather than passing for jq's result.
    if (output.filtering && isSuccess(response)) parseResponseBody(body, response.status);
    stdout.write(body.endsWith("\n") ? body : `${body}\n`);
  } else if (!isSuccess(response)) {
    stdout.write(`${stdout.isTTY === true ? JSON.stringify(document, null, 2) : body.trim()}\n`);
  } else if (stdout.isTTY === true) {
    output.writeText(JSON.stringify(document, null, 2));
  } else {
    output.writeText(body.trim());
  }
}
