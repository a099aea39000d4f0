/** /tournaments/{t}/participants: list, get, create, update, delete, bulk_add, clear, randomize. */
import { seededShuffle } from "../../engine/shuffle.js";
import { asciiLower, type ParticipantRow } from "../../store/participants-repository.js";
import type { TournamentRow } from "../../store/tournaments-repository.js";
import { checkIn } from "../bracket/check-in.js";
import { forfeit } from "../bracket/progress.js";
import { communityOf } from "../community.js";
import type { ServiceContext } from "../context.js";
import { listDocument, readAttributes, readPage } from "../envelope.js";
import { Problems, unprocessable } from "../errors.js";
import { findParticipant, findTournament } from "../lookup.js";
import { readJsonBody } from "../request-body.js";
import type { Router, ServiceRequest } from "../router.js";
import { participantResource } from "../serializers/participant.js";
import {
  newParticipant,
  type ParticipantInput,
  readParticipantInput,
} from "../validation/participant-input.js";

const BEFORE_START = new Set(["pending", "checking_in", "checked_in", "accepting_predictions"]);
export const MAX_BULK = 1000;

function requireBeforeStart(row: TournamentRow, action: string): void {
  if (!BEFORE_START.has(row.state)) {
    throw unprocessable(`cannot ${action} while the tournament is ${row.state}; reset it first`);
  }
}

function requirePending(row: TournamentRow, action: string): void {
  if (row.state !== "pending") {
    throw unprocessable(
      `cannot ${action} while the tournament is ${row.state}; only a pending tournament allows it`,
    );
  }
}

function checkCap(
  service: ServiceContext,
  t: TournamentRow,
  adding: number,
  pointer: string,
  problems: Problems,
): void {
  const cap = t.settings.registration_options.signup_cap;
  const count = service.participants.count(t.id);
  if (cap !== undefined && count + adding > cap) {
    problems.add(
      pointer,
      `signup_cap is ${cap}: the tournament has ${count} participants and cannot take ${adding} more`,
    );
  }
}

function checkSeed(
  seed: number | undefined,
  max: number,
  pointer: string,
  problems: Problems,
): void {
  if (seed !== undefined && seed > max)
    problems.add(pointer, `seed must be between 1 and ${max}, not ${seed}`);
}

/** Validates a batch against the store and itself; throws 422 naming every problem. */
function checkBatch(
  service: ServiceContext,
  t: TournamentRow,
  inputs: readonly ParticipantInput[],
  pointers: readonly string[],
  problems: Problems,
): void {
  const seen = new Set<string>();
  const existing = service.participants.count(t.id);
  const names = inputs.flatMap((input) => (input.name === undefined ? [] : [input.name]));
  const taken = existing === 0 ? new Set() : service.participants.namesTaken(t.id, names);
  inputs.forEach((input, i) => {
    const pointer = pointers[i]!;
    if (input.name === undefined) {
      problems.add(`${pointer}/name`, "name is required");
      return;
    }
    // Names compare as the store compares them (ASCII letters without case).
    const key = asciiLower(input.name);
    if (seen.has(key) || taken.has(key)) {
      problems.add(
        `${pointer}/name`,
        `name ${JSON.stringify(input.name)} is already taken in this tournament`,
      );
    }
    seen.add(key);
    checkSeed(input.seed, existing + i + 1, `${pointer}/seed`, problems);
  });
}

function addParticipants(
  service: ServiceContext,
  t: TournamentRow,
  inputs: readonly ParticipantInput[],
): ParticipantRow[] {
  const now = service.now();
  service.tournaments.touch(t.id, now);
  if (inputs.every((input) => input.seed === undefined))
    return service.participants.appendMany(t.id, inputs.map(newParticipant), now);
  const ids = inputs.map((input) =>
    service.participants.insert(t.id, newParticipant(input), now, input.seed),
  );
  return ids.map((id) => service.participants.find(t.id, id)!);
}

function bulkInputs(
  attributes: Record<string, unknown>,
  problems: Problems,
): { inputs: ParticipantInput[]; pointers: string[] } {
  const list = attributes.participants;
  const pointer = "/data/attributes/participants";
  if (!Array.isArray(list) || list.length === 0 || list.length > MAX_BULK) {
    throw unprocessable(
      `participants must be an array of 1 to ${MAX_BULK} objects like {"name": "..."}`,
      pointer,
    );
  }
  const pointers = list.map((_, i) => `${pointer}/${i}`);
  const inputs = list.map((item, i) => {
    if (typeof item !== "object" || item === null || Array.isArray(item)) {
      problems.add(pointers[i]!, 'each participant must be an object like {"name": "..."}');
      return {};
    }
    return readParticipantInput(item as Record<string, unknown>, pointers[i]!, problems);
  });
  return { inputs, pointers };
}

function updateParticipant(
  service: ServiceContext,
  t: TournamentRow,
  p: ParticipantRow,
  input: ParticipantInput,
  problems: Problems,
): ParticipantRow {
  if (input.name !== undefined) {
    const other = service.participants.findByName(t.id, input.name);
    if (other !== undefined && other.id !== p.id) {
      problems.add(
        "/data/attributes/name",
        `name ${JSON.stringify(input.name)} is already taken in this tournament`,
      );
    }
  }
  if (input.seed !== undefined) {
    if (t.state !== "pending")
      problems.add(
        "/data/attributes/seed",
        `seeds cannot change while the tournament is ${t.state}`,
      );
    checkSeed(input.seed, service.participants.count(t.id), "/data/attributes/seed", problems);
  }
  problems.throwIfAny();
  const now = service.now();
  const { seed, ...changes } = input;
  service.participants.update(t.id, p.id, changes, now);
  if (seed !== undefined) service.participants.moveSeed(t.id, p.id, p.seed, seed, now);
  return service.participants.find(t.id, p.id)!;
}

