/**
 * Naming a participant on the command line: an id (`42`, or `id:42`), a seed (`#3`, or
 * `seed:3`), or the exact name (`"Ada Lovelace"`, or `name:Ada Lovelace`), names compared as
 * the service compares them (model/participant-name.ts: NFC, ASCII letters without case).
 *
 * The prefixed forms always mean what their prefix says. A bare `42` or `#5` is an id or a
 * seed, but a participant may be named "42" or "#5" too: then the reference is refused as
 * ambiguous (exit 2) rather than one of the two picked silently, and a reference that finds
 * no such id or seed says when a participant has that name. Either way the message says
 * which form to write (`name:42`, `id:42`, `seed:5`).
 */
import type { ApiClient } from "../../../client/api-client.js";
import { NotFoundError } from "../../../client/errors.js";
import { participantNameKey } from "../../../model/participant-name.js";
import type { ResourceObject } from "../../../model/resource.js";
import { UnknownReferenceError, UsageError } from "../../errors.js";
import { describeOwner, listCommand, type ParticipantOwner } from "./participant-owner.js";

export const PARTICIPANT_REF_HELP =
  "participant id (or id:N), #seed (or seed:N), or exact name (or name:TEXT)";

/** What a reference names, read from its text alone. */
type RefForm =
  | { readonly by: "id"; readonly id: string; readonly prefixed: boolean }
  | { readonly by: "seed"; readonly seed: number; readonly prefixed: boolean }
  | { readonly by: "name"; readonly name: string; readonly prefixed: boolean };

