/** Validation of participant attributes (create, update, bulk add). */
import { normalParticipantName } from "../../model/participant-name.js";
import { PARTICIPANT_MISC, PARTICIPANT_NAME } from "../../model/text-rules.js";
import type { NewParticipant, ParticipantChanges } from "../../store/participants-repository.js";
import type { Problems } from "../errors.js";
import { type FieldSpec, NO_VALUE, readField } from "./fields.js";
import { type Ignored, unknownAttribute } from "./ignored.js";

const SPECS: Readonly<Record<string, FieldSpec>> = {
  name: { kind: "string", ...PARTICIPANT_NAME },
  // A whole number here; its bounds, 1 to the count the tournament will have, are checked
  // where that count is known (participants/add.ts checkSeed): a fixed 1 to 100,000 here
  // answered seed 0 with a bound that was never the real one.
  seed: { kind: "integer", min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER },
  misc: { kind: "string", ...PARTICIPANT_MISC },
  username: { kind: "string", maxLength: 60 },
  email: {
    kind: "string",
    maxLength: 255,
    pattern: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
    patternHint: "it must look like name@example.org",
  },
};

/** Attributes that appear in responses; sent back, they are ignored. */
const READ_ONLY = new Set([
  "id",
  "group_id",
  "tournament_id",
  "final_rank",
  "states",
  "timestamps",
]);

export interface ParticipantInput extends ParticipantChanges {
  readonly seed?: number;
}

/**
 * Reads one participant's attributes. An unknown attribute is named in
 * `ignored` when it is given (v2.1, issue 15), else refused; a key naming an
 * object property is refused either way (ignored.ts).
 */
export function readParticipantInput(
  attributes: Record<string, unknown>,
  pointer: string,
  problems: Problems,
  ignored?: Ignored,
): ParticipantInput {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(attributes)) {
    if (READ_ONLY.has(key)) continue;
    const spec = Object.hasOwn(SPECS, key) ? SPECS[key] : undefined;
    if (spec === undefined) {
      unknownAttribute(key, pointer, Object.keys(SPECS), problems, ignored);
      continue;
    }
    const read =
      value === null && key !== "name" && key !== "seed"
        ? null
        : readField(spec, value, `${pointer}/${key}`, problems);
    if (read === NO_VALUE) continue;
    // Names are stored NFC and trimmed (model/participant-name.ts): "école" typed two ways is one name.
    result[key] = typeof read === "string" && key === "name" ? normalParticipantName(read) : read;
  }
  if (result.name === "") problems.add(`${pointer}/name`, "name can't be blank");
  return result as ParticipantInput;
}

export function newParticipant(input: ParticipantInput): NewParticipant {
  return {
    name: input.name ?? "",
    misc: input.misc ?? null,
    username: input.username ?? null,
    email: input.email ?? null,
  };
}
