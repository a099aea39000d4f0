import type { ResourceObject } from "../../model/resource.js";
import type { CommunityRow } from "../../store/communities-repository.js";

/** As the contract draws it, `type` included ("Community"). */
export function communityResource(row: CommunityRow): ResourceObject {
  return {
    id: String(row.id),
    type: "Community",
    attributes: {
      identifier: row.identifier,
      name: row.name,
      permalink: row.permalink,
      subdomain: row.subdomain,
      description: row.description,
      tournaments_count: row.tournaments_count,
      timestamps: { created_at: row.created_at, updated_at: row.updated_at },
    },
  };
}
