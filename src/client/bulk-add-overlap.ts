/**
 * Two remote bulk adds of one roster at once (review I, #6: a CI retry overlapping the first
 * attempt). Run B adds its first chunk; run A reads the tournament, skips those names as
 * present and adds the rest; B's next chunk is refused (its names are A's now) and B, undoing
 * its own adds, removed the names A had counted as present: A exited 0 on a roster short of
 * them. Nothing spans a remote service's requests, so a run cannot know who read its names;
 * what it can see is another command adding names of its own roster while it runs. Then it
 * keeps what it added instead of undoing it (on a refusal, or an interrupt): that command may
 * be a run of the same roster that skipped them. The run that skipped names checks, after its
 * last chunk, that they are still there (cli/commands/participants/bulk-add-run.ts,
 * completeRoster).
 */
import { participantNameKey } from "../model/participant-name.js";
import type { ApiRecord } from "./envelope.js";
import { type ErrorDetail, RejectedError } from "./errors.js";
import { type ParticipantOwner, participantsPath } from "./participant-owner.js";
import type { Requester } from "./requester.js";

/** Another command adding names of this run's roster while it ran. */
export interface Overlap {
  /** The tournament's participants, read when it was seen. */
  readonly present: readonly ApiRecord[];
  /** How many of the roster's names were added by another command meanwhile. */
  readonly others: number;
}

const nameKey = (name: unknown) => participantNameKey(String(name ?? ""));

/**
 * The overlap, if the tournament read now holds names of `sent` this run did not add
 * (`created`): with `namesAreNew` (none was there when the run began), another command added
 * them meanwhile. Undefined when it cannot be told (names not known to be new, nothing of this
 * run to spare, the read failed): the run then undoes as before.
 */
export async function overlapOf(
  requester: Requester,
  owner: ParticipantOwner,
  sent: readonly object[],
  created: readonly ApiRecord[],
  namesAreNew: boolean | undefined,
): Promise<Overlap | undefined> {
  if (namesAreNew !== true || created.length === 0) return undefined;
  let present: ApiRecord[];
  try {
    present = await requester.listAll({ method: "GET", path: participantsPath(owner) });
  } catch {
    return undefined;
  }
  const roster = new Set(sent.map((p) => nameKey((p as { name?: unknown }).name)));
  const mine = new Set(created.map((r) => r.id));
  const others = present.filter((r) => !mine.has(r.id) && roster.has(nameKey(r.attributes.name)));
  return others.length === 0 ? undefined : { present, others: others.length };
}

/**
 * Throws BulkAddOverlapError (nothing undone) when a chunk was refused while another command
 * was adding names of the roster; returns otherwise, and the run undoes its adds.
 */
export async function keepAmidOthers(
  requester: Requester,
  owner: ParticipantOwner,
  refused: RejectedError,
  sent: readonly object[],
  created: readonly ApiRecord[],
  namesAreNew: boolean | undefined,
): Promise<void> {
  const overlap = await overlapOf(requester, owner, sent, created, namesAreNew);
  if (overlap !== undefined) throw new BulkAddOverlapError(refused, created, overlap);
}

/** Why an interrupted run that saw another adding names of its roster kept what it added. */
export class KeptForOthers extends Error {
  override name = "KeptForOthers";

  constructor(others: number) {
    super(keptBecause(others));
  }
}

/** Why an overlapping run keeps what it added (a line of its messages). */
export function keptBecause(others: number): string {
  return `another command added ${others} of this roster's names meanwhile and may count this run's as present`;
}

/**
 * A chunk refused while another command was adding names of the roster: what this run had
 * added (`kept`) was not undone. The CLI goes on as a re-run would, skipping the names of
 * `overlap.present`; given up, `refusal()` says what was kept (exit 5).
 */
export class BulkAddOverlapError extends Error {
  override name = "BulkAddOverlapError";

  constructor(
    /** The chunk's refusal (the CLI puts its pointers on roster lines). */
    public refused: unknown,
    readonly kept: readonly ApiRecord[],
    readonly overlap: Overlap,
  ) {
    super(refused instanceof Error ? refused.message : String(refused));
  }

  /** The refusal, with a line saying what was kept and why. */
  refusal(): unknown {
    const error = this.refused;
    if (!(error instanceof RejectedError)) return error;
    const note: ErrorDetail = {
      detail: `the ${this.kept.length} participant(s) this bulk add had added were kept, not removed: ${keptBecause(this.overlap.others)}`,
    };
    return new RejectedError(error.status, error.message, [...error.errors, note]);
  }
}
