/**
 * Elapsed times as typed and as shown. Typed: a clock reading `[[h:]mm:]ss[.fff]`
 * (`1:02.345`, `1:02:03.5`; after a colon, two digits: `1:2.3` is refused, not read as
 * 1:02.300), or a number with its unit (`59s`, `59.5s`, `59000ms`, `1m2.5s`, `1h2m3s`),
 * at most three decimals. A number alone is refused for `--time` (`59` read as 59 ms was
 * a trap); a times file reads it as the timing equipment writes it, whole milliseconds
 * (or seconds with decimals). Shown as the service's formattedTime shows it:
 * `HH:MM:SS.mmm`. No I/O.
 */
import { MAX_ELAPSED_MS } from "../../../../model/race.js";
import { UsageError } from "../../../errors.js";

export const TIME_HELP =
  "1:02.345 (m:ss.fff), 1:02:03.456 (h:mm:ss.fff), or with a unit: 62.345s, 62345ms, 1m2.345s";

/** What a number without a unit means: refused (`--time`), or milliseconds (a times file). */
export type BareNumber = "refuse" | "milliseconds";

const CLOCK = /^(?:(?:(\d+):)?(\d+):)?(\d+)(?:\.(\d{1,3}))?$/;
const UNITS = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)(?:\.(\d{1,3}))?s)?$/;
const MILLISECONDS = /^(\d+)ms$/;

function refuse(where: string, text: string, why: string): never {
  throw new UsageError(`${where}: ${JSON.stringify(text)} ${why}; write ${TIME_HELP}`);
}

const millis = (fraction: string | undefined) => Number((fraction ?? "").padEnd(3, "0"));

/** `59s`, `1m2.5s`, `1h2m`, `59000ms`: milliseconds, or undefined when no unit is written. */
function withUnits(t: string, where: string, text: string): number | undefined {
  const ms = MILLISECONDS.exec(t);
  if (ms !== null) return checked(Number(ms[1]), where, text);
  const units = UNITS.exec(t);
  if (units === null || !/[hms]$/.test(t)) return undefined;
  const [, h, m, sec, fraction] = units;
  const total = ((Number(h ?? 0) * 60 + Number(m ?? 0)) * 60 + Number(sec ?? 0)) * 1000;
  return checked(total + millis(fraction), where, text);
}

/** "0:59.000": seconds as a clock reading, for the hint. */
function clockOf(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  const rest = ms - minutes * 60_000;
  return `${minutes}:${String(Math.floor(rest / 1000)).padStart(2, "0")}.${String(rest % 1000).padStart(3, "0")}`;
}

/** A number alone: a usage error with the hint, or milliseconds / seconds in a file. */
function bare(t: string, where: string, text: string, mode: BareNumber): number | undefined {
  if (!/^\d+(\.\d+)?$/.test(t)) return undefined;
  if (mode === "refuse") {
    const ms = Math.round(Number(t) * 1000);
    const forms = ms > MAX_ELAPSED_MS ? `${t}s` : `${t}s, ${clockOf(ms)} or ${ms}ms`;
    const asMs = /^\d+$/.test(t) ? ` (${t} milliseconds is ${t}ms)` : "";
    throw new UsageError(
      `${where}: ${JSON.stringify(text)} has no unit: ${t} seconds is ${forms}${asMs}`,
    );
  }
  return /^\d+$/.test(t) ? checked(Number(t), where, text) : undefined;
}

/**
 * Milliseconds from a time as typed; `where` names the flag or line in the message.
 * `bareNumber`: how a number without a unit reads (refused for `--time`).
 */
export function parseTime(
  text: string,
  where: string,
  bareNumber: BareNumber = "milliseconds",
): number {
  const t = text.trim();
  if (t.startsWith("-")) refuse(where, text, "is negative");
  const unit = withUnits(t, where, text) ?? bare(t, where, text, bareNumber);
  if (unit !== undefined) return unit;
  const clock = CLOCK.exec(t);
  if (clock === null) {
    if (/^\d+(?::\d+)*\.\d{4,}s?$/.test(t)) refuse(where, text, "has more than three decimals");
    refuse(where, text, "is not a time");
  }
  const [, h, m, sec, fraction] = clock;
  if (m !== undefined && sec!.length !== 2)
    refuse(
      where,
      text,
      `needs two digits of seconds after the minutes (${m}:0${sec}${fraction === undefined ? "" : `.${fraction}`}, say)`,
    );
  if (h !== undefined && m!.length !== 2)
    refuse(where, text, `needs two digits of minutes after the hours (${h}:0${m}:..., say)`);
  const hours = Number(h ?? 0);
  const minutes = Number(m ?? 0);
  const seconds = Number(sec);
  if (m !== undefined && seconds >= 60)
    refuse(where, text, "has 60 seconds or more after the minutes");
  if (h !== undefined && minutes >= 60)
    refuse(where, text, "has 60 minutes or more after the hours");
  return checked(((hours * 60 + minutes) * 60 + seconds) * 1000 + millis(fraction), where, text);
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
