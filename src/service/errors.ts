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
  private readonly list: ErrorObject[] = [];

  add(pointer: string, detail: string): void {
    this.list.push({ status: 422, detail, source: { pointer } });
  }

  /** Whether a problem was already reported at `pointer` (one field, one complaint). */
  has(pointer: string): boolean {
    return this.list.some((e) => e.source?.pointer === pointer);
  }

  get empty(): boolean {
    return this.list.length === 0;
  }

  throwIfAny(): void {
    if (this.list.length > 0) throw new ServiceError(422, this.list);
  }
}
