/**
 * What to do when a check-in is refused for the tournament's state, in commands (an outside
 * review: after process-checkin, a late arrival's check-in said "check-in is not open ...
 * until process_checkin" and nothing more). The service says why in the API's words
 * (service/bracket/check-in.ts); the CLI names its own commands, as group-stage-hint.ts does.
 */
import { RejectedError } from "../../../client/errors.js";
import { HintedError } from "../../errors.js";

/** A word the shell passes as it is, else single-quoted. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

/** The check-in was processed: the late arrival, set aside, plays once added again. */
function processedHint(t: string, name: string): string {
  const who = shellWord(name);
  return `the check-in was processed (process-checkin), which set aside everyone not checked in; to let ${name} play, \`tourney participants delete ${t} ${who} --yes\` then \`tourney participants add ${t} ${who}\` (active, at the last seed: --seed N places them), or \`tourney tournament abort-checkin ${t}\` undoes every check-in and closes the window (back to pending)`;
}

/** `error` with the commands that lead on, when it is a check-in refused for the state. */
export function withCheckInHint(error: unknown, tournament: string, name: string): unknown {
  if (!(error instanceof RejectedError)) return error;
  const detail = error.errors.map((e) => e.detail).join("\n");
  const t = shellWord(tournament);
  if (/check-in is not open: .*\(the tournament is checked_in\)/.test(detail))
    return new HintedError(error, processedHint(t, name));
  if (/has no check-in: set registration_options/.test(detail))
    return new HintedError(
      error,
      `before its start, \`tourney tournament update ${t} --starts-at TIME --check-in-duration MINUTES\` gives it a check-in window, open from MINUTES before TIME (ISO 8601, e.g. 2026-05-01T10:00:00+02:00) until \`tourney tournament process-checkin ${t}\``,
    );
  return error;
}
