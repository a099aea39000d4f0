/**
 * Elapsed times as typed and as shown. Typed: whole milliseconds (`62345`), or a
 * clock reading `[[h:]m:]s[.fff]` (`1:02.345`, `1:02:03.5`, `62.345`), at most
 * three decimals; minutes and seconds under 60 after a larger unit. Shown as
 * the service's formattedTime shows it: `HH:MM:SS.mmm`. No I/O.
 */
import { MAX_ELAPSED_MS } from "../../../../model/race.js";
import { UsageError } from "../../../errors.js";

export const TIME_HELP =
  "1:02.345 (m:ss.fff), 1:02:03.456 (h:mm:ss.fff), 62.345 (seconds) or 62345 (milliseconds)";

const CLOCK = /^(?:(?:(\d+):)?(\d+):)?(\d+)(?:\.(\d{1,3}))?$/;

function refuse(where: string, text: string, why: string): never {
  throw new UsageError(`${where}: ${JSON.stringify(text)} ${why}; write ${TIME_HELP}`);
}

/** Milliseconds from a time as typed; `where` names the flag or line in the message. */
export function parseTime(text: string, where: string): number {
  const t = text.trim();
  if (t.startsWith("-")) refuse(where, text, "is negative");
  if (/^\d+$/.test(t)) return checked(Number(t), where, text);
  const clock = CLOCK.exec(t);
  if (clock === null) {
    if (/^\d+(?::\d+)*\.\d{4,}$/.test(t)) refuse(where, text, "has more than three decimals");
    refuse(where, text, "is not a time");
  }
  const [, h, m, s, fraction] = clock;
  const hours = Number(h ?? 0);
  const minutes = Number(m ?? 0);
  const seconds = Number(s);
  if (m !== undefined && seconds >= 60)
    refuse(where, text, "has 60 seconds or more after the minutes");
  if (h !== undefined && minutes >= 60)
    refuse(where, text, "has 60 minutes or more after the hours");
  const ms = Number((fraction ?? "").padEnd(3, "0"));
  return checked(((hours * 60 + minutes) * 60 + seconds) * 1000 + ms, where, text);
}

function checked(ms: number, where: string, text: string): number {
  // The service's limit (99:59:59.999): longer is a typo, not a race.
  if (!Number.isSafeInteger(ms) || ms > MAX_ELAPSED_MS)
    refuse(where, text, "is 100 hours or more, longer than any race");
  return ms;
}

const pad = (n: number, width: number) => String(n).padStart(width, "0");

/**
 * `HH:MM:SS.mmm` as the service formats it (`00:01:02.345`), for a service
 * that sends no formattedTime; "" for no time (null).
 */
export function formatTime(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return "";
  const total = Math.max(0, Math.trunc(ms));
  const seconds = Math.floor(total / 1000) % 60;
  const minutes = Math.floor(total / 60_000) % 60;
  const hours = Math.floor(total / 3_600_000);
  return `${pad(hours, 2)}:${pad(minutes, 2)}:${pad(seconds, 2)}.${pad(total % 1000, 3)}`;
}
