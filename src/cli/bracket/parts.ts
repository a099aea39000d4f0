/**
 * A bracket wider than the terminal is drawn in parts, a few rounds at a time,
 * never wrapped.
 */

/**
 * The columns in parts that fit `width` (each column `stride` wide, `extra`
 * after the last); undefined width: one part.
 */
export function split<T>(columns: readonly T[], stride: number, width?: number, extra = 0): T[][] {
  if (width === undefined || columns.length * stride + extra <= width) return [[...columns]];
  const per = Math.max(1, Math.floor((width - extra) / stride));
  const parts: T[][] = [];
  for (let i = 0; i < columns.length; i += per) parts.push(columns.slice(i, i + per));
  return parts;
}
