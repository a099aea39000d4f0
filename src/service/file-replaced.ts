/**
 * serve, once its database file was replaced or removed under it (folders/file-identity.ts):
 * said once on its terminal (through onCommitFailure, as a full disk is: storage-failure.ts),
 * and every write refused 503 from then on; reads go on from the file serve opened
 * (docs/serve.md). Before, writes were answered 200 into a file no one would read again.
 */
import type { HttpRequest, HttpResponse } from "../model/http.js";
import { type FileIdentityWatch, watchFileIdentity } from "../store/file-identity.js";
import { errorReplyTo } from "./error-reply.js";
import { ServiceError } from "./errors.js";
import { fileReplacedResponse, isOAuthPath } from "./oauth/index.js";

/** SQLite's own code for a database file moved or unlinked since it was opened. */
export const DBMOVED = "SQLITE_READONLY_DBMOVED";

/** The error told to serve's onCommitFailure when the file is found replaced. */
export class FileReplacedError extends Error {
  override readonly name = "FileReplacedError";
  readonly code = DBMOVED;
}

/** Watches `dbPath` (":memory:" is not); `tell` hears of a replacement once. */
export function watchServedFile(
  dbPath: string | undefined,
  tell: ((error: Error) => void) | undefined,
): FileIdentityWatch {
  if (dbPath === undefined || dbPath === ":memory:" || dbPath === "")
    return { replaced: () => undefined, stop: () => {} };
  return watchFileIdentity(dbPath, (why) => tell?.(new FileReplacedError(why)));
}

/** A request that would write: anything but GET, HEAD and OPTIONS. */
export function writes(method: string): boolean {
  return method !== "GET" && method !== "HEAD" && method !== "OPTIONS";
}

/** The 503 a write gets once the file is replaced, in the path's shape (v1's, v2.1's, OAuth's). */
export function replacedReply(request: HttpRequest, why: string): HttpResponse {
  const detail = `the change was not made: the database file ${why}; this server still holds the old file, and nothing written now would be read again; restart tourney serve to serve the file now there`;
  if (isOAuthPath(request.path)) return fileReplacedResponse(request.path.split("?")[0]!, detail);
  const reply = errorReplyTo(request, ServiceError.of(503, detail));
  return {
    status: reply.status,
    headers: { ...reply.headers, "content-type": "application/json; charset=utf-8" },
    body: JSON.stringify(reply.body),
  };
}
