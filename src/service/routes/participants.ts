/**
 * /tournaments/{t}/participants: list, get, create, update, delete, bulk_add,
 * clear, randomize, register, check-in. HTTP glue: the route resolves the
 * path's ids and reads the body; service/participants/* reads the rows again
 * and checks them inside the write.
 */
import type { TournamentRow } from "../../store/tournaments-repository.js";
import { communityOf } from "../community.js";
import type { ServiceContext } from "../context.js";
import { listDocument, readAttributes, readPage } from "../envelope.js";
import { Problems } from "../errors.js";
import { findParticipant, findTournament } from "../lookup.js";
import { addParticipants, readBulk, readOne, registerUser } from "../participants/add.js";
import { clearParticipants, removeParticipant, unregisterUser } from "../participants/remove.js";
import { randomizeSeeds, setCheckedIn, updateParticipant } from "../participants/update.js";
import { readJsonBody } from "../request-body.js";
import type { Router, ServiceRequest } from "../router.js";
import { participantResource } from "../serializers/participant.js";
import { readParticipantInput } from "../validation/participant-input.js";

export function registerParticipantRoutes(
  router: Router,
  service: ServiceContext,
  prefix: string,
): void {
  const path = `${prefix}/tournaments/:tournament/participants`;
  const tournament = (r: ServiceRequest) =>
    findTournament(service, r.params.tournament!, communityOf(r));
  const participant = (r: ServiceRequest, t: TournamentRow) =>
    findParticipant(service, t, r.params.participant!);
  /** The ids named by the path (404 when either is unknown). */
  const ids = (r: ServiceRequest) => {
    const t = tournament(r);
    return { tournament: t.id, participant: participant(r, t).id };
  };

  router.get(path, (r) => {
    const t = tournament(r);
    const page = readPage((n) => r.query.get(n) ?? undefined);
    const rows = service.participants.list(t.id, page.perPage, (page.page - 1) * page.perPage);
    return {
      status: 200,
      body: listDocument(
        rows.map(participantResource),
        service.participants.count(t.id),
        page,
        r.url,
      ),
    };
  });
  router.post(`${path}/bulk_add`, (r) => {
    const t = tournament(r);
    const batch = readBulk(readAttributes(readJsonBody(r), "participant"));
    const rows = addParticipants(service, t.id, batch);
    return { status: 200, body: { data: rows.map(participantResource) } };
  });
  router.delete(`${path}/clear`, (r) => {
    clearParticipants(service, tournament(r).id);
    return { status: 204 };
  });
  router.put(`${path}/randomize`, (r) => {
    const rows = randomizeSeeds(service, tournament(r).id);
    return { status: 200, body: { data: rows.map(participantResource) } };
  });
  router.post(path, (r) => {
    const t = tournament(r);
    const batch = readOne(readAttributes(readJsonBody(r), "participant"));
    const [row] = addParticipants(service, t.id, batch);
    return { status: 201, body: { data: participantResource(row!) } };
  });
  router.post(`${path}/register`, (r) => {
    const t = tournament(r);
    const attributes = r.body.trim() === "" ? {} : readAttributes(readJsonBody(r), "participant");
    const row = registerUser(service, t.id, r.user, attributes);
    return { status: 201, body: { data: participantResource(row) } };
  });
  router.delete(`${path}/register`, (r) => {
    unregisterUser(service, tournament(r).id, r.user);
    return { status: 204 };
  });
  for (const [verb, on] of [
    ["check_in", true],
    ["undo_check_in", false],
  ] as const) {
    router.post(`${path}/:participant/${verb}`, (r) => {
      const row = setCheckedIn(service, ids(r), on);
      return { status: 200, body: { data: participantResource(row) } };
    });
  }
  router.get(`${path}/:participant`, (r) => {
    const t = tournament(r);
    return { status: 200, body: { data: participantResource(participant(r, t)) } };
  });
  router.put(`${path}/:participant`, (r) => {
    const target = ids(r);
    const attributes = readAttributes(readJsonBody(r), "participant");
    const problems = new Problems();
    const input = readParticipantInput(attributes, "/data/attributes", problems);
    const row = updateParticipant(service, target, input, problems);
    return { status: 200, body: { data: participantResource(row) } };
  });
  router.delete(`${path}/:participant`, (r) => {
    const target = ids(r);
    removeParticipant(service, target.tournament, target.participant);
    return { status: 204 };
  });
}