function refForm(ref: string): RefForm {
  if (/^\d+$/.test(ref)) return { by: "id", id: canonicalId(ref), prefixed: false };
  const id = /^id:(\d+)$/i.exec(ref);
  if (id) return { by: "id", id: canonicalId(id[1]!), prefixed: true };
  const seed = /^(#|seed:)(\d+)$/i.exec(ref);
  if (seed) return { by: "seed", seed: Number(seed[2]), prefixed: seed[1] !== "#" };
  const name = /^name:/i.test(ref);
  return { by: "name", name: name ? ref.slice("name:".length) : ref, prefixed: name };
}

/** "042" is id 42, as the service reads the path segment. */
function canonicalId(digits: string): string {
  return digits.replace(/^0+(?=\d)/, "");
}

/**
 * How to name the participant called `name` on the command line: the name itself, or
 * `name:NAME` when the name alone would read as an id, a seed or a prefixed form ("42",
 * "#5", "seed:2"), or as an option ("-n", "--x": commander refuses it as an unknown
 * option, exit 2); what shell completion offers.
 */
export function nameRef(name: string): string {
  const form = refForm(name);
  return form.by === "name" && !form.prefixed && !name.startsWith("-") ? name : `name:${name}`;
}

/** A participant's name key, or undefined for a record read without its name. */
function nameKeyOf(p: ResourceObject): string | undefined {
  const name = p.attributes.name;
  return typeof name === "string" ? participantNameKey(name) : undefined;
}

function byForm(form: RefForm): (p: ResourceObject) => boolean {
  switch (form.by) {
    case "id":
      return (p) => canonicalId(p.id) === form.id;
    case "seed":
      return (p) => Number(p.attributes.seed) === form.seed;
    case "name": {
      const key = participantNameKey(form.name);
      return (p) => nameKeyOf(p) === key;
    }
  }
}

/** A word the shell passes as it is: quoted when it holds a space, a quote, `#` first, ... */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-][\w@%+=:,./#-]*$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

function label(p: ResourceObject): string {
  const name = p.attributes.name;
  return typeof name === "string" ? JSON.stringify(name) : `participant ${p.id}`;
}

/** What `ref` finds among participants already read. */
export interface RefMatch {
  /** The one participant `ref` names; undefined when none, or when ambiguous. */
  readonly found?: ResourceObject | undefined;
  /**
   * Set when a bare id or `#seed` finds a participant while another is named exactly `ref`:
   * why it is refused and what to write instead ('"Ada" (seed 1) has id 42 and "42" (id 7)
   * has that name; write id:42 for "Ada" or name:42 for "42"').
   */
  readonly ambiguous?: string | undefined;
  /**
   * When nothing is found but a participant is named exactly `ref` (an id, seed or prefixed
   * reference as typed): '; a participant is named "42": write name:42'; else "".
   */
  readonly hint: string;
}

/** What `ref` (an id, a seed or a name, bare or prefixed) names among `candidates`. */
export function matchParticipant(candidates: readonly ResourceObject[], ref: string): RefMatch {
  const form = refForm(ref);
  const found = candidates.find(byForm(form));
  // Only a reference that is not a name already can also be someone's name.
  const whole = form.by === "name" && !form.prefixed ? undefined : participantNameKey(ref);
  const named =
    whole === undefined ? undefined : candidates.find((p) => p !== found && nameKeyOf(p) === whole);
  if (found === undefined) {
    const hint =
      named === undefined
        ? ""
        : `; a participant is named ${JSON.stringify(String(named.attributes.name))}: write ${shellWord(`name:${ref}`)}`;
    return { hint };
  }
  if (named === undefined || form.prefixed || form.by === "name") return { found, hint: "" };
  const [has, explicit, foundAs] =
    form.by === "id"
      ? [`id ${form.id}`, `id:${form.id}`, `seed ${String(found.attributes.seed ?? "-")}`]
      : [`seed ${form.seed}`, `seed:${form.seed}`, `id ${found.id}`];
  return {
    ambiguous: `${label(found)} (${foundAs}) has ${has} and ${label(named)} (id ${named.id}) has that name; write ${explicit} for ${label(found)} or ${shellWord(`name:${ref}`)} for ${label(named)}`,
    hint: "",
  };
}

/** Refuses an ambiguous reference: exit 2, as an ambiguous match identifier (match-ref.ts). */
function refuseAmbiguous(ref: string, owner: ParticipantOwner, why: string): never {
  throw new UsageError(`participant ${ref} is ambiguous in ${describeOwner(owner)}: ${why}`);
}

/**
 * Reads the participants and finds `ref` among them. A bare id is looked up in the list too,
 * not by GET /participants/{id} as before, to see whether another participant has that
 * number for a name: correctness first (before, `view cup 42` showed id 42 whoever was named
 * "42"). A list page holds 1,000 participants: up to that, one request, as the GET was;
 * beyond, one per 1,000. Measured by bench/participant-ref.mjs (embedded backend,
 * `participants view big <id>`, medians of 15 alternated runs against /work/head-start, load
 * 6 on 2 cores): 64 and 1,024 players within a 10 ms tick of before (60 vs 50-60 ms CPU);
 * 8,192 players 218 vs 106 ms wall, 130 vs 60 ms CPU (2.1x). `id:42` is the GET alone, never
 * ambiguous (8,192 players: 50 vs 50 ms CPU): the form for scripts naming many participants
 * of a large tournament by id (docs/tournaments.md).
 */
export async function resolveParticipant(
  client: ApiClient,
  owner: ParticipantOwner,
  ref: string,
): Promise<ResourceObject> {
  const form = refForm(ref);
  if (form.by === "id" && form.prefixed) {
    try {
      return await client.participants.get(owner, form.id);
    } catch (error) {
      // The 404 of a participant not there: said as findParticipant says it, with its hint.
      if (!(error instanceof NotFoundError)) throw error;
      const all = await client.participants.listAll(owner).catch(() => {
        throw error;
      });
      return findParticipant(all, owner, ref);
    }
  }
  return findParticipant(await client.participants.listAll(owner), owner, ref);
}

/**
 * The participant `ref` names among `candidates`, or undefined (no request); an ambiguous
 * reference among them is refused (exit 2).
 */
export function lookupParticipant(
  candidates: readonly ResourceObject[],
  owner: ParticipantOwner,
  ref: string,
): ResourceObject | undefined {
  const m = matchParticipant(candidates, ref);
  if (m.ambiguous !== undefined) refuseAmbiguous(ref, owner, m.ambiguous);
  return m.found;
}

/** Resolves `ref` against participants already read (no request). */
export function findParticipant(
  all: readonly ResourceObject[],
  owner: ParticipantOwner,
  ref: string,
): ResourceObject {
  const m = matchParticipant(all, ref);
  if (m.ambiguous !== undefined) refuseAmbiguous(ref, owner, m.ambiguous);
  if (m.found !== undefined) return m.found;
  const form = refForm(ref);
  // "id:", "seed:+2": a prefix of a form whose rest is not a number, and no one is so named:
  // a mistake in the reference (exit 2), not a participant not found (exit 3; a review found).
  const malformed = form.by === "name" && !form.prefixed ? /^(id|seed):/i.exec(ref) : null;
  if (malformed !== null) {
    const prefix = `${malformed[1]!.toLowerCase()}:`;
    const example = prefix === "id:" ? "id:42" : "seed:3";
    throw new UsageError(
      `participant ${JSON.stringify(ref)}: ${prefix} takes a whole number, like ${example}; no participant is named so either (name:${ref} names one)`,
    );
  }
  const what =
    form.by === "id"
      ? `with id ${form.id}`
      : form.by === "seed"
        ? `with seed ${form.seed}`
        : `named ${JSON.stringify(form.name)}`;
  throw new UnknownReferenceError(
    `no participant ${what} in ${describeOwner(owner)}${m.hint || `; \`${listCommand(owner)}\` shows them`}`,
  );
}
