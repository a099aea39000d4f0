/**
 * Attributes the service does not know (DESIGN.md §3, issue 15): ignored and
 * named in the response's `meta.ignored_attributes`, so that clients written
 * from the contract keep working. A key naming a property every object has
 * (`__proto__`, `constructor`, `toString` ...) is refused instead (422), as it
 * always was: such a key is never a setting, and never reaches an object.
 */
import type { Problems } from "../errors.js";

export function isObjectKey(key: string): boolean {
  return key === "__proto__" || key === "prototype" || key in Object.prototype;
}

/** The names a request's attributes held that the service ignored, as `a` or `group.a`. */
export type Ignored = string[];

/** Records an unknown key: ignored (its name kept), or refused when it names an object property. */
export function unknownAttribute(
  key: string,
  pointer: string,
  known: readonly string[],
  problems: Problems,
  ignored: Ignored | undefined,
): void {
  if (ignored !== undefined && !isObjectKey(key)) {
    const path = pointer.replace(/^\/data\/attributes\/?/, "").replaceAll("/", ".");
    ignored.push(path === "" ? key : `${path}.${key}`);
    return;
  }
  problems.add(`${pointer}/${key}`, `unknown attribute ${key}; known: ${known.join(", ")}`);
}

/** `meta` naming the ignored attributes, or nothing when none was. */
export function ignoredMeta(ignored: Ignored): { meta?: { ignored_attributes: string[] } } {
  return ignored.length === 0 ? {} : { meta: { ignored_attributes: ignored } };
}
