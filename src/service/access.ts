/**
 * Who may reach a record (issue 14): every tournament, race and community has
 * an owner account; records owned by one of those (participants, matches,
 * stations, attachments, rounds, ...) are reached through it and inherit its
 * owner. The rule, in one place (the lookups call `checkOwner`):
 *
 * - the owner reads and writes their records;
 * - another account reads a public record and cannot change it (403: it can
 *   see the record anyway), and joins it (registers itself) when it is open;
 * - another account's private record does not exist for it: 404, the very
 *   answer an unknown id gets, never a 403 that would tell it exists;
 * - in process (the embedded CLI on its own database file) the caller is the
 *   local owner, who reaches everything, as the file's owner can anyway.
 */
import { OWNER_ID } from "../store/credentials.js";
import type { ServiceContext } from "./context.js";
import { notFound, ServiceError } from "./errors.js";

/**
 * Refuses the caller a record owned by `ownerId` (null: the owner account):
 * `missing` is the 404's detail, the same an unknown reference gets.
 */
export function checkOwner(
  service: ServiceContext,
  ownerId: number | null,
  isPrivate: boolean,
  missing: string,
  noun: string,
): void {
  const caller = service.caller;
  if (caller.local === true || (ownerId ?? OWNER_ID) === caller.user_id) return;
  if (isPrivate) throw notFound(missing);
  if (service.access === "write") {
    throw ServiceError.of(
      403,
      `this ${noun} belongs to another user: you may read it, not change it`,
    );
  }
}

/** The account whose visible records a list shows; undefined: every record (in process). */
export function visibleTo(service: ServiceContext): number | undefined {
  return service.caller.local === true ? undefined : service.caller.user_id;
}
