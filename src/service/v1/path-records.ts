/**
 * The records a v1 path names (its tournament, and the participant, match or attachment
 * in it), looked up as the routes look them up: an unknown one, or another account's
 * private tournament, is 404 in the words its route says it.
 */
import type { ParticipantRow } from "../../store/participants-repository.js";
import type { TournamentRow } from "../../store/tournaments-repository.js";
import { findAttachment } from "../attachments/attachments.js";
import type { ServiceContext } from "../context.js";
import { notFound } from "../errors.js";
import { findTournament } from "../lookup.js";
import { findMatch } from "../routes/matches.js";

/** The participant `ref` of `t` (an id), or 404. */
export function findV1Participant(
  service: ServiceContext,
  t: TournamentRow,
  ref: string,
): ParticipantRow {
  const row = /^\d+$/.test(ref) ? service.participants.find(t.id, Number(ref)) : undefined;
  if (row === undefined) throw notFound(`Participant ${ref} not found in tournament ${t.url}`);
  return row;
}

/**
 * Looks up every record the path's parameters name, for a request whose body was refused:
 * the refusal is given only once they are all found, so a v1 write to an unknown or hidden
 * tournament (or record) is 404 whatever its body, as a v2.1 write is (docs/serve.md). The
 * rest of the time each route looks its records up itself, once.
 */
export function lookUpV1Path(
  service: ServiceContext,
  params: Readonly<Record<string, string>>,
): void {
  if (params.tournament === undefined) return;
  const t = findTournament(service, params.tournament, undefined);
  if (params.participant !== undefined) findV1Participant(service, t, params.participant);
  if (params.match === undefined) return;
  if (params.attachment === undefined) findMatch(service, t, params.match);
  else findAttachment(service, t, params.match, params.attachment);
}
