/**
 * A match attachment's attributes (issue 15): `url`, `description`, and
 * `asset`, an uploaded file as `{file_name, content_type, data}` with `data`
 * in base64. At least one of them; a file of at most 250 KB (413 beyond).
 */
import { MAX_ATTACHMENT_BYTES } from "../../model/limits.js";
import { ATTACHMENT_DESCRIPTION, ATTACHMENT_URL } from "../../model/text-rules.js";
import type { NewAttachment } from "../../store/attachments-repository.js";
import { Problems, ServiceError } from "../errors.js";
import { describeType, type FieldSpec, NO_VALUE, readField } from "./fields.js";
import { type Ignored, unknownAttribute } from "./ignored.js";

const POINTER = "/data/attributes";

const URL_SPEC: FieldSpec = { kind: "string", ...ATTACHMENT_URL };
const DESCRIPTION: FieldSpec = { kind: "string", ...ATTACHMENT_DESCRIPTION };
const FILE_NAME: FieldSpec = { kind: "string", maxLength: 255 };
const CONTENT_TYPE: FieldSpec = {
  kind: "string",
  maxLength: 100,
  pattern: /^[\w.+-]+\/[\w.+-]+$/,
  patternHint: "a media type like image/png",
};
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function tooLarge(bytes: number): ServiceError {
  return ServiceError.of(
    413,
    `the file is ${bytes} bytes; an attachment's file may be at most ${MAX_ATTACHMENT_BYTES} bytes (250 KB)`,
    `${POINTER}/asset/data`,
  );
}

function readText(spec: FieldSpec, value: unknown, pointer: string, problems: Problems) {
  const read = readField(spec, value, pointer, problems);
  return read === NO_VALUE ? undefined : (read as string);
}

function readAsset(value: unknown, problems: Problems): NewAttachment["file"] {
  const at = `${POINTER}/asset`;
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    problems.add(
      at,
      `asset must be {file_name, content_type, data (base64)}, not ${describeType(value)}`,
    );
    return null;
  }
  const asset = value as Record<string, unknown>;
  const name = readText(FILE_NAME, asset.file_name ?? "", `${at}/file_name`, problems);
  const type = readText(
    CONTENT_TYPE,
    asset.content_type ?? "application/octet-stream",
    `${at}/content_type`,
    problems,
  );
  const data = asset.data;
  if (typeof data !== "string" || data === "" || !BASE64.test(data.replace(/\s/g, ""))) {
    problems.add(`${at}/data`, "asset.data must be the file's bytes in base64");
    return null;
  }
  // Measured before decoding: a body far over the limit is refused without a copy.
  const bytes = Math.floor((data.replace(/\s|=/g, "").length * 3) / 4);
  if (bytes > MAX_ATTACHMENT_BYTES) throw tooLarge(bytes);
  if (name === undefined || type === undefined) return null;
  return { name, type, content: Buffer.from(data, "base64") };
}

export function readAttachmentInput(
  attributes: Record<string, unknown>,
  ignored: Ignored,
): NewAttachment {
  const problems = new Problems();
  let url: string | null = null;
  let description: string | null = null;
  let file: NewAttachment["file"] = null;
  for (const [key, value] of Object.entries(attributes)) {
    if (key === "url" && value !== null)
      url = readText(URL_SPEC, value, `${POINTER}/url`, problems) ?? null;
    else if (key === "description" && value !== null)
      description = readText(DESCRIPTION, value, `${POINTER}/description`, problems) ?? null;
    else if (key === "asset" && value !== null) file = readAsset(value, problems);
    else if (
      key !== "url" &&
      key !== "description" &&
      key !== "asset" &&
      key !== "id" &&
      key !== "timestamps"
    )
      unknownAttribute(key, POINTER, ["url", "description", "asset"], problems, ignored);
  }
  if (problems.empty && url === null && (description ?? "") === "" && file === null)
    problems.add(
      POINTER,
      "an attachment needs a url, a description or an asset (an uploaded file)",
    );
  problems.throwIfAny();
  return { url, description, file };
}
