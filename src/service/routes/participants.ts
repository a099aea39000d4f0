/**
 * /tournaments/{t}/participants: the participant verbs (participant-verbs.ts,
 * shared with races), and the tournament's own: register and check-in.
 */

import { communityOf } from "../community.js";
import type { ServiceContext } from "../context.js";
import { readAttributes } from "../envelope.js";
import { findTournament } from "../lookup.js";
import { registerUser } from "../participants/add.js";
import { tournamentOwner } from "../participants/owner.js";
import { unregisterUser } from "../participants/remove.js";
import { setCheckedIn } from "../participants/update.js";
import { readJsonBody } from "../request-body.js";
import type { Router, ServiceRequest } from "../router.js";
import { participantResource } from "../serializers/participant.js";
import { dataDocument, type Ignored } from "../validation/ignored.js";
import {
  type FoundOwner,
  findOwnedParticipant,
  registerParticipantVerbs,
} from "./participant-verbs.js";

export function registerParticipantRoutes(
  router: Router,
  service: ServiceContext,
  prefix: string,
): void {
  const path = `${prefix}/tournaments/:tournament/participants`;
  const find = (r: ServiceRequest): FoundOwner => {
    const t = findTournament(service, r.params.tournament!, communityOf(r));
    return {
      id: t.id,
      noun: "tournament",
      url: t.url,
      participants: service.participants,
      ref: tournamentOwner(t.id),
      tournament: t.id,
    };
  };
  registerParticipantVerbs(router, service, path, { find, resource: participantResource });

  router.post(`${path}/register`, (r) => {
    const t = find(r);
    const attributes = r.body.trim() === "" ? {} : readAttributes(readJsonBody(r), "participant");
    const ignored: Ignored = [];
    const row = registerUser(service, t.ref, r.user, attributes, ignored);
    return { status: 201, body: dataDocument(participantResource(row), ignored) };
  });
  router.delete(`${path}/register`, (r) => {
    unregisterUser(service, find(r).ref, r.user);
    return { status: 204 };
  });
  for (const [verb, on] of [
    ["check_in", true],
    ["undo_check_in", false],
  ] as const) {
    router.post(`${path}/:participant/${verb}`, (r) => {
      const t = find(r);
      const p = findOwnedParticipant(t, r.params.participant!);
      const row = setCheckedIn(service, { tournament: t.id, participant: p.id }, on);
      return { status: 200, body: { data: participantResource(row) } };
    });
  }
}
