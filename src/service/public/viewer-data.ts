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

/**
 * How long a data.json transfer may wait on a client that takes no byte of it before it is
 * dropped (its budget slot freed: public/budgets.ts). A client that stopped reading (or a
 * socket held open on purpose, its receive window shut) held its slot until it went away:
 * 32 such sockets took every other viewer behind the address a 429, 256 from a few
 * addresses every viewer of every tournament a 503, for as long as they liked (an outside
 * review, 2026-11-27). 20 s is long past any pause of a phone that still reads on venue
 * Wi-Fi (a lost packet is sent again within a few seconds); a page put in the background
 * that stops reading gets the error and asks again when it reads again (the viewer retries).
 * The tests make it short.
 */
export const TRANSFER = { stallMs: 20_000 };

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
  dropWhenStalled(res, TRANSFER.stallMs);
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

/**
 * Drops `res` once its client has taken no byte for `stallMs` while bytes wait to go to it:
 * the bytes the kernel took (written less what is still queued) are looked at four times a
 * `stallMs`. A slow client that takes some is never dropped, nor one whose wait was serve's
 * own: a look that comes late (serve's event loop held, the client's bytes not sent) starts
 * the count again.
 */
function dropWhenStalled(res: ServerResponse, stallMs: number): void {
  const socket = res.socket;
  if (socket === null) return;
  const period = Math.max(1, stallMs / 4);
  const taken = () => socket.bytesWritten - socket.writableLength;
  let last = taken();
  let since = performance.now();
  let looked = since;
  const timer = setInterval(() => {
    const now = performance.now();
    const late = now - looked > 2 * period;
    looked = now;
    const bytes = taken();
    if (bytes !== last || socket.writableLength === 0 || late) {
      last = bytes;
      since = now;
    } else if (now - since >= stallMs) res.destroy();
  }, period);
  timer.unref();
  res.on("close", () => clearInterval(timer));
}
