/**
 * Removing participants: one, the asking user (unregister), or all (clear).
 * Each reads and checks the tournament inside the write that removes: before
 * the start a participant row is deleted; once matches exist it stays,
 * deactivated, so that no match slot names a participant that is gone.
 */
import type { ParticipantRow } from "../../store/participants-repository.js";
import type { ServiceContext } from "../context.js";
import { unprocessable } from "../errors.js";
import { currentParticipantOf, type OwnerRef, type ParticipantOwner } from "./owner.js";
import { requirePending } from "./rules.js";

export function removeParticipant(
  service: ServiceContext,
  owner: OwnerRef,
  participantId: number,
): void {
  service.write(() => {
    const t = owner(service);
    remove(t, currentParticipantOf(t, participantId));
  });
}

/** Unregister me: the asking user leaves the tournament. */
export function unregisterUser(service: ServiceContext, owner: OwnerRef, user: string): void {
  service.write(() => {
    const t = owner(service);
    const mine = t.participants.findByUsername(t.id, user);
    if (mine === undefined) throw unprocessable(`${user} is not registered in ${t.noun} ${t.url}`);
    remove(t, mine);
  });
}

export function clearParticipants(service: ServiceContext, owner: OwnerRef): void {
  service.write(() => {
    const t = owner(service);
    requirePending(t, "clear the participants");
    t.participants.clear(t.id);
  });
}

/**
 * Before the start a participant is deleted. Once started the owner decides:
 * a tournament under way deactivates the participant, who forfeits every
 * remaining match.
 */
function remove(t: ParticipantOwner, p: ParticipantRow): void {
  if (t.beforeStart) {
    t.participants.delete(t.id, p.id, p.seed);
    return;
  }
  t.removeStarted(p);
}