/**
 * Before the start a participant is deleted. Once matches are under way the
 * participant is deactivated instead, and forfeits every remaining match.
 */
function removeParticipant(service: ServiceContext, t: TournamentRow, p: ParticipantRow): void {
  if (BEFORE_START.has(t.state)) {
    service.participants.delete(t.id, p.id, p.seed);
    return;
  }
  if (t.state !== "underway" && t.state !== "group_stages_underway") {
    throw unprocessable(
      `cannot remove a participant while the tournament is ${t.state}; nothing is left for them to forfeit`,
    );
  }
  service.participants.setActive(t.id, p.id, false, service.now());
  for (
    let open = service.matches.openMatchesOf(t.id, p.id);
    open.length > 0;
    open = service.matches.openMatchesOf(t.id, p.id)
  ) {
    const match = open[0]!;
    const other = match.player1_id === p.id ? match.player2_id! : match.player1_id!;
    forfeit(service, match, other);
  }
}

/** Register me: the asking user joins an open-signup tournament (DESIGN.md §3). */
function register(
  service: ServiceContext,
  t: TournamentRow,
  user: string,
  attributes: Record<string, unknown>,
): ParticipantRow {
  if (!t.settings.registration_options.open_signup) {
    throw unprocessable(
      `tournament ${t.id} does not take sign-ups: registration_options.open_signup is false`,
    );
  }
  requireBeforeStart(t, "register");
  if (service.participants.findByUsername(t.id, user) !== undefined) {
    throw unprocessable(`${user} is already registered in tournament ${t.id}`);
  }
  const problems = new Problems();
  const input = readParticipantInput(
    { name: user, ...attributes, username: user },
    "/data/attributes",
    problems,
  );
  checkBatch(service, t, [input], ["/data/attributes"], problems);
  checkCap(service, t, 1, "/data/attributes", problems);
  problems.throwIfAny();
  return addParticipants(service, t, [input])[0]!;
}

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
    const attributes = readAttributes(readJsonBody(r), "participant");
    requireBeforeStart(t, "add participants");
    const problems = new Problems();
    const { inputs, pointers } = bulkInputs(attributes, problems);
    const rows = service.write(() => {
      checkBatch(service, t, inputs, pointers, problems);
      checkCap(service, t, inputs.length, "/data/attributes/participants", problems);
      problems.throwIfAny();
      return addParticipants(service, t, inputs);
    });
    return { status: 200, body: { data: rows.map(participantResource) } };
  });
  router.delete(`${path}/clear`, (r) => {
    const t = tournament(r);
    requirePending(t, "clear the participants");
    service.write(() => service.participants.clear(t.id));
    return { status: 204 };
  });
  router.put(`${path}/randomize`, (r) => {
    const t = tournament(r);
    requirePending(t, "randomize the seeds");
    const rows = service.write(() => {
      const seed = service.newRandomSeed();
      service.tournaments.setRandomSeed(t.id, seed);
      const order = seededShuffle(
        service.participants.list(t.id).map((p) => p.id),
        seed,
      );
      service.participants.reseed(t.id, order, service.now());
      return service.participants.list(t.id);
    });
    return { status: 200, body: { data: rows.map(participantResource) } };
  });
  router.post(path, (r) => {
    const t = tournament(r);
    const attributes = readAttributes(readJsonBody(r), "participant");
    requireBeforeStart(t, "add participants");
    const problems = new Problems();
    const input = readParticipantInput(attributes, "/data/attributes", problems);
    const [row] = service.write(() => {
      checkBatch(service, t, [input], ["/data/attributes"], problems);
      checkCap(service, t, 1, "/data/attributes", problems);
      problems.throwIfAny();
      return addParticipants(service, t, [input]);
    });
    return { status: 201, body: { data: participantResource(row!) } };
  });
  router.post(`${path}/register`, (r) => {
    const t = tournament(r);
    const attributes = r.body.trim() === "" ? {} : readAttributes(readJsonBody(r), "participant");
    const row = service.write(() => register(service, t, r.user, attributes));
    return { status: 201, body: { data: participantResource(row) } };
  });
  router.delete(`${path}/register`, (r) => {
    const t = tournament(r);
    service.write(() => {
      const mine = service.participants.findByUsername(t.id, r.user);
      if (mine === undefined)
        throw unprocessable(`${r.user} is not registered in tournament ${t.id}`);
      removeParticipant(service, t, mine);
    });
    return { status: 204 };
  });
  for (const [verb, on] of [
    ["check_in", true],
    ["undo_check_in", false],
  ] as const) {
    router.post(`${path}/:participant/${verb}`, (r) => {
      const t = tournament(r);
      const p = participant(r, t);
      service.write(() => checkIn(service, t, p, on));
      return {
        status: 200,
        body: { data: participantResource(service.participants.find(t.id, p.id)!) },
      };
    });
  }
  router.get(`${path}/:participant`, (r) => {
    const t = tournament(r);
    return { status: 200, body: { data: participantResource(participant(r, t)) } };
  });
  router.put(`${path}/:participant`, (r) => {
    const t = tournament(r);
    const p = participant(r, t);
    const attributes = readAttributes(readJsonBody(r), "participant");
    const problems = new Problems();
    const input = readParticipantInput(attributes, "/data/attributes", problems);
    const row = service.write(() => updateParticipant(service, t, p, input, problems));
    return { status: 200, body: { data: participantResource(row) } };
  });
  router.delete(`${path}/:participant`, (r) => {
    const t = tournament(r);
    const p = participant(r, t);
    service.write(() => removeParticipant(service, t, p));
    return { status: 204 };
  });
}
