/**
 * Match attachments (issue 15): list, create, delete. Callable from any route
 * (v2.1 here, v1 too): each takes the tournament's id and a match reference,
 * reads and checks inside the one write, and writes nothing when it refuses.
 */
import { MAX_MATCH_ATTACHMENTS } from "../../model/limits.js";
import {
  AttachmentRepository,
  type AttachmentRow,
  type NewAttachment,
} from "../../store/attachments-repository.js";
import type { Db } from "../../store/database.js";
import type { MatchRow } from "../../store/match-rows.js";
import type { TournamentRow } from "../../store/tournaments-repository.js";
import type { ServiceContext } from "../context.js";
import { notFound, unprocessable } from "../errors.js";
import { currentTournament } from "../lookup.js";

const repositories = new WeakMap<Db, AttachmentRepository>();

export function attachmentStore(service: ServiceContext): AttachmentRepository {
  let repo = repositories.get(service.db);
  if (repo === undefined) {
    repo = new AttachmentRepository(service.db);
    repositories.set(service.db, repo);
  }
  return repo;
}

function matchOf(service: ServiceContext, t: TournamentRow, ref: string): MatchRow {
  const row = /^\d+$/.test(ref) ? service.matches.find(t.id, Number(ref)) : undefined;
  if (row === undefined) throw notFound(`match ${ref} not found in tournament ${t.url}`);
  return row;
}

export interface AttachmentPage {
  readonly rows: AttachmentRow[];
  readonly total: number;
}

/** The match's attachments; without `matchRef`, those of every match of the tournament. */
export function listAttachments(
  service: ServiceContext,
  t: TournamentRow,
  matchRef: string | undefined,
  limit = -1,
  offset = 0,
): AttachmentPage {
  const repo = attachmentStore(service);
  if (matchRef === undefined)
    return {
      rows: repo.listInTournament(t.id, limit, offset),
      total: repo.countInTournament(t.id),
    };
  const match = matchOf(service, t, matchRef);
  return { rows: repo.list(match.id, limit, offset), total: repo.count(match.id) };
}

export function createAttachment(
  service: ServiceContext,
  tournamentId: number,
  matchRef: string,
  input: NewAttachment,
): AttachmentRow {
  return service.write(() => {
    const t = currentTournament(service, tournamentId);
    const match = matchOf(service, t, matchRef);
    if (!t.settings.match_options.accept_attachments)
      throw unprocessable(
        `tournament ${t.url} does not accept attachments: set match_options.accept_attachments to true first`,
        "/data/attributes",
      );
    const repo = attachmentStore(service);
    if (repo.count(match.id) >= MAX_MATCH_ATTACHMENTS)
      throw unprocessable(
        `match ${match.identifier} (${match.id}) has ${MAX_MATCH_ATTACHMENTS} attachments already, the most a match may have; delete one first`,
        "/data/attributes",
      );
    const id = repo.insert(match.id, input, service.now());
    return repo.find(match.id, id)!;
  });
}

/** Deletes the match's attachment; without `matchRef`, the tournament's attachment of that id. */
export function deleteAttachment(
  service: ServiceContext,
  tournamentId: number,
  matchRef: string | undefined,
  attachmentRef: string,
): void {
  service.write(() => {
    const t = currentTournament(service, tournamentId);
    const repo = attachmentStore(service);
    const id = /^\d+$/.test(attachmentRef) ? Number(attachmentRef) : undefined;
    if (matchRef === undefined) {
      const row = id === undefined ? undefined : repo.findInTournament(t.id, id);
      if (row === undefined)
        throw notFound(`attachment ${attachmentRef} not found in tournament ${t.url}`);
      return repo.delete(row.id);
    }
    const match = matchOf(service, t, matchRef);
    const row = id === undefined ? undefined : repo.find(match.id, id);
    if (row === undefined)
      throw notFound(`attachment ${attachmentRef} not found on match ${match.id}`);
    repo.delete(row.id);
  });
}

/** The attachment `attachmentRef` of the match, or 404. */
export function findAttachment(
  service: ServiceContext,
  t: TournamentRow,
  matchRef: string,
  attachmentRef: string,
): AttachmentRow {
  const match = matchOf(service, t, matchRef);
  const row = /^\d+$/.test(attachmentRef)
    ? attachmentStore(service).find(match.id, Number(attachmentRef))
    : undefined;
  if (row === undefined)
    throw notFound(`attachment ${attachmentRef} not found on match ${match.id}`);
  return row;
}

/**
 * Changes an attachment's url and description (and its file, when `input.file`
 * is given), read and checked inside the write: the tournament must still
 * accept attachments, and the attachment keeps something to show.
 */
export function updateAttachment(
  service: ServiceContext,
  tournamentId: number,
  matchRef: string,
  attachmentRef: string,
  change: (
    row: AttachmentRow,
  ) => Omit<NewAttachment, "file"> & Partial<Pick<NewAttachment, "file">>,
): AttachmentRow {
  return service.write(() => {
    const t = currentTournament(service, tournamentId);
    const row = findAttachment(service, t, matchRef, attachmentRef);
    if (!t.settings.match_options.accept_attachments)
      throw unprocessable(
        `tournament ${t.url} does not accept attachments: set match_options.accept_attachments to true first`,
        "/data/attributes",
      );
    const next = change(row);
    const hasFile = next.file === undefined ? row.file_name !== null : next.file !== null;
    if (next.url === null && (next.description ?? "") === "" && !hasFile)
      throw unprocessable(
        "an attachment needs a url, a description or an asset (an uploaded file)",
      );
    const repo = attachmentStore(service);
    repo.update(row.id, next, service.now());
    return repo.find(row.match_id, row.id)!;
  });
}
