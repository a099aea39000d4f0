/**
 * Reading `attachment add --file PATH`: its size is checked before it is read
 * (and before anything is sent), so a file over the limit costs no upload; an empty
 * file is refused too, naming --file, not sent for the service to refuse its data.
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

/** Exact bytes ("256,001 bytes"): a rounded "250.0 KB" looked within the limit it was over. */
function bytesText(bytes: number): string {
  return `${bytes.toLocaleString("en-US")} ${bytes === 1 ? "byte" : "bytes"}`;
}

const LIMIT_TEXT = `at most ${bytesText(MAX_ATTACHMENT_BYTES)} (250 KB)`;

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
      `--file ${path} is ${bytesText(info.size)}; an attachment file is ${LIMIT_TEXT}: nothing was uploaded`,
    );
  }
  // Empty by its bytes, not its size: a file the kernel sizes 0 (/proc) may still hold some.
  const bytes = readOr(path, () => readFileSync(path));
  if (bytes.length === 0) {
    throw new UsageError(
      `--file ${path} is empty: an attachment file needs at least one byte: nothing was uploaded`,
    );
  }
  if (bytes.length > MAX_ATTACHMENT_BYTES) {
    throw new UsageError(
      `--file ${path} grew to ${bytesText(bytes.length)} while it was read; an attachment file is ${LIMIT_TEXT}: nothing was uploaded`,
    );
  }
  return {
    file_name: basename(path),
    content_type: contentTypeOf(path),
    data: bytes.toString("base64"),
  };
}
