/**
 * The tournaments, participants, stations and account repositories through the cache
 * (cached-tables.ts): every method runs the plain repository's; a method not named as
 * a read is a write, after which the cache's rule runs (store-cache.ts). A method added
 * to a repository is thus a write until it is named a read: it can cost a reload, never
 * a stale answer.
 *
 * The methods are defined once a process, on a class's prototype (`forwardMethods`),
 * not made per store as closures and bound functions (issue 27): a process's second
 * service met new call targets and a new map in `service.stations.any` and
 * `service.tournaments.findById`, and threw away the optimised code of the report's
 * reply and write at its first report (bench/report-deopts.mjs).
 */

type Method = (...args: unknown[]) => unknown;

/** A repository in front of a plain one (`plain`): what `forwardMethods` defines methods on. */
export interface Forwarder<T> {
  readonly plain: T;
}

export interface TableRule<T, W> {
  /** Methods that only read. */
  readonly reads: readonly (keyof T & string)[];
  /** After a write through `self`: the first argument when it is a tournament id, else undefined. */
  readonly wrote: (self: W, method: string, tournamentId: number | undefined) => void;
}

/** The methods of `prototype` and the prototypes it inherits from, by name. */
function methodNames(prototype: object): string[] {
  const names = new Set<string>();
  for (let p = prototype; p !== Object.prototype; p = Object.getPrototypeOf(p))
    for (const name of Object.getOwnPropertyNames(p))
      if (name !== "constructor" && typeof (p as Record<string, unknown>)[name] === "function")
        names.add(name);
  return [...names];
}

const forward = (name: string) =>
  function forwarded(this: Forwarder<Record<string, Method>>, ...args: unknown[]) {
    return (this.plain[name] as Method).apply(this.plain, args);
  };

const written = <W>(name: string, wrote: TableRule<unknown, W>["wrote"]) =>
  function write(this: Forwarder<Record<string, Method>>, ...args: unknown[]) {
    const result = (this.plain[name] as Method).apply(this.plain, args);
    wrote(this as W, name, typeof args[0] === "number" ? args[0] : undefined);
    return result;
  };

/**
 * Defines on `Wrapper.prototype`, for each method of `Plain` that the wrapper class does
 * not define itself, one that runs the same method of the instance's `plain`; with a
 * `rule`, a method it does not name a read runs `rule.wrote` after it. Run once a class
 * (at its definition); the methods the class defines itself (cached reads) are its own.
 */
export function forwardMethods<T extends object, W extends Forwarder<T>>(
  Wrapper: { readonly prototype: W },
  Plain: { readonly prototype: T },
  rule?: TableRule<T, W>,
): void {
  const reads = new Set<string>(rule?.reads ?? methodNames(Plain.prototype));
  for (const name of methodNames(Plain.prototype)) {
    if (Object.hasOwn(Wrapper.prototype, name)) continue;
    const value = reads.has(name) || rule === undefined ? forward(name) : written(name, rule.wrote);
    Object.defineProperty(Wrapper.prototype, name, { value, writable: true, configurable: true });
  }
}
