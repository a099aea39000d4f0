/**
 * The tournaments and participants repositories through the cache: every
 * method runs the plain repository's; a method not named as a read is a
 * write, after which the cache's rule runs (store-cache.ts). A method added
 * to a repository is thus a write until it is named a read: it can cost a
 * reload, never a stale answer.
 */

type Method = (...args: unknown[]) => unknown;

export interface TableRule<T> {
  /** Methods that only read. */
  readonly reads: readonly (keyof T)[];
  /** Reads the cache answers (each given the plain repository's method). */
  readonly cached?: { readonly [K in keyof T]?: T[K] };
  /** After a write: the first argument when it is a tournament id, else undefined. */
  readonly wrote: (method: keyof T & string, tournamentId: number | undefined) => void;
}

function methodNames(object: object): string[] {
  const names = new Set<string>();
  for (let p = Object.getPrototypeOf(object); p !== Object.prototype; p = Object.getPrototypeOf(p))
    for (const name of Object.getOwnPropertyNames(p))
      if (name !== "constructor" && typeof (p as Record<string, unknown>)[name] === "function")
        names.add(name);
  return [...names];
}

export function withWriteRule<T extends object>(plain: T, rule: TableRule<T>): T {
  const reads = new Set<PropertyKey>(rule.reads);
  const store: Record<string, Method> = {};
  for (const name of methodNames(plain)) {
    const method = ((plain as Record<string, Method>)[name] as Method).bind(plain);
    const cached = rule.cached?.[name as keyof T] as Method | undefined;
    if (cached !== undefined) store[name] = cached;
    else if (reads.has(name)) store[name] = method;
    else
      store[name] = (...args: unknown[]) => {
        const result = method(...args);
        rule.wrote(name as keyof T & string, typeof args[0] === "number" ? args[0] : undefined);
        return result;
      };
  }
  return store as unknown as T;
}
