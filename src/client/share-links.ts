/**
 * Share links of a tournament's bracket page (issue 18), an extension of v2.1
 * that `tourney serve` answers (src/service/viewer/share-links.ts):
 * `/tournaments/{t}/share_links`. A service without it answers 404.
 */
import type { ApiRecord } from "./envelope.js";
import type { Requester } from "./requester.js";
import { type PathSegment, resourcePath } from "./resource-path.js";

export interface ShareLinksApi {
  /** A new link; its `token` and `page_path` attributes are shown this once. */
  create(tournament: PathSegment): Promise<ApiRecord>;
  /** Every link of the tournament, revoked ones included, without tokens. */
  list(tournament: PathSegment): Promise<ApiRecord[]>;
  /** Revokes the link `link` (its id, or the token itself). */
  revoke(tournament: PathSegment, link: PathSegment): Promise<ApiRecord>;
}

export function shareLinksApi(requester: Requester): ShareLinksApi {
  const path = (t: PathSegment) => resourcePath("tournaments", t, "share_links");
  return {
    create: (t) => requester.single({ method: "POST", path: path(t) }),
    list: (t) => requester.listAll({ method: "GET", path: path(t) }),
    revoke: (t, link) =>
      requester.single({ method: "DELETE", path: `${path(t)}${resourcePath(link)}` }),
  };
}
