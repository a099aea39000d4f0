import type { ResourceObject } from "../../model/resource.js";
import type { AttachmentRow } from "../../store/attachments-repository.js";

/** As the contract draws it: `id` inside attributes too, camelCase timestamps. */
export function attachmentResource(row: AttachmentRow): ResourceObject {
  return {
    id: String(row.id),
    type: "match_attachment",
    attributes: {
      id: row.id,
      match_id: row.match_id,
      url: row.url,
      description: row.description,
      asset:
        row.file_name === null
          ? null
          : { file_name: row.file_name, content_type: row.content_type, byte_size: row.size },
      timestamps: { createdAt: row.created_at, updatedAt: row.updated_at },
    },
  };
}
