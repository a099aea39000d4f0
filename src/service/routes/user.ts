/** /me and /communities (issue 15). */
import { communityStore } from "../communities.js";
import type { ServiceContext } from "../context.js";
import { listDocument, readPage } from "../envelope.js";
import type { Router } from "../router.js";
import { communityResource } from "../serializers/community.js";

/** The in-process caller, who sees every community. */
const OWNER = "owner";

export function registerUserRoutes(router: Router, service: ServiceContext, prefix: string): void {
  router.get(`${prefix}/me`, (r) => ({
    status: 200,
    body: {
      data: {
        id: "1",
        type: "user",
        attributes: { username: r.user, email: null, image_url: null },
      },
    },
  }));
  router.get(`${prefix}/communities`, (r) => {
    const page = readPage((n) => r.query.get(n) ?? undefined);
    const rows = communityStore(service.db).list(r.user === OWNER ? undefined : r.user);
    const from = (page.page - 1) * page.perPage;
    const data = rows.slice(from, from + page.perPage).map(communityResource);
    return { status: 200, body: listDocument(data, rows.length, page, r.url) };
  });
}
