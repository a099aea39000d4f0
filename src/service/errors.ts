/** Errors the service turns into JSON:API error bodies. */
import type { ErrorObject } from "../model/resource.js";

export class ServiceError extends Error {
  override readonly name = "ServiceError";
  constructor(
    readonly status: number,
    readonly errors: readonly ErrorObject[],
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(errors.map((e) => e.detail).join("; "));
  }

  static of(status: number, detail: string, pointer?: string): ServiceError {
    const error: ErrorObject =
      pointer === undefined ? { status, detail } : { status, detail, source: { pointer } };
    return new ServiceError(status, [error]);
  }
}

export function notFound(detail: string): ServiceError {
  return ServiceError.of(404, detail);
}

export function badRequest(detail: string, pointer?: string): ServiceError {
  return ServiceError.of(400, detail, pointer);
}

export function unprocessable(detail: string, pointer?: string): ServiceError {
  return ServiceError.of(422, detail, pointer);
}

export function badParameter(parameter: string, detail: string): ServiceError {
  return new ServiceError(400, [{ status: 400, detail, source: { parameter } }]);
}

/** Collects validation problems so that one response names every wrong field. */
export class Problems {
  /** Made at the first problem: most requests have none (issue 27, a report's allocation). */
  private list: ErrorObject[] | undefined = undefined;

  add(pointer: string, detail: string): void {
    this.list ??= [];
    this.list.push({ status: 422, detail, source: { pointer } });
  }

  /** Whether a problem was already reported at `pointer` (one field, one complaint). */
  has(pointer: string): boolean {
    return this.list?.some((e) => e.source?.pointer === pointer) === true;
  }

  get empty(): boolean {
    return this.list === undefined;
  }

  throwIfAny(): void {
    if (this.list !== undefined) throw new ServiceError(422, this.list);
  }
}
