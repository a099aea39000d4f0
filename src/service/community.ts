import type { ServiceRequest } from "./router.js";

/** Community scope: the `/communities/{c}/...` path or the `community_id` query. */
export function communityOf(request: ServiceRequest): string | undefined {
  return request.params.community_id ?? request.query.get("community_id") ?? undefined;
}
