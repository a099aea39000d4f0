/**
 * formattedTime of an elapsed time: `HH:MM:SS.mmm` — hours (two digits, more
 * past 99), minutes and seconds (two digits each) and milliseconds (three),
 * e.g. 62,345 ms -> "00:01:02.345", 3,723,004 ms -> "01:02:03.004". No time
 * (not in yet, or did not finish) has no formatted time: null.
 */
export function formatElapsed(ms: number | null): string | null {
  if (ms === null) return null;
  const whole = Math.max(0, Math.trunc(ms));
  const hours = Math.floor(whole / 3_600_000);
  const minutes = Math.floor(whole / 60_000) % 60;
  const seconds = Math.floor(whole / 1000) % 60;
  const millis = whole % 1000;
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(hours)}:${two(minutes)}:${two(seconds)}.${String(millis).padStart(3, "0")}`;
}
