/**
 * `tournament list --created-after/--created-before` on a remote profile: the published
 * filters take a date written mm/dd/yyyy ("Format should be (mm/dd/yyyy)": findTournaments in
 * v2.1.swagger.json), so 2026-01-31 is sent as 01/31/2026 (serve reads both). A date only:
 * a time of day (2026-02-01T10:00) cannot be sent without losing it, and is refused, as is
 * text that is no date, before anything is sent. The embedded backend takes them as typed.
 */
import type { TournamentFilters } from "../../../client/tournaments.js";
import { UsageError } from "../../errors.js";

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const US = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

function usDate(flag: string, raw: string): string {
  const iso = ISO.exec(raw);
  const us = US.exec(raw);
  const [year, month, day] = iso
    ? [iso[1]!, iso[2]!, iso[3]!]
    : us
      ? [us[3]!, us[1]!.padStart(2, "0"), us[2]!.padStart(2, "0")]
      : [];
  if (year === undefined || month === undefined || day === undefined) {
    const timed = /^\d{4}-\d{2}-\d{2}[T ]/.test(raw);
    throw new UsageError(
      timed
        ? `${flag} ${raw}: the service's filter takes a date only (mm/dd/yyyy), no time of day: give ${raw.slice(0, 10)}`
        : `${flag} ${raw}: give a date, 2026-01-31 or 01/31/2026`,
    );
  }
  const date = new Date(`${year}-${month}-${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.getUTCDate() !== Number(day))
    throw new UsageError(`${flag} ${raw}: there is no such day`);
  return `${month}/${day}/${year}`;
}

/** The filters with their dates written as the published interface takes them. */
export function publishedDates(filters: TournamentFilters): TournamentFilters {
  const after = filters.created_after?.trim();
  const before = filters.created_before?.trim();
  return {
    ...filters,
    ...(after ? { created_after: usDate("--created-after", after) } : {}),
    ...(before ? { created_before: usDate("--created-before", before) } : {}),
  };
}
