/** Building request paths from segments, ids encoded ("my slug" -> "my%20slug"). */

export type PathSegment = string | number;

/** "/tournaments/12/participants" from ("tournaments", 12, "participants"). */
export function resourcePath(...segments: readonly PathSegment[]): string {
  return segments.map((segment) => `/${encodeURIComponent(String(segment))}`).join("");
}
