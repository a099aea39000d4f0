/**
 * Calendar days and clock times that do not exist. JavaScript's Date.parse takes any day up
 * to 31 in every month and rolls it over ("2026-02-30" is 2 March, "2026-06-31" is 1 July),
 * and takes the hour 24 as the next day's midnight ("2026-12-01T24:00Z" is 2 December), so a
 * typed date that names no day or time would be stored as another one. Every date read from a
 * user (attributes, filters, --since) is checked here first.
 */

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** The date an ISO 8601 text begins with (YYYY-MM-DD), and the time after it (Thh:mm[:ss]). */
const LEADING_DATE =
  /^\s*([+-]?\d{4,6})-(\d{1,2})-(\d{1,2})(?!\d)(?:[Tt ](\d{1,2}):(\d{1,2})(?::(\d{1,2}))?(?!\d))?/;

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

function daysIn(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return month === 2 && leap ? 29 : DAYS[month - 1]!;
}

/**
 * Why the date `text` begins with names no day ("February 2026 has 28 days") or its time no
 * time of day ("the hour runs from 00 to 23 ..."), or undefined when it names one or is not
 * a YYYY-MM-DD date at all (its form is checked elsewhere).
 */
export function impossibleDay(text: string): string | undefined {
  const parts = LEADING_DATE.exec(text);
  if (parts === null) return undefined;
  const year = Number(parts[1]);
  const month = Number(parts[2]);
  const day = Number(parts[3]);
  if (month < 1 || month > 12) return `there is no month ${parts[2]}`;
  const days = daysIn(year, month);
  if (day < 1 || day > days) return `${MONTHS[month - 1]} ${year} has ${days} days`;
  if (parts[4] === undefined) return undefined;
  const form = "a time of day is hh:mm or hh:mm:ss, 00:00 to 23:59:59";
  if (Number(parts[4]) > 23) {
    const midnight =
      Number(parts[4]) === 24 ? "; midnight at the end of a day is 00:00 the next day" : "";
    return `the hour runs from 00 to 23, not ${parts[4]} (${form}${midnight})`;
  }
  if (Number(parts[5]) > 59) return `the minute runs from 00 to 59, not ${parts[5]} (${form})`;
  if (parts[6] !== undefined && Number(parts[6]) > 59)
    return `the second runs from 00 to 59, not ${parts[6]} (${form})`;
  return undefined;
}

/**
 * The time an event id's ISO text names, or undefined when it names none: not a date, or a
 * day or time that does not exist (a forged Last-Event-ID "...T24:00:00.000Z" or "2026-02-30"
 * was read by Date.parse as the next day or 2 March).
 */
export function existingTime(text: string): number | undefined {
  if (impossibleDay(text) !== undefined) return undefined;
  const time = Date.parse(text);
  return Number.isNaN(time) ? undefined : time;
}
