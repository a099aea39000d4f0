/**
 * A call's path as the published v2.1 description writes it, for a remote
 * service known only through that description: every published path ends in
 * `.json` (`/tournaments/12.json`; without it the description has no route), and
 * a community's tournaments are published under `/communities/{c}/tournaments/...`
 * rather than with a `community_id` query. Paths the description does not publish
 * under a community (attachments under a match, stations, standings, check-in)
 * keep `?community_id=`, which the requester adds to any tournament path left
 * unscoped.
 */
import { resourcePath } from "./resource-path.js";

/** Tournament paths the description also publishes under `/communities/{c}`. */
const COMMUNITY_PUBLISHED =
  /^\/tournaments(\/[^/]+(\/change_state|\/matches(\/[^/]+)?|\/participants(\/[^/]+)?)?)?$/;

/** `path` ("/tournaments/12/participants") in the published form. */
export function publishedPath(path: string, communityId: string | undefined): string {
  const scoped =
    communityId !== undefined && communityId !== "" && COMMUNITY_PUBLISHED.test(path)
      ? `${resourcePath("communities", communityId)}${path}`
      : path;
  return scoped.endsWith(".json") ? scoped : `${scoped}.json`;
}
