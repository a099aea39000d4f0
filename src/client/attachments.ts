/** Match attachments: `/tournaments/{t}/matches/{m}/attachments`. */
import type { ApiList, ApiRecord } from "./envelope.js";
import { type PageOptions, pageQuery } from "./pagination.js";
import type { Requester } from "./requester.js";
import { withDefaults } from "./required-fields.js";
import { type PathSegment, resourcePath } from "./resource-path.js";

export interface AttachmentsApi {
  list(tournament: PathSegment, match: PathSegment, page?: PageOptions): Promise<ApiList>;
  /** Attributes: `url` and/or `description` (and `asset`). */
  create(
    tournament: PathSegment,
    match: PathSegment,
    attributes: Record<string, unknown>,
  ): Promise<ApiRecord>;
  delete(tournament: PathSegment, match: PathSegment, attachment: PathSegment): Promise<void>;
}

export interface AttachmentsOptions {
  /**
   * The remote backend's: a create carries `url` and `description`, which MatchAttachment
   * requires, null (not set) when not given (required-fields.ts).
   */
  readonly publishedForm?: boolean | undefined;
}

export function attachmentsApi(
  requester: Requester,
  options: AttachmentsOptions = {},
): AttachmentsApi {
  const all = (t: PathSegment, m: PathSegment) =>
    resourcePath("tournaments", t, "matches", m, "attachments");
  return {
    list: (t, m, page) =>
      requester.list({ method: "GET", path: all(t, m), query: pageQuery(page) }),
    create: (t, m, attributes) =>
      requester.single({
        method: "POST",
        path: all(t, m),
        body: {
          type: "match_attachment",
          attributes:
            options.publishedForm === true
              ? withDefaults(attributes, { url: null, description: null })
              : attributes,
        },
      }),
    delete: (t, m, a) =>
      requester.none({ method: "DELETE", path: `${all(t, m)}${resourcePath(a)}` }),
  };
}
