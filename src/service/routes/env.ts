/** The Hono environment of the service's routes. */
import type { Context } from "hono";

export type ServiceEnv = { Variables: Record<string, never> };

/** Community scope: the `/communities/{c}/...` path or the `community_id` query. */
export function communityOf(c: Context<ServiceEnv>): string | undefined {
  return c.req.param("community_id") ?? c.req.query("community_id") ?? undefined;
}
