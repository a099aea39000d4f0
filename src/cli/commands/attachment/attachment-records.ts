/** How match attachments show in tables and tab-separated output. */
import type { Column } from "../../output/printer.js";

/** The contract draws `timestamps.createdAt`; snake_case is read as well. */
function pickCreated(a: Record<string, unknown>): unknown {
  const t = a.timestamps as Record<string, unknown> | undefined;
  return t?.created_at ?? t?.createdAt;
}

export const ATTACHMENT_COLUMNS: readonly Column[] = [
  { header: "ID", value: "id" },
  { header: "DESCRIPTION", value: "description" },
  { header: "URL", value: "url" },
  { header: "FILE", value: "asset.file_name" },
  { header: "CREATED", value: (a) => pickCreated(a) },
];

export const ATTACHMENT_FIELDS: readonly Column[] = [
  { header: "id", value: "id" },
  { header: "description", value: "description" },
  { header: "url", value: "url" },
  { header: "file", value: "asset.file_name" },
  { header: "content type", value: "asset.content_type" },
  { header: "bytes", value: "asset.byte_size" },
  { header: "created", value: (a) => pickCreated(a) },
];
