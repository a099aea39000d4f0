/** /me and /communities of the embedded service, which has one owner. */
import type { Hono } from "hono";
import type { ServiceContext } from "../context.js";
import type { ServiceEnv } from "./env.js";

export function registerUserRoutes(app: Hono<ServiceEnv>, service: ServiceContext): void {
  app.get("/me", (c) =>
    c.json({
      data: {
        id: "1",
        type: "user",
        attributes: { username: "owner", email: null, image_url: null },
      },
    }),
  );
  app.get("/communities", (c) => {
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
    return c.json({
      data,
      meta: { count: data.length, page: 1, per_page: data.length, total_pages: 1 },
      links: { self: `${service.basePath}/communities` },
    });
  });
}
