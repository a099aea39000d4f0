/**
 * Adding participants: one, a batch (bulk_add) or the asking user (register).
 * Each reads the tournament and checks its state, names, seeds and sign-up cap
 * inside the write that adds: all of a batch lands, or none.
 */
import { MAX_BULK_ADD } from "../../model/bulk-add.js";
import { withSeparators } from "../../model/limits.js";
import { participantNameKey } from "../../model/participant-name.js";
import type { ParticipantRow } from "../../store/participants-repository.js";
import type { ServiceContext } from "../context.js";
import { Problems, unprocessable } from "../errors.js";
import { type Ignored, unknownAttribute } from "../validation/ignored.js";
import {
  newParticipant,
  type ParticipantInput,
  readParticipantInput,
} from "../validation/participant-input.js";
import type { OwnerRef, ParticipantOwner } from "./owner.js";
import { requireBeforeStart } from "./rules.js";

export const MAX_BULK = MAX_BULK_ADD;

/** Participants read from a request, with the JSON pointer of each and of the whole. */
export interface Batch {
  readonly inputs: readonly ParticipantInput[];
  readonly pointers: readonly string[];
  /** Where a sign-up cap problem points. */
  readonly pointer: string;
  /** Problems found while reading; more are added against the store. */
  readonly problems: Problems;
}

/** One participant from `attributes` (POST .../participants); unknown ones to `ignored` if given. */
export function readOne(attributes: Record<string, unknown>, ignored?: Ignored): Batch {
  const problems = new Problems();
  const pointer = "/data/attributes";
  const input = readParticipantInput(attributes, pointer, problems, ignored);
  return { inputs: [input], pointers: [pointer], pointer, problems };
}

/**
 * `attributes.participants` (POST .../participants/bulk_add). Unknown
 * attributes of an entry go to `ignored` if given, as `participants.3.colour`.
 */
export function readBulk(attributes: Record<string, unknown>, ignored?: Ignored): Batch {
  const list = attributes.participants;
  const pointer = "/data/attributes/participants";
  if (!Array.isArray(list) || list.length === 0 || list.length > MAX_BULK) {
    throw unprocessable(
      `participants must be an array of 1 to ${MAX_BULK} objects like {"name": "..."}`,
      pointer,
    );
  }
  const problems = new Problems();
  for (const key of Object.keys(attributes)) {
    if (key !== "participants")
      unknownAttribute(key, "/data/attributes", ["participants"], problems, ignored);
  }
  const pointers = list.map((_, i) => `${pointer}/${i}`);
  const inputs = list.map((item, i) => {
    if (typeof item !== "object" || item === null || Array.isArray(item)) {
      problems.add(pointers[i]!, 'each participant must be an object like {"name": "..."}');
      return {};
    }
    return readParticipantInput(item as Record<string, unknown>, pointers[i]!, problems, ignored);
  });
  return { inputs, pointers, pointer, problems };
}

/** Adds a batch before the start: all of it, or a 422 naming every problem. */
export function addParticipants(
  service: ServiceContext,
  owner: OwnerRef,
  batch: Batch,
): ParticipantRow[] {
  return service.write(() => {
    const t = owner(service);
    requireBeforeStart(t, "add participants");
    return insertChecked(service, t, batch);
  });
}

/** Register me: the asking user joins an open-signup tournament (DESIGN.md §3). */
export function registerUser(
  service: ServiceContext,
  owner: OwnerRef,
  user: string,
  attributes: Record<string, unknown>,
  ignored: Ignored,
): ParticipantRow {
  return service.write(() => {
    const t = owner(service);
    if (!t.openSignup) {
      throw unprocessable(
        `${t.noun} ${t.url} does not take sign-ups: registration_options.open_signup is false`,
      );
    }
    requireBeforeStart(t, "register");
    if (t.participants.findByUsername(t.id, user) !== undefined) {
      throw unprocessable(`${user} is already registered in ${t.noun} ${t.url}`);
    }
    const batch = readOne({ name: user, ...attributes, username: user }, ignored);
    return insertChecked(service, t, batch)[0]!;
  });
}

function insertChecked(
  service: ServiceContext,
  t: ParticipantOwner,
  batch: Batch,
): ParticipantRow[] {
  checkBatch(t, batch);
  checkCap(t, batch);
  batch.problems.throwIfAny();
  const now = service.now();
  const { inputs } = batch;
  t.touch(now);
  if (inputs.every((input) => input.seed === undefined))
    return t.participants.appendMany(t.id, inputs.map(newParticipant), now);
  return insertSeeded(t, inputs, now);
}

