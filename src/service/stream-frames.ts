/**
 * The frames of serve's event streams (http-event-stream.ts): each event one `id:` line and
 * one `data:` line of its JSON. Events sent to many readers are framed once for them all and
 * written as one shared buffer to each: a backlog by its batches (a `?since=` history, issue
 * 24), a live batch by its pieces (public/topic-timer.ts gives every reader the same array).
 */
import type { WatchEvent } from "../model/watch-events.js";

export const frame = (event: WatchEvent): string =>
  `id: ${event.id}\ndata: ${JSON.stringify(event)}\n\n`;

/** Frames of the backlog written per unit of the work gate. */
export const BACKLOG_BATCH = 256;

/** A batch of a backlog framed once: its events, its bytes. */
interface Framed {
  readonly events: readonly WatchEvent[];
  readonly bytes: Buffer;
}

/**
 * Batches framed, by their first event (issue 24): readers of one history (every `?since=`
 * of a tournament, from the start of its history) are sent the same batches of the same
 * event objects, framed once and written as one shared buffer to each, not framed again per
 * connection. Held as long as the batch's first event is (its topic's history).
 */
const framedBatches = new WeakMap<WatchEvent, Framed>();

/** Batches framed since the service opened (what the tests count). */
export const backlogFraming = { batches: 0 };

/** The bytes of `events`, one buffer. */
function framedBytes(events: readonly WatchEvent[]): Buffer {
  let text = "";
  for (const event of events) text += frame(event);
  return Buffer.from(text, "utf8");
}

/** The bytes of `backlog[at, at + BACKLOG_BATCH)`, framed once for every reader of it. */
export function framedBatch(backlog: readonly WatchEvent[], at: number): Buffer {
  const events = backlog.slice(at, at + BACKLOG_BATCH);
  const known = framedBatches.get(events[0]!);
  const same =
    known?.events.length === events.length && known.events.every((e, i) => e === events[i]);
  if (same) return known!.bytes;
  backlogFraming.batches++;
  const bytes = framedBytes(events);
  framedBatches.set(events[0]!, { events, bytes });
  return bytes;
}

/** Live pieces framed, by the array every reader is given (held while a reader holds it). */
const framedPieces = new WeakMap<readonly WatchEvent[], Buffer>();

/** Live pieces and their events framed since the service opened (what the tests count). */
export const liveFraming = { pieces: 0, events: 0 };

/**
 * The bytes of `piece`, framed once for every reader given that array. Before, each reader
 * framed each event again (a JSON.stringify per event per reader).
 */
export function framedPiece(piece: readonly WatchEvent[]): Buffer {
  const known = framedPieces.get(piece);
  if (known !== undefined) return known;
  liveFraming.pieces++;
  liveFraming.events += piece.length;
  const bytes = framedBytes(piece);
  framedPieces.set(piece, bytes);
  return bytes;
}
