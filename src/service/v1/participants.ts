/**
 * v1 participants: index, create, bulk_add, show, update, destroy, check_in,
 * undo_check_in, randomize, over the v2.1 participant changes
 * (participants/*: add, update, remove; their rules read inside the write).
 */
import type { ParticipantRow } from "../../store/participants-repository.js";
import type { ServiceContext } from "../context.js";
import { Problems } from "../errors.js";
import { addParticipants, readBulk, readOne } from "../participants/add.js";
import { tournamentOwner } from "../participants/owner.js";
import { removeParticipant } from "../participants/remove.js";
import { randomizeSeeds, setCheckedIn, updateParticipant } from "../participants/update.js";
import type { Router } from "../router.js";
import { readParticipantInput } from "../validation/participant-input.js";
import { checkIncludedScopes } from "./included-scopes.js";
import { isRecord, type V1Record, type V1Value } from "./params.js";
import { findV1Participant } from "./path-records.js";
import { participantRecord, wrappedMatch } from "./records.js";
import { v1Tournament } from "./tournaments.js";
import { V1_PREFIX, type V1Call, v1Error, v1Handler } from "./transport.js";
import { flagParam, readV1Value, recordParam, type V1Kind } from "./values.js";

const FIELDS: Readonly<Record<string, { kind: V1Kind; as: string }>> = {
  name: { kind: "string", as: "name" },
  seed: { kind: "integer", as: "seed" },
  misc: { kind: "string", as: "misc" },
  email: { kind: "string", as: "email" },
  username: { kind: "string", as: "username" },
  challonge_username: { kind: "string", as: "username" },
};

/** Fields of the v1 record a client may send back: ignored. */
const READ_ONLY = new Set([
  "id",
  "tournament_id",
  "display_name",
  "active",
  "final_rank",
  "checked_in",
  "checked_in_at",
  "created_at",
  "updated_at",
  "group_id",
  "group_player_ids",
  "on_waiting_list",
  "invitation_pending",
]);

/** One `participant[...]` record as v2.1 participant attributes. */
function participantAttributes(input: V1Value | undefined, label: string): Record<string, unknown> {
  if (!isRecord(input)) throw v1Error(422, `${label} must be given as ${label}[name]=...`);
  const attributes: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [name, value] of Object.entries(input)) {
    const field = Object.hasOwn(FIELDS, name) ? FIELDS[name] : undefined;
    if (field === undefined) {
      if (!READ_ONLY.has(name)) problems.push(`${label}[${name}] is not a v1 participant field`);
      continue;
    }
    const read = readV1Value(field.kind, value);
    if ("problem" in read) problems.push(`${label}[${name}] ${read.problem}`);
    else if (!(read.ok === null && field.as === "seed")) attributes[field.as] = read.ok;
  }
  if (problems.length > 0) throw v1Error(422, ...problems);
  return attributes;
}

/** A bulk_add problem at `/data/attributes/participants/{i}/...` names the i-th participant. */
function renameParticipantProblem(pointer: string, detail: string): string {
  const at = /^\/data\/attributes\/participants\/(\d+)/.exec(pointer);
  return at === null ? detail : `participant ${Number(at[1]) + 1}: ${detail}`;
}

function participantsOf(params: V1Record): V1Value[] {
  const list = Object.hasOwn(params, "participants") ? params.participants : undefined;
  if (Array.isArray(list)) return list;
  if (isRecord(list)) return Object.values(list);
  throw v1Error(
    422,
    "participants[][name]=... is required: one participants[][name] per participant",
  );
}

function show(service: ServiceContext, call: V1Call, row: ParticipantRow) {
  const record = participantRecord(row);
  if (flagParam(call.params, "include_matches")) {
    record.matches = service.matches
      .list(row.tournament_id, { participantId: row.id })
      .map((m) => wrappedMatch(service, m));
  }
  return { participant: record };
}

// long: the route table of v1 participants, one short handler each.
export function registerV1ParticipantRoutes(router: Router, service: ServiceContext): void {
  const path = `${V1_PREFIX}/tournaments/:tournament/participants`;
  // Each route's includes asked of their scopes first (included-scopes.ts).
  const route = (fn: (call: V1Call) => unknown) =>
    v1Handler(
      service,
      (call) => {
        checkIncludedScopes(service, call);
        return fn(call);
      },
      renameParticipantProblem,
    );
  const wrap = (rows: readonly ParticipantRow[]) =>
    rows.map((p) => ({ participant: participantRecord(p) }));
  const tournament = (call: V1Call) => v1Tournament(service, call);
  const participant = (call: V1Call) =>
    findV1Participant(service, tournament(call), call.request.params.participant!);
  router.get(
    path,
    route((call) => wrap(service.participants.list(tournament(call).id))),
  );
  router.post(
    path,
    route((call) => {
      const owner = tournamentOwner(tournament(call).id);
      const attributes = participantAttributes(
        recordParam(call.params, "participant", true),
        "participant",
      );
      const [row] = addParticipants(service, owner, readOne(attributes));
      return show(service, call, row!);
    }),
  );
  router.post(
    `${path}/bulk_add`,
    route((call) => {
      const owner = tournamentOwner(tournament(call).id);
      const list = participantsOf(call.params).map((p) =>
        participantAttributes(p, "participants[]"),
      );
      return wrap(addParticipants(service, owner, readBulk({ participants: list })));
    }),
  );
  router.post(
    `${path}/randomize`,
    route((call) => wrap(randomizeSeeds(service, tournamentOwner(tournament(call).id)))),
  );
  router.get(
    `${path}/:participant`,
    route((call) => show(service, call, participant(call))),
  );
  router.put(
    `${path}/:participant`,
    route((call) => {
      const p = participant(call);
      const input = participantAttributes(
        recordParam(call.params, "participant", false),
        "participant",
      );
      const problems = new Problems();
      const changes = readParticipantInput(input, "/data/attributes", problems);
      const ids = { owner: tournamentOwner(p.tournament_id), participant: p.id };
      return show(service, call, updateParticipant(service, ids, changes, problems));
    }),
  );
  router.delete(
    `${path}/:participant`,
    route((call) => {
      const p = participant(call);
      removeParticipant(service, tournamentOwner(p.tournament_id), p.id);
      const after = service.participants.find(p.tournament_id, p.id);
      return { participant: participantRecord(after ?? p) };
    }),
  );
  for (const [verb, on] of [
    ["check_in", true],
    ["undo_check_in", false],
  ] as const) {
    router.post(
      `${path}/:participant/${verb}`,
      route((call) => {
        const p = participant(call);
        const row = setCheckedIn(service, { tournament: p.tournament_id, participant: p.id }, on);
        return show(service, call, row);
      }),
    );
  }
}
