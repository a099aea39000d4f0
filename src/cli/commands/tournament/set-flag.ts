/**
 * `--set path=value` of `tournament create` and `update`: any attribute by its
 * contract path (`match_options.accept_attachments=true`); the value is JSON,
 * or else a string.
 */
import {
  type SettableAttributes,
  TOURNAMENT_SETTABLE,
} from "../../../model/settable-attributes.js";
import { UsageError } from "../../errors.js";

/** Names that would reach an object's prototype instead of an attribute. */
const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/** What an attribute name may be: tournament attributes are snake_case, race attributes camelCase. */
export interface AttributeNaming {
  readonly pattern: RegExp;
  /** The rule, said in the message: "lower-case letters, digits and _". */
  readonly rule: string;
  /** "tournament" or "race", for messages. */
  readonly noun: string;
  /** The attributes the service sets; any other is refused before sending. */
  readonly known: SettableAttributes;
}

const SNAKE_CASE: AttributeNaming = {
  pattern: /^[a-z][a-z0-9_]*$/,
  rule: "lower-case letters, digits and _",
  noun: "tournament",
  known: TOURNAMENT_SETTABLE,
};

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Refuses a path the service would ignore (an unknown attribute or option, or a path below
 * a plain attribute), and the unknown keys of an option group given whole as a JSON object.
 */
function checkKnown(path: readonly string[], value: unknown, naming: AttributeNaming): void {
  const [top, key, ...deeper] = path as [string, ...string[]];
  const group = Object.hasOwn(naming.known, top) ? naming.known[top] : undefined;
  const refuse = (what: string, known: readonly string[]) =>
    new UsageError(`--set ${path.join(".")}: ${what}; known: ${known.join(", ")}`);
  if (group === undefined)
    throw refuse(`"${top}" is not a ${naming.noun} attribute`, Object.keys(naming.known));
  if (group === null) {
    if (key !== undefined) throw refuse(`${top} has no options`, Object.keys(naming.known));
    return;
  }
  const keys = key === undefined ? (isObject(value) ? Object.keys(value) : []) : [key];
  const unknown = keys.find((k) => !group.includes(k));
  if (unknown !== undefined) throw refuse(`${top} has no option "${unknown}"`, group);
  if (deeper.length > 0) throw refuse(`${top}.${key} has no options`, group);
}

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
  checkKnown(path, value, naming);
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
