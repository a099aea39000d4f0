/**
 * The bracket page's data.json from the tournament's shared snapshot (issue 24): tagged
 * with the tournament's own revision (a write elsewhere leaves the tag, and a client's
 * 304, as they were), and sent as the snapshot's gzipped chunks themselves, piped with
 * backpressure (a client that does not read holds references to shared buffers, not a
 * copy); a client that does not take gzip gets them inflated as they go.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { HttpResponse } from "../../model/http.js";
import { entityTag, noneMatchHits } from "../entity-tag.js";
import type { Snapshot, TournamentSnapshots } from "./tournament-snapshots.js";

const JSON_TYPE = "application/json; charset=utf-8";

/** Smaller bodies go as they are, whatever the client takes. */
const GZIP_FROM = 2048;

/** What data.json answers: a whole reply (304, 404, 503), or the snapshot to send. */
export type DataAnswer =
  | { readonly kind: "reply"; readonly response: HttpResponse }
  | { readonly kind: "snapshot"; readonly snapshot: Snapshot; readonly etag: string };

const tagOf = (instance: string, id: number, revision: number): string =>
  entityTag(instance, `t${id}r${revision}`, `viewer:${id}`);

/**
 * data.json of tournament `id` (whom the viewer let look): 304 when `ifNoneMatch` names its
 * current revision, else its snapshot at that revision (made once for every asker);
 * `refused` words a 404.
 */
export async function dataAnswer(
  snapshots: TournamentSnapshots,
  instance: string,
  id: number,
  ifNoneMatch: string | undefined,
  refused: HttpResponse,
): Promise<DataAnswer> {
  const revision = snapshots.revision(id);
  if (revision === undefined) return { kind: "reply", response: refused };
  const tag = tagOf(instance, id, revision);
  if (ifNoneMatch !== undefined && noneMatchHits(ifNoneMatch, tag))
    return {
      kind: "reply",
      response: { status: 304, headers: { etag: tag, "cache-control": "no-cache" }, body: "" },
    };
  const snapshot = await snapshots.current(id);
  if ("status" in snapshot)
    return { kind: "reply", response: snapshot.status >= 500 ? snapshot : refused };
  return { kind: "snapshot", snapshot, etag: tagOf(instance, id, snapshot.revision) };
}

/** Sends `snapshot` on `res`: gzipped when `gzip` (and large enough), else inflated. */
export function sendSnapshot(
  req: IncomingMessage,
  res: ServerResponse,
  answer: { readonly snapshot: Snapshot; readonly etag: string },
  gzip: boolean,
): void {
  const { snapshot, etag } = answer;
  const zipped = gzip && snapshot.jsonBytes >= GZIP_FROM;
  res.writeHead(200, {
    "content-type": JSON_TYPE,
    "cache-control": "no-cache",
    vary: "accept-encoding",
    // Two encodings of one content: the gzipped one's tag is weak.
    etag: zipped ? `W/${etag}` : etag,
    "content-length": String(zipped ? snapshot.gzipBytes : snapshot.jsonBytes),
    ...(zipped ? { "content-encoding": "gzip" } : {}),
  });
  if (req.method === "HEAD") {
    res.end();
    return;
  }
  const { Readable } = process.getBuiltinModule("node:stream");
  const source = Readable.from(snapshot.gzip, { objectMode: false });
  res.on("close", () => source.destroy());
  if (zipped) {
    source.pipe(res);
    return;
  }
  const inflate = process.getBuiltinModule("node:zlib").createGunzip();
  res.on("close", () => inflate.destroy());
  source.pipe(inflate).pipe(res);
}
