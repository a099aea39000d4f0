/** /me and /communities of the embedded service, which has one owner. */
import type { ServiceContext } from "../context.js";
import type { Router } from "../router.js";

export function registerUserRoutes(router: Router, service: ServiceContext, prefix: string): void {
  router.get(`${prefix}/me`, () => ({
    status: 200,
    body: {
      data: {
        id: "1",
        type: "user",
        attributes: { username: "owner", email: null, image_url: null },
      },
    },
  }));
  router.get(`${prefix}/communities`, () => {
    const rows = service.db
      .prepare(
        "SELECT community_id AS id, COUNT(*) AS n FROM tournaments WHERE community_id IS NOT NULL GROUP BY community_id ORDER BY community_id",
      )
      .all() as { id: string; n: number }[];
    const data = rows.map((r) => ({
      id: r.id,
      type: "community",
      attributes: { identifier: r.id, name: r.id, tournaments_count: r.n },
    }));
    return {
      status: 200,
      body: {
        data,
        meta: { count: data.length, page: 1, per_page: Math.max(1, data.length), total_pages: 1 },
        links: { self: `${prefix}/communities` },
      },
    };
  });
}
