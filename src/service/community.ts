import type { ServiceRequest } from "./router.js";

/**
 * Community scope: the `/communities/{c}/...` path or the `community_id` query. A URL
 * without a query has none: its parameters are not parsed for it (every request on a
 * tournament's paths asks; a URLSearchParams a report, issue 27).
 */
export function communityOf(request: ServiceRequest): string | undefined {
  const fromPath = request.params.community_id;
  if (fromPath !== undefined) return fromPath;
  return request.url.includes("?") ? (request.query.get("community_id") ?? undefined) : undefined;
}
