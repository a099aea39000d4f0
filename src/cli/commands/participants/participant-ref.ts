/**
 * Naming a participant on the command line: an id (`42`), a seed (`#3` or
 * `seed:3`), or the exact name (`"Ada Lovelace"`), compared as the service compares
 * names (model/participant-name.ts: NFC, ASCII letters without case).
 */
import type { ApiClient } from "../../../client/api-client.js";
import { participantNameKey } from "../../../model/participant-name.js";
import type { ResourceObject } from "../../../model/resource.js";
import { UnknownReferenceError } from "../../errors.js";
import { describeOwner, listCommand, type ParticipantOwner } from "./participant-owner.js";

export const PARTICIPANT_REF_HELP = "participant id, #seed (or seed:N), or exact name";

export async function resolveParticipant(
  client: ApiClient,
  owner: ParticipantOwner,
  ref: string,
): Promise<ResourceObject> {
  if (/^\d+$/.test(ref)) return client.participants.get(owner, ref);
  return findParticipant(await client.participants.listAll(owner), owner, ref);
}

/** Whether a participant is the one `ref` names (an id, a seed or a name). */
function namedBy(ref: string): (p: ResourceObject) => boolean {
  if (/^\d+$/.test(ref)) return (p) => p.id === ref;
  const seed = /^(?:#|seed:)(\d+)$/i.exec(ref);
  if (seed) return (p) => Number(p.attributes.seed) === Number(seed[1]);
  const key = participantNameKey(ref);
  return (p) => participantNameKey(String(p.attributes.name)) === key;
}

/** The participant `ref` names among `candidates`, or undefined (no request). */
export function lookupParticipant(
  candidates: readonly ResourceObject[],
  ref: string,
): ResourceObject | undefined {
  return candidates.find(namedBy(ref));
}

/** Resolves `ref` against participants already read (no request). */
export function findParticipant(
  all: readonly ResourceObject[],
  owner: ParticipantOwner,
  ref: string,
): ResourceObject {
  const found = lookupParticipant(all, ref);
  if (found === undefined) {
    const seed = /^(?:#|seed:)(\d+)$/i.exec(ref);
    const what = /^\d+$/.test(ref)
      ? `with id ${ref}`
      : seed
        ? `seed ${seed[1]}`
        : `named ${JSON.stringify(ref)}`;
    throw new UnknownReferenceError(
      `no participant ${what} in ${describeOwner(owner)}; \`${listCommand(owner)}\` shows them`,
    );
  }
  return found;
}
