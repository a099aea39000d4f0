/**
 * `--set path=value` of `tournament create` and `update`: any attribute by its
 * contract path (`match_options.accept_attachments=true`); the value is JSON,
 * or else a string.
 */
import { UsageError } from "../../errors.js";

/** Names that would reach an object's prototype instead of an attribute. */
const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/** What an attribute name may be: tournament attributes are snake_case, race attributes camelCase. */
export interface AttributeNaming {
  readonly pattern: RegExp;
  /** The rule, said in the message: "lower-case letters, digits and _". */
  readonly rule: string;
}

const SNAKE_CASE: AttributeNaming = {
  pattern: /^[a-z][a-z0-9_]*$/,
  rule: "lower-case letters, digits and _",
};

export function parseSet(
  entry: string,
  naming: AttributeNaming = SNAKE_CASE,
): { path: string[]; value: unknown } {
  const at = entry.indexOf("=");
  if (at <= 0)
    throw new UsageError(
      `--set needs path=value, like --set match_options.accept_attachments=true (got ${JSON.stringify(entry)})`,
    );
  const raw = entry.slice(at + 1);
  let value: unknown = raw;
  try {
    value = JSON.parse(raw);
  } catch {
    // Not JSON: a plain string.
  }
  const path = entry.slice(0, at).split(".");
  for (const segment of path) {
    if (!naming.pattern.test(segment) || FORBIDDEN_KEYS.has(segment))
      throw new UsageError(
        `--set ${entry.slice(0, at)}: ${JSON.stringify(segment)} is not an attribute name (${naming.rule})`,
      );
  }
  return { path, value };
}

/** Sets `value` at `path` in `target`, making the objects on the way (a --set or a flag's attribute). */
export function assignPath(
  target: Record<string, unknown>,
  path: readonly string[],
  value: unknown,
): void {
  let node = target;
  for (const key of path.slice(0, -1)) {
    if (!Object.hasOwn(node, key) || typeof node[key] !== "object" || node[key] === null)
      node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[path[path.length - 1]!] = value;
}
