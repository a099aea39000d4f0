/**
 * Attributes the service does not know (DESIGN.md §3, issue 15): ignored and
 * named in the response's `meta.ignored_attributes`, so that clients written
 * from the contract keep working. A key naming a property every object has
 * (`__proto__`, `constructor`, `toString` ...) is refused instead (422), as it
 * always was: such a key is never a setting, and never reaches an object.
 */
import { Problems } from "../errors.js";

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

/**
 * The own keys of `object` outside `known`, each ignored or refused as
 * `unknownAttribute` says. `object` sits at `pointer`, or at `pointer/index`
 * when an index is given (an entry of a list: the pointer is made only for an
 * unknown key, so a request without one makes no string).
 */
export function ignoreUnknownKeys(
  object: Record<string, unknown>,
  known: readonly string[],
  where: { readonly pointer: string; readonly index?: number },
  problems: Problems,
  ignored: Ignored,
): void {
  for (const key in object) {
    if (!Object.hasOwn(object, key) || known.includes(key)) continue;
    const pointer = where.index === undefined ? where.pointer : `${where.pointer}/${where.index}`;
    unknownAttribute(key, pointer, known, problems, ignored);
  }
}

/**
 * The unknown attributes of a body whose known ones are read elsewhere (a change
 * of state: `{state}`): their names, or a 422 for a key naming an object property.
 */
export function ignoredAttributes(
  attributes: Record<string, unknown>,
  known: readonly string[],
): Ignored {
  const problems = new Problems();
  const ignored: Ignored = [];
  ignoreUnknownKeys(attributes, known, { pointer: "/data/attributes" }, problems, ignored);
  problems.throwIfAny();
  return ignored;
}

/** A `{data}` document, with `meta.ignored_attributes` when an attribute was ignored. */
export function dataDocument<T>(
  data: T,
  ignored: Ignored,
): { data: T; meta?: { ignored_attributes: string[] } } {
  return ignored.length === 0 ? { data } : { data, meta: { ignored_attributes: ignored } };
}
