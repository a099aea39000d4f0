/**
 * Reading `attachment add --file PATH`: its size is checked before it is read
 * (and before anything is sent), so a file over the limit costs no upload.
 */
import { readFileSync, statSync } from "node:fs";
import { basename, extname } from "node:path";
import { MAX_ATTACHMENT_BYTES } from "../../../model/limits.js";
import { UsageError } from "../../errors.js";

/** The file as the request carries it: `asset` of the attachment's attributes. */
export interface AttachmentAsset {
  readonly file_name: string;
  readonly content_type: string;
  /** The file's bytes, base64. */
  readonly data: string;
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".txt": "text/plain",
  ".csv": "text/csv",
  ".pdf": "application/pdf",
  ".json": "application/json",
};

export function contentTypeOf(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? "application/octet-stream";
}

function sizeText(bytes: number): string {
  return bytes < 1024 ? `${bytes} bytes` : `${(bytes / 1024).toFixed(1)} KB`;
}

function readOr<T>(path: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    throw new UsageError(`--file ${path}: ${e.code === "ENOENT" ? "no such file" : e.message}`);
  }
}

/** The file's size checked first, then its bytes; any failure names the file. */
// Read synchronously: node:fs/promises would load with every command.
export function readAttachmentFile(path: string): AttachmentAsset {
  const info = readOr(path, () => statSync(path));
  if (!info.isFile()) throw new UsageError(`--file ${path}: not a file`);
  if (info.size > MAX_ATTACHMENT_BYTES) {
    throw new UsageError(
      `--file ${path} is ${sizeText(info.size)}; an attachment file is at most 250 KB (${MAX_ATTACHMENT_BYTES} bytes): nothing was uploaded`,
    );
  }
  const bytes = readOr(path, () => readFileSync(path));
  if (bytes.length > MAX_ATTACHMENT_BYTES)
    throw new UsageError(`--file ${path} grew past 250 KB while it was read: nothing was uploaded`);
  return {
    file_name: basename(path),
    content_type: contentTypeOf(path),
    data: bytes.toString("base64"),
  };
}