/**
 * A batch with seeds, in any order: as if the names without a seed went to the
 * bottom first (in order), then the seeded ones in ascending seed order, each
 * inserted at its seed, shifting those at and below it down one. checkBatch made
 * the seeds distinct and at most the final count, so each ends at the seed it
 * asked for and the others (the players already there in seed order, then the
 * unseeded names in batch order) fill the places left. That order is worked out
 * here and written once: the rows appended (ids in that same insertion order),
 * then one reseed of the places down to the last whose seed changes. Inserting
 * and shifting a row at a time was one range UPDATE a seeded row, quadratic:
 * 8,000 names with the first quarter seeded took 12.7 s. The reseed also moves
 * the updated_at of rows above the first seed asked, which keep their seed (a
 * shift left them alone). Rows come back in the batch's order.
 */
function insertSeeded(
  t: ParticipantOwner,
  inputs: readonly ParticipantInput[],
  now: string,
): ParticipantRow[] {
  const batch = inputs.map((input, i) => ({ input, i }));
  const unseeded = batch.filter(({ input }) => input.seed === undefined);
  const seeded = batch
    .filter(({ input }) => input.seed !== undefined)
    .sort((a, b) => a.input.seed! - b.input.seed!);
  const existing = t.participants.list(t.id);
  const rows = t.participants.appendMany(
    t.id,
    [...unseeded, ...seeded].map(({ input }) => newParticipant(input)),
    now,
  );
  const places = Array.from<ParticipantRow | undefined>({ length: existing.length + rows.length });
  seeded.forEach(({ input }, k) => {
    places[input.seed! - 1] = rows[unseeded.length + k];
  });
  const rest = [...existing, ...rows.slice(0, unseeded.length)];
  let next = 0;
  let lastMoved = -1;
  const order = places.map((place, i) => {
    const row = place ?? rest[next++]!;
    if (row.seed !== i + 1) lastMoved = i;
    return row;
  });
  // Seeds 1..lastMoved+1 written; rows below the last that moves keep theirs (and their updated_at).
  t.participants.reseed(
    t.id,
    order.slice(0, lastMoved + 1).map((row) => row.id),
    now,
  );
  const seeds = new Map(order.map((row, i) => [row.id, i + 1]));
  const added: ParticipantRow[] = [];
  [...unseeded, ...seeded].forEach(({ i }, k) => {
    const row = rows[k]!;
    added[i] = { ...row, seed: seeds.get(row.id)! };
  });
  return added;
}

function checkCap(t: ParticipantOwner, batch: Batch): void {
  const cap = t.signupCap;
  const count = t.participants.count(t.id);
  const adding = batch.inputs.length;
  if (cap !== undefined && count + adding > cap) {
    batch.problems.add(
      batch.pointer,
      `signup_cap is ${withSeparators(cap)}: the ${t.noun} has ${withSeparators(count)} participants and cannot take ${withSeparators(adding)} more; nothing was added`,
    );
  }
  t.checkLimit(count, adding, batch.pointer, batch.problems);
}

export function checkSeed(
  seed: number | undefined,
  max: number,
  pointer: string,
  problems: Problems,
): void {
  if (seed !== undefined && (seed < 1 || seed > max))
    problems.add(pointer, `seed must be between 1 and ${max}, not ${seed}`);
}

/**
 * Names unique in the batch and the tournament; seeds distinct in the batch and
 * at most the count the tournament will have, in any order (insertSeeded).
 */
function checkBatch(t: ParticipantOwner, batch: Batch): void {
  const { inputs, pointers, problems } = batch;
  const seen = new Set<string>();
  const existing = t.participants.count(t.id);
  const names = inputs.flatMap((input) => (input.name === undefined ? [] : [input.name]));
  const taken = existing === 0 ? new Set() : t.participants.namesTaken(t.id, names);
  inputs.forEach((input, i) => {
    const pointer = pointers[i]!;
    if (input.name === undefined) {
      // A name given but refused (control characters, too long) has its complaint already.
      if (!problems.has(`${pointer}/name`)) problems.add(`${pointer}/name`, "name is required");
      return;
    }
    // Names compare as the store compares them (model/participant-name.ts).
    const key = participantNameKey(input.name);
    if (seen.has(key) || taken.has(key)) {
      problems.add(
        `${pointer}/name`,
        `name ${JSON.stringify(input.name)} is already taken in this ${t.noun}`,
      );
    }
    seen.add(key);
  });
  checkBatchSeeds(inputs, pointers, existing + inputs.length, problems);
}

function checkBatchSeeds(
  inputs: readonly ParticipantInput[],
  pointers: readonly string[],
  max: number,
  problems: Problems,
): void {
  const firstWith = new Map<number, string>();
  inputs.forEach(({ seed }, i) => {
    if (seed === undefined) return;
    const pointer = `${pointers[i]!}/seed`;
    const earlier = firstWith.get(seed);
    if (earlier !== undefined) {
      problems.add(pointer, `seed ${seed} is given twice in this request (also at ${earlier})`);
      return;
    }
    firstWith.set(seed, pointer);
    checkSeed(seed, max, pointer, problems);
  });
}
