/**
 * Bulk add over a requester, and undoing it.
 *
 * A roster goes in chunks of at most MAX_BULK_ADD (model/bulk-add.ts), or of
 * the chunk size given (a remote service caps bulk_add at 20). Problems the
 * service reports point at the roster's index, not the chunk's
 * (`/data/attributes/participants/25/name` for the 26th name), on every backend.
 *
 * With a transaction (the embedded backend), every chunk goes inside one
 * transaction: all or nothing. A refused chunk, or `stop` aborted (Ctrl-C,
 * seen between chunks), rolls everything back.
 *
 * Without one (a remote service) nothing spans the requests, so the client
 * undoes what it added itself:
 * - a chunk is refused: what earlier chunks created is deleted again, then the
 *   refusal is rethrown with a line saying so (BulkAddCompensationError when some
 *   could not be deleted); a roster past the limits is refused before the first
 *   request (bulk-add-refusals.ts);
 * - `stop` is aborted (Ctrl-C): no further chunk is sent (the one in flight is
 *   awaited, so its records are known), what this run created is deleted again,
 *   and BulkAddInterruptedError says what was undone and what is left;
 * - `abandon` is aborted while undoing (a second Ctrl-C): the undo stops where it is.
 * Deletion runs newest first, one participant at a time, and only while the
 * tournament has not started (after the start a delete deactivates instead).
 * A chunk whose request failed without an answer (network, timeout) may have
 * been added all the same: when the caller checked that none of the names was
 * in the tournament before (`namesAreNew`), the chunk's names found in the
 * tournament are taken as this run's and undone with the rest.
 * Another command seen adding names of the roster meanwhile: nothing is undone, on a refusal
 * or an interrupt, as it may count this run's names as present (bulk-add-overlap.ts).
 */
import { MAX_BULK_ADD } from "../model/bulk-add.js";
import { participantNameKey } from "../model/participant-name.js";
import { STATE_FILTER_GROUPS } from "../model/tournament.js";
import { KeptForOthers, keepAmidOthers, overlapOf } from "./bulk-add-overlap.js";
import { afterUndo, checkRosterFits, type LostChunk } from "./bulk-add-refusals.js";
import type { ApiRecord } from "./envelope.js";
import {
  ApiError,
  BulkAddCompensationError,
  type ErrorDetail,
  NotFoundError,
  RejectedError,
} from "./errors.js";
import { isRace, ownerPath, type ParticipantOwner, participantsPath } from "./participant-owner.js";
import type { Requester } from "./requester.js";

const TYPE = "Participants";
const BEFORE_START: ReadonlySet<string> = new Set(STATE_FILTER_GROUPS.pending);

export interface BulkAddControl {
  /** Aborted: send no further chunk and undo this run's additions. */
  readonly stop?: AbortSignal | undefined;
  /** Aborted while undoing: stop undoing and report what is left. */
  readonly abandon?: AbortSignal | undefined;
  /** None of the names was in the tournament when the add began (a re-run's check). */
  readonly namesAreNew?: boolean | undefined;
  /** After each chunk: how many of the roster have been sent, of how many. */
  readonly onProgress?: ((sent: number, total: number) => void) | undefined;
  /** After each chunk's answer, awaited: tests hold a run there (cli/test-pause.ts). */
  readonly afterChunk?: (() => Promise<void>) | undefined;
}

export interface BulkAddOptions {
  /** Largest request; at most (and by default) MAX_BULK_ADD. */
  readonly chunkSize?: number | undefined;
  /** The backend's transaction spanning requests (Transport.transaction), if it has one. */
  readonly transaction?: (<T>(fn: () => Promise<T>, stop?: AbortSignal) => Promise<T>) | undefined;
}

const CHUNK_POINTER = /^\/data\/attributes\/participants\/(\d+)(?=\/|$)/;

/**
 * A chunk's refusal as the roster's: each pointer's index moved by the chunk's
 * offset. Other errors (and other statuses) are returned unchanged.
 */
export function refusalOfRoster(error: unknown, offset: number): unknown {
  if (!(error instanceof RejectedError) || offset === 0) return error;
  const errors: ErrorDetail[] = error.errors.map((e) =>
    e.pointer === undefined
      ? e
      : {
          ...e,
          pointer: e.pointer.replace(
            CHUNK_POINTER,
            (_, i: string) => `/data/attributes/participants/${Number(i) + offset}`,
          ),
        },
  );
  return new RejectedError(error.status, error.message, errors);
}

