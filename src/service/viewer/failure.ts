/**
 * What the bracket viewer answers when the database fails it (a read that had to write met
 * another process's lock or a full disk, a damaged file, a table gone): what the v2.1 routes
 * answer (error-reply.ts: 503 with Retry-After for what passes, 500 otherwise) and its words,
 * as text for the page a person's browser shows, as JSON for data.json and the event stream
 * (the page's script and EventSource read their status). Before, the page answered a bare
 * 500 `{"errors": [{"status": 500, "detail": "internal error"}]}`, and data.json and the
 * stream dropped the connection without an answer.
 */
import type { ServerResponse } from "node:http";
import type { HttpResponse } from "../../model/http.js";
import { errorReply } from "../error-reply.js";

/** The answer to a viewer request of `kind` (the page: undefined) that failed with `error`. */
export function viewerFailure(error: unknown, kind: string | undefined): HttpResponse {
  const reply = errorReply(error, "GET");
  const headers = { ...reply.headers, "cache-control": "no-store" };
  if (kind !== undefined)
    return {
      status: reply.status,
      headers: { ...headers, "content-type": "application/json; charset=utf-8" },
      body: JSON.stringify(reply.body),
    };
  const errors = (reply.body as { errors?: { detail?: unknown }[] } | undefined)?.errors ?? [];
  const detail = errors.map((e) => String(e.detail)).join("; ");
  const then = reply.status === 503 ? " Reload the page to try again." : "";
  return {
    status: reply.status,
    headers: {
      ...headers,
      "content-type": "text/plain; charset=utf-8",
      "x-content-type-options": "nosniff",
    },
    body: `The bracket could not be shown: ${detail}.${then}\n`,
  };
}

/**
 * Whether an open stream goes on: `check` says why it must end (ended, with the reason:
 * viewer/refusals.ts). A check the database failed ends it too, saying so in an `unavailable`
 * event (the answer's JSON); the page's EventSource connects again, Last-Event-ID naming
 * what it had, so nothing is lost. Before, the failure went up into the topic's timer.
 */
export function streamGoesOn(res: ServerResponse, check: () => string | undefined): boolean {
  let last: string;
  try {
    const reason = check();
    if (reason === undefined) return true;
    last = `event: ended\ndata: ${JSON.stringify({ reason })}\n\n`;
  } catch (error) {
    last = `event: unavailable\ndata: ${viewerFailure(error, "events").body}\n\n`;
  }
  if (!res.writableEnded) res.end(last);
  return false;
}
