/**
 * Check-in (registration_options.check_in_duration, in minutes): the
 * tournament is checking_in from starts_at minus the duration until
 * process_checkin, which sets aside everyone not checked in.
 */
import type { TournamentSettings } from "../../model/tournament.js";
import type { ParticipantRow } from "../../store/participants-repository.js";
import { checkInOpensAt, type TournamentRow } from "../../store/tournaments-repository.js";
import type { ServiceContext } from "../context.js";
import { notFound, unprocessable } from "../errors.js";
import type { TournamentDraft } from "./tournament-draft.js";
import { runTournamentChange } from "./tournament-io.js";

const POINTER = "/data/attributes/state";

export function checkInWindow(
  settings: TournamentSettings,
): { opens: string; closes: string } | undefined {
  const opens = checkInOpensAt(settings);
  if (opens === null || settings.starts_at == null) return undefined;
  return { opens, closes: new Date(Date.parse(settings.starts_at)).toISOString() };
}

/** Whether the tournament's check-in window has opened by `now` (whatever its state). */
export function checkInOpened(row: TournamentRow, now: string): boolean {
  const opens = row.check_in_opens_at;
  return opens !== null && opens <= now;
}

function checkInDue(row: TournamentRow, now: string): boolean {
  return row.state === "pending" && checkInOpened(row, now);
}

/** A pending tournament whose check-in window has opened is checking_in (else nothing changes). */
export function openCheckIn(draft: TournamentDraft): void {
  if (checkInDue(draft.row, draft.now)) draft.setState("checking_in");
}

/**
 * Inside a write: a pending tournament whose check-in window has opened moves to
 * checking_in now, as the next look would (refreshCheckIn). A create or update
 * answers with the row this returns, so its reply shows the state a read right
 * after shows (before, a create 20 minutes before a 30-minute check-in answered
 * pending and the next list said checking_in).
 */
export function openCheckInIfDue(service: ServiceContext, row: TournamentRow): TournamentRow {
  if (row.state !== "pending" || row.check_in_opens_at === null) return row;
  if (!checkInDue(row, service.now())) return row;
  runTournamentChange(service, row, openCheckIn);
  return service.tournaments.findById(row.id)!;
}

/**
 * A pending tournament whose check-in window has opened moves to checking_in
 * (on first look). Nothing is written unless it is due; the write looks again,
 * as another process may have changed the tournament meanwhile.
 */
export function refreshCheckIn(service: ServiceContext, row: TournamentRow): TournamentRow {
  // The clock only when a window could be due: most lookups are of other states.
  if (row.state !== "pending" || row.check_in_opens_at === null) return row;
  if (!checkInDue(row, service.now())) return row;
  return service.write(() => {
    const current = service.tournaments.findById(row.id);
    if (current === undefined) throw notFound(`tournament ${row.id} not found`);
    return openCheckInIfDue(service, current);
  });
}

/** Before a list: every due check-in opens, in one statement (and no write when none is due). */
export function refreshDueCheckIns(service: ServiceContext): void {
  const now = service.now();
  if (!service.tournaments.anyCheckInDue(now)) return;
  service.write(() => service.tournaments.openDueCheckIns(now));
}

/**
 * Why check-in is closed when abort_checkin closed it: a pending tournament with a
 * check-in window but no opening time (the abort cleared it, and only a new starts_at
 * or check_in_duration sets it again: tournaments-repository.ts updateSettings).
 * Undefined otherwise. Before, the refusal said it "runs from" an opening long past.
 */
function abortedCheckIn(row: TournamentRow): string | undefined {
  if (row.state !== "pending" || row.check_in_opens_at !== null) return undefined;
  return (
    "check-in was aborted (abort_checkin) and stays closed: change starts_at or " +
    "registration_options.check_in_duration to open it again"
  );
}

export function checkIn(
  service: ServiceContext,
  t: TournamentRow,
  p: ParticipantRow,
  on: boolean,
): void {
  const window = checkInWindow(t.settings);
  if (window === undefined) {
    throw unprocessable(
      `tournament ${t.url} has no check-in: set registration_options.check_in_duration and starts_at`,
    );
  }
  if (t.state !== "checking_in") {
    throw unprocessable(
      abortedCheckIn(t) ??
        `check-in is not open: it runs from ${window.opens} until process_checkin (the tournament is ${t.state})`,
    );
  }
  const now = service.now();
  service.participants.setCheckedIn(t.id, p.id, on ? now : null, now);
}

/** Those not checked in sit out; the tournament is checked_in. */
export function processCheckIn(draft: TournamentDraft): void {
  const { state } = draft.row;
  if (state !== "checking_in") {
    const window = checkInWindow(draft.row.settings);
    const why =
      window === undefined
        ? "the tournament has no check-in: set registration_options.check_in_duration and starts_at"
        : abortedCheckIn(draft.row);
    throw unprocessable(
      `cannot process check-in while the tournament is ${state}; ` +
        (why ?? "check-in must be open (checking_in)"),
      POINTER,
    );
  }
  draft.record({ kind: "set_aside_unchecked" });
  draft.setState("checked_in");
}

/** Everyone back, check-ins forgotten, the window closed: the tournament is pending. */
export function abortCheckIn(draft: TournamentDraft): void {
  const { state } = draft.row;
  if (state !== "checking_in" && state !== "checked_in") {
    throw unprocessable(`cannot abort check-in while the tournament is ${state}`, POINTER);
  }
  draft.record({ kind: "undo_check_in" });
  draft.record({ kind: "disarm_check_in" });
  draft.setState("pending");
}
