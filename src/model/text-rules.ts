/**
 * The rules a text field of the service obeys — its length in characters, no control
 * characters, well-formed Unicode, a pattern — and the limits of the fields a tournament or
 * race export carries. One copy for both sides: the service reads a request's fields with
 * them (service/validation/fields.ts and the specs beside it), and `import` checks a file's
 * fields with them before anything is sent (cli/transfer/export-contents.ts), so a
 * hand-edited file the service would refuse half-way through an import is refused first.
 */

import { lengthProblem, type TextRule } from "./text-length.js";

/** A station's name. */
export const STATION_NAME: TextRule = { maxLength: 60 };
export const STATION_STREAM_URL: TextRule = { maxLength: 255 };
export const STATION_DETAILS: TextRule = { maxLength: 1000, multiline: true };
/** A match attachment's link. */
export const ATTACHMENT_URL: TextRule = {
  maxLength: 2048,
  pattern: /^https?:\/\/\S+$/,
  patternHint: "it must be an http:// or https:// address",
};
export const ATTACHMENT_DESCRIPTION: TextRule = { maxLength: 1000, multiline: true };

export {
  lengthProblem,
  PARTICIPANT_MISC,
  PARTICIPANT_NAME,
  type TextRule,
} from "./text-length.js";

export function describeType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return "an object";
  // A number past the double's range (1e400 in the JSON) parses to Infinity, which
  // JSON.stringify writes as null: "number null" told nothing.
  if (typeof value === "number" && !Number.isFinite(value))
    return "a number too large to hold (past 1.8e308)";
  const text = JSON.stringify(value) ?? String(value);
  return `${typeof value} ${text.length > 40 ? `${text.slice(0, 40)}...` : text}`;
}

/** A lone UTF-16 surrogate: text that is not well-formed Unicode (paired ones match as one code point). */
const LONE_SURROGATE = /[\ud800-\udfff]/u;

/**
 * The first control character of `value` (Unicode's Cc: C0, DEL and C1), tab and line breaks
 * allowed if `lines`. C1 (U+0080-U+009F) was let through: U+009B is CSI, which a terminal
 * printing the name may read as the start of an escape sequence (a reviewer found it).
 */
function firstControl(value: string, lines: boolean): number | undefined {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c >= 0x20 && (c < 0x7f || c > 0x9f)) continue;
    if (lines && (c === 0x09 || c === 0x0a || c === 0x0d)) continue;
    return c;
  }
  return undefined;
}

/** Why a string is not well-formed text without control characters, or undefined. */
export function textProblem(value: string, multiline = false): string | undefined {
  if (LONE_SURROGATE.test(value)) return "is not well-formed Unicode text (a lone surrogate)";
  const control = firstControl(value, multiline);
  if (control !== undefined) {
    const code = control.toString(16).toUpperCase().padStart(4, "0");
    return `must not contain control characters (found U+${code})`;
  }
  return undefined;
}

/**
 * What is wrong with `value` under `rule`, said after the field's name ("is too long (300
 * characters; at most 255)"), or undefined when it obeys it.
 */
export function textRuleProblem(rule: TextRule, value: unknown): string | undefined {
  if (typeof value !== "string") return `must be a string, not ${describeType(value)}`;
  const long = lengthProblem(rule, value);
  if (long !== undefined) return long;
  const problem = textProblem(value, rule.multiline);
  if (problem !== undefined) return problem;
  if (rule.pattern && !rule.pattern.test(value))
    return `${JSON.stringify(value)} is not valid: ${rule.patternHint ?? rule.pattern.source}`;
  return undefined;
}
