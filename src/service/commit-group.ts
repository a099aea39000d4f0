/**
 * Group commit for serve's HTTP adapter. On a database file, a commit costs far more
 * than the writes of a report (bench/sqlite-floor.mjs: a 3-row transaction 3.6 us in
 * memory, ~26 us in WAL on a file: the WAL frames written, the -shm locks taken and
 * released). Under load, the requests that arrive together are answered in one turn of
 * the event loop; here they share one transaction:
 *
 * - the first write request of a turn (POST, PUT, PATCH, DELETE) opens the group
 *   (BEGIN IMMEDIATE); each request's own writes are a savepoint inside it (the
 *   service's `write` nests), so a refused request undoes only itself;
 * - every reply of the turn, reads included (they may have read a write of the
 *   group), is held until the group commits, at `setImmediate`, after the turn's
 *   I/O callbacks; then they all go out. Nothing is acknowledged before it is
 *   committed;
 * - a commit that fails (a full disk) rolls the whole group back, and every held
 *   reply becomes a 503 saying nothing was saved.
 *
 * The write lock is held for one turn of the loop (microseconds to a few ms), so
 * another process writing the same file waits no longer than for one request today.
 * Measured gain (bench/serve.mjs, autocannon -c 32, same machine and run conditions):
 * PUT report 0.34x -> 0.51-0.53x of a bare node:http server answering the same bytes
 * (about 25k -> 38-40k requests/s).
 */
import type { ServerResponse } from "node:http";
import type { HttpResponse } from "../model/http.js";
import { pathOf } from "./oauth/form.js";
import { isOAuthPath, notSavedResponse } from "./oauth/index.js";
import { isRead, NOT_READ_GROUP, notSavedReply } from "./storage-failure.js";
import type { Service } from "./types.js";
import { inPathsShape } from "./v1/transport.js";

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * The 503 of a request whose group's commit failed, as a statement's own failure answers it
 * (error-reply.ts notSavedReply: the cause in its own words, a full disk said to be one, and
 * its Retry-After) in the shape of the surface asked: the OAuth endpoints' (RFC 6749 JSON, a
 * page for a form), v1's, v2.1's. Before, v2.1's on every path, without Retry-After; then
 * NOT_SAVED's "the database refused the commit; try again" whatever the cause, while serve's
 * terminal said the disk was full (an outside review).
 */
function notSaved(url: string, method: string | undefined, failure: Error): HttpResponse {
  if (isOAuthPath(url)) return notSavedResponse(pathOf({ method: "POST", path: url, headers: {} }));
  // A read held for the group is not told that its change was not saved (NOT_READ_GROUP).
  const reply = inPathsShape(url, isRead(method) ? NOT_READ_GROUP : notSavedReply(failure));
  return {
    status: reply.status,
    headers: { "content-type": "application/json; charset=utf-8", ...reply.headers },
    body: JSON.stringify(reply.body),
  };
}

interface Held {
  readonly res: ServerResponse;
  readonly send: () => void;
}

export class CommitGroup {
  #held: Held[] | undefined;

  /** `onFailure` hears why a commit failed (serve prints it: a full disk, issue 24, item 9). */
  constructor(
    private readonly service: Service,
    private readonly onFailure?: (error: Error) => void,
  ) {}

  /** Called before a request is answered: a write opens a group when none is open. */
  before(method: string | undefined): void {
    if (this.#held !== undefined || method === undefined || !WRITE_METHODS.has(method)) return;
    if (!this.service.openGroup()) return;
    this.#held = [];
    setImmediate(() => this.#commit());
  }

  /** Sends the reply now, or after the open group commits. */
  reply(res: ServerResponse, send: () => void): void {
    if (this.#held === undefined) send();
    else this.#held.push({ res, send });
  }

  #commit(): void {
    const held = this.#held ?? [];
    this.#held = undefined;
    const failure = this.service.closeGroup();
    if (failure !== undefined) this.onFailure?.(failure);
    for (const { res, send } of held) {
      if (res.destroyed) continue;
      if (failure === undefined) {
        send();
        continue;
      }
      const { status, headers, body } = notSaved(res.req?.url ?? "/", res.req?.method, failure);
      res.writeHead(status, { ...headers, "content-length": String(Buffer.byteLength(body)) });
      res.end(res.req?.method === "HEAD" ? undefined : body);
    }
  }
}
