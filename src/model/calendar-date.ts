/**
 * Calendar days that do not exist. JavaScript's Date.parse takes any day up to 31 in every
 * month and rolls it over ("2026-02-30" is 2 March, "2026-06-31" is 1 July), so a typed date
 * that names no day would be stored as another one. Every date read from a user (attributes,
 * filters, --since) is checked here first.
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

/** The date an ISO 8601 text begins with (YYYY-MM-DD). */
const LEADING_DATE = /^\s*([+-]?\d{4,6})-(\d{1,2})-(\d{1,2})(?!\d)/;

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

function daysIn(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return month === 2 && leap ? 29 : DAYS[month - 1]!;
}

/**
 * Why the date `text` begins with names no day ("February 2026 has 28 days"), or undefined
 * when it names one or is not a YYYY-MM-DD date at all (its form is checked elsewhere).
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
  return undefined;
}