/** Lets a signal's handler run between chunks (an in-process request never yields). */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** What undoing left behind, and why (undefined when everything was removed). */
interface UndoResult {
  readonly left: readonly ApiRecord[];
  readonly failure?: unknown;
}

/**
 * A bulk add was interrupted. `added` is what this run had added when it
 * stopped; `left` what is still in the tournament after the undo (empty when
 * the undo removed everything), with `undoFailure` saying why.
 */
export class BulkAddInterruptedError extends Error {
  override name = "BulkAddInterruptedError";

  constructor(
    readonly added: readonly ApiRecord[],
    readonly left: readonly ApiRecord[],
    /** How many participants the run meant to add. */
    readonly total: number,
    readonly undoFailure?: unknown,
  ) {
    super(
      left.length === 0
        ? `bulk add interrupted: the ${added.length} participant(s) it had added were removed`
        : `bulk add interrupted: ${left.length} of the ${added.length} participant(s) it had added are still there`,
    );
  }
}

/** The undo gave up on purpose (a second interrupt, a started tournament). */
export class UndoStoppedError extends Error {
  override name = "UndoStoppedError";
}

interface Chunk {
  readonly items: readonly object[];
  /** The index of its first item in the roster. */
  readonly offset: number;
}

/**
 * The state that forbids removing participants, or undefined while they may be
 * removed: a tournament before its start; a race before its first round (its
 * `state`, where the service gives one, else `currentLap`).
 */
function startedState(owner: ParticipantOwner, a: Record<string, unknown>): string | undefined {
  if (isRace(owner) && a.state === undefined)
    return a.currentLap === null || a.currentLap === undefined ? undefined : "underway";
  const state = String(a.state ?? "");
  return BEFORE_START.has(state) ? undefined : state;
}

function chunksOf(items: readonly object[], size: number): Chunk[] {
  const chunks: Chunk[] = [];
  for (let offset = 0; offset < items.length; offset += size) {
    chunks.push({ items: items.slice(offset, offset + size), offset });
  }
  return chunks;
}

