/**
 * The participant verbs of an owner's `.../participants` path, for a
 * tournament and a race alike: list, get, create, update, delete, bulk_add,
 * clear, randomize. HTTP glue: the route resolves the path's ids and reads
 * the body; service/participants/* reads the owner again and checks it inside
 * the write (owner.ts).
 */
import type { ResourceObject } from "../../model/resource.js";
import type { ParticipantRepository, ParticipantRow } from "../../store/participants-repository.js";
import type { ServiceContext } from "../context.js";
import { listDocument, readAttributes, readPage, wholeListDocument } from "../envelope.js";
import { notFound, Problems } from "../errors.js";
import { addParticipants, readBulk, readOne } from "../participants/add.js";
import type { OwnerRef } from "../participants/owner.js";
import { clearParticipants, removeParticipant } from "../participants/remove.js";
import { randomizeSeeds, updateParticipant } from "../participants/update.js";
import { readJsonBody } from "../request-body.js";
import type { Router, ServiceRequest } from "../router.js";
import { type Ignored, ignoredMeta } from "../validation/ignored.js";
import { readParticipantInput } from "../validation/participant-input.js";

/** An owner named by a path: found (404 before any body is read). */
export interface FoundOwner {
  readonly id: number;
  readonly noun: string;
  readonly url: string;
  readonly participants: ParticipantRepository;
  /** Reads it again inside a write. */
  readonly ref: OwnerRef;
  /** The tournament's id when the owner is one (router.ts Reply.tournament); a race's: unset. */
  readonly tournament?: number;
}

export interface OwnerRoutes {
  /** The owner the request's path names, or 404. */
  find(r: ServiceRequest): FoundOwner;
  resource(row: ParticipantRow): ResourceObject;
}

export function findOwnedParticipant(owner: FoundOwner, ref: string): ParticipantRow {
  const row = /^\d+$/.test(ref) ? owner.participants.find(owner.id, Number(ref)) : undefined;
  if (row === undefined)
    throw notFound(`participant ${ref} not found in ${owner.noun} ${owner.url}`);
  return row;
}

export function registerParticipantVerbs(
  router: Router,
  service: ServiceContext,
  path: string,
  routes: OwnerRoutes,
): void {
  const { find, resource } = routes;
  const participant = (r: ServiceRequest, o: FoundOwner) =>
    findOwnedParticipant(o, r.params.participant!);
  /** The ids named by the path (404 when either is unknown). */
  const ids = (r: ServiceRequest) => {
    const o = find(r);
    return { owner: o.ref, participant: participant(r, o).id };
  };

  router.get(path, (r) => {
    const o = find(r);
    const page = readPage((n) => r.query.get(n) ?? undefined);
    const rows = o.participants.list(o.id, page.perPage, (page.page - 1) * page.perPage);
    const total = o.participants.count(o.id);
    return {
      status: 200,
      body: listDocument(rows.map(resource), total, page, r),
      reusable: true,
      ...(o.tournament === undefined ? {} : { tournament: o.tournament }),
    };
  });
  // bulk_add and randomize answer with the list shape, as other lists (issue 15, point 5).
  router.post(`${path}/bulk_add`, (r) => {
    const o = find(r);
    const ignored: Ignored = [];
    const batch = readBulk(readAttributes(readJsonBody(r), "participant"), ignored);
    const rows = addParticipants(service, o.ref, batch).map(resource);
    return { status: 200, body: wholeListDocument(rows, r, ignoredMeta(ignored).meta) };
  });
  router.delete(`${path}/clear`, (r) => {
    clearParticipants(service, find(r).ref);
    return { status: 204 };
  });
  router.put(`${path}/randomize`, (r) => {
    const rows = randomizeSeeds(service, find(r).ref);
    return { status: 200, body: wholeListDocument(rows.map(resource), r) };
  });
  router.post(path, (r) => {
    const o = find(r);
    const ignored: Ignored = [];
    const batch = readOne(readAttributes(readJsonBody(r), "participant"), ignored);
    const [row] = addParticipants(service, o.ref, batch);
    return { status: 201, body: { data: resource(row!), ...ignoredMeta(ignored) } };
  });
  router.get(`${path}/:participant`, (r) => {
    const o = find(r);
    const body = { data: resource(participant(r, o)) };
    const one = o.tournament === undefined ? {} : { tournament: o.tournament };
    return { status: 200, body, reusable: true, ...one };
  });
  router.put(`${path}/:participant`, (r) => {
    const target = ids(r);
    const attributes = readAttributes(readJsonBody(r), "participant");
    const problems = new Problems();
    const ignored: Ignored = [];
    const input = readParticipantInput(attributes, "/data/attributes", problems, ignored);
    const row = updateParticipant(service, target, input, problems);
    return { status: 200, body: { data: resource(row), ...ignoredMeta(ignored) } };
  });
  router.delete(`${path}/:participant`, (r) => {
    const target = ids(r);
    removeParticipant(service, target.owner, target.participant);
    return { status: 204 };
  });
}
