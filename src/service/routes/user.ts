/** /me and /communities (issue 15). */
import { communityStore } from "../communities.js";
import type { ServiceContext } from "../context.js";
import { listDocument, readPage } from "../envelope.js";
import { notFound } from "../errors.js";
import type { Router } from "../router.js";
import { communityResource } from "../serializers/community.js";

/** The in-process caller, who sees every community. */
const OWNER = "owner";

export function registerUserRoutes(router: Router, service: ServiceContext, prefix: string): void {
  // The caller's account (access.ts): the credential's user, or the owner in process.
  router.get(`${prefix}/me`, () => {
    const user = service.accounts.users.findById(service.caller.user_id);
    if (user === undefined) throw notFound("no such user: the account was removed");
    const { username, email, image_url } = user;
    return {
      status: 200,
      body: {
        data: { id: String(user.id), type: "user", attributes: { username, email, image_url } },
      },
      reusable: true,
    };
  });
  router.get(`${prefix}/communities`, (r) => {
    const page = readPage((n) => r.query.get(n) ?? undefined);
    const rows = communityStore(service.db).list(r.user === OWNER ? undefined : r.user);
    const from = (page.page - 1) * page.perPage;
    const data = rows.slice(from, from + page.perPage).map(communityResource);
    return { status: 200, body: listDocument(data, rows.length, page, r), reusable: true };
  });
}