export function bulkAdder(requester: Requester, options: BulkAddOptions = {}) {
  const all = participantsPath;

  async function sendChunk(t: ParticipantOwner, chunk: Chunk): Promise<ApiRecord[]> {
    try {
      const list = await requester.list({
        method: "POST",
        path: `${all(t)}/bulk_add`,
        body: { type: TYPE, attributes: { participants: chunk.items } },
      });
      return list.data;
    } catch (error) {
      throw refusalOfRoster(error, chunk.offset);
    }
  }

  const nameOf = (p: object) => String((p as { name?: unknown }).name ?? "");

  /**
   * The records of a chunk whose answer was lost (a reset, a timeout, a gateway's 502/504), if
   * it was added after all; `checked` false when that cannot be told (the names were not known
   * to be new, or the tournament could not be read again).
   */
  async function landed(
    t: ParticipantOwner,
    chunk: readonly object[],
    error: unknown,
    control: BulkAddControl,
  ): Promise<LostChunk> {
    const names = chunk.map(nameOf);
    if (error instanceof ApiError) return { names, found: [], checked: true };
    if (!control.namesAreNew) return { names, found: [], checked: false };
    const keys = new Set(names.map(participantNameKey));
    try {
      const present = await requester.listAll({ method: "GET", path: all(t) });
      const found = present.filter((r) =>
        keys.has(participantNameKey(String(r.attributes.name ?? ""))),
      );
      return { names, found, checked: true };
    } catch {
      return { names, found: [], checked: false };
    }
  }

  async function checkNotStarted(t: ParticipantOwner): Promise<void> {
    const owner = await requester.single({ method: "GET", path: ownerPath(t) });
    const state = startedState(t, owner.attributes);
    if (state !== undefined) {
      throw new UndoStoppedError(
        `the ${isRace(t) ? "race" : "tournament"} is ${state} now; deleting would deactivate participants, not remove them`,
      );
    }
  }

  /** Deletes `created` newest first; stops at the first failure. */
  async function undo(
    t: ParticipantOwner,
    created: readonly ApiRecord[],
    abandon: AbortSignal | undefined,
  ): Promise<UndoResult> {
    if (created.length === 0) return { left: [] };
    try {
      await checkNotStarted(t);
    } catch (failure) {
      return { left: created, failure };
    }
    for (let i = created.length - 1; i >= 0; i--) {
      if (abandon?.aborted) {
        return {
          left: created.slice(0, i + 1),
          failure: new UndoStoppedError("interrupted again"),
        };
      }
      try {
        await requester.none({ method: "DELETE", path: `${all(t)}/${created[i]!.id}` });
      } catch (failure) {
        if (failure instanceof NotFoundError) continue;
        return { left: created.slice(0, i + 1), failure };
      }
    }
    return { left: [] };
  }

  async function interrupted(
    t: ParticipantOwner,
    sent: readonly object[],
    created: readonly ApiRecord[],
    control: BulkAddControl,
  ): Promise<BulkAddInterruptedError> {
    const overlap = await overlapOf(requester, t, sent, created, control.namesAreNew);
    const result: UndoResult =
      overlap === undefined
        ? await undo(t, created, control.abandon)
        : { left: created, failure: new KeptForOthers(overlap.others) };
    return new BulkAddInterruptedError(created, result.left, sent.length, result.failure);
  }

  /** Every chunk in the backend's transaction: a refusal or an interrupt undoes all of it. */
  async function transactional(
    t: ParticipantOwner,
    chunks: readonly Chunk[],
    total: number,
    control: BulkAddControl,
    transaction: NonNullable<BulkAddOptions["transaction"]>,
  ): Promise<ApiRecord[]> {
    const stopped = () => control.stop?.aborted === true;
    try {
      return await transaction(async () => {
        // More than one request: checked first, so a refusal counts what is stored.
        if (chunks.length > 1) await checkRosterFits(requester, t, total);
        const created: ApiRecord[] = [];
        // A refused chunk undoes only itself: the rest are still sent, so the refusal names
        // every chunk's problems (before, only the first refused chunk's: a conflict on line
        // 1500 of 10,000 names re-sent was never mentioned); then all of it is undone.
        const refused: ErrorDetail[] = [];
        for (const chunk of chunks) {
          try {
            created.push(...(await sendChunk(t, chunk)));
          } catch (error) {
            if (!(error instanceof RejectedError)) throw error;
            refused.push(...error.errors);
          }
          control.onProgress?.(chunk.offset + chunk.items.length, total);
          await control.afterChunk?.();
          await nextTurn();
          if (stopped()) throw new BulkAddInterruptedError([], [], total);
        }
        // The first five problems and a count of the rest (10,000 names re-sent: not 10,000 lines).
        const more = refused.length - 5;
        if (more > 0) refused.splice(5, more, { detail: `and ${more} more names refused` });
        if (chunks.length > 1 && refused.length > 0)
          refused.push({ detail: "nothing was added: the bulk add is all or nothing" });
        if (refused.length > 0)
          throw new RejectedError(422, refused.map((e) => e.detail).join("; "), refused);
        return created;
      }, control.stop);
    } catch (error) {
      // Stopped while waiting for another process's lock: nothing was sent.
      if (stopped() && error === control.stop?.reason)
        throw new BulkAddInterruptedError([], [], total);
      throw error;
    }
  }

  /** Chunk after chunk, each its own request; undone by deleting (see the top). */
  async function compensated(
    t: ParticipantOwner,
    sent: readonly object[],
    chunks: readonly Chunk[],
    control: BulkAddControl,
  ): Promise<ApiRecord[]> {
    const total = sent.length;
    // More than one request: a roster the tournament cannot take is refused before the first.
    if (chunks.length > 1 && control.stop?.aborted !== true)
      await checkRosterFits(requester, t, total);
    const created: ApiRecord[] = [];
    for (const chunk of chunks) {
      if (control.stop?.aborted) throw await interrupted(t, sent, created, control);
      try {
        created.push(...(await sendChunk(t, chunk)));
        control.onProgress?.(chunk.offset + chunk.items.length, total);
        await control.afterChunk?.();
      } catch (error) {
        const lost = await landed(t, chunk.items, error, control);
        const before = created.length;
        created.push(...lost.found);
        if (control.stop?.aborted) throw await interrupted(t, sent, created, control);
        if (error instanceof RejectedError)
          await keepAmidOthers(requester, t, error, sent, created, control.namesAreNew);
        const result = await undo(t, created, control.abandon);
        if (result.left.length > 0) throw new BulkAddCompensationError(error, result.left);
        throw afterUndo(error, before, lost);
      }
    }
    return created;
  }

  return async function bulkAdd(
    t: ParticipantOwner,
    participants: readonly object[],
    control: BulkAddControl = {},
  ): Promise<ApiRecord[]> {
    if (participants.length === 0) return [];
    const size = Math.max(1, Math.min(MAX_BULK_ADD, Math.floor(options.chunkSize ?? MAX_BULK_ADD)));
    const chunks = chunksOf(participants, size);
    const total = participants.length;
    return options.transaction === undefined
      ? compensated(t, participants, chunks, control)
      : transactional(t, chunks, total, control, options.transaction);
  };
}
