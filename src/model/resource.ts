/** JSON:API-style documents exchanged by the v2.1 interface. */

export interface ResourceObject {
  readonly id: string;
  readonly type: string;
  readonly attributes: Record<string, unknown>;
  readonly relationships?: Record<string, unknown>;
  readonly links?: Record<string, unknown>;
}

export interface ListMeta {
  readonly count: number;
  readonly page: number;
  readonly per_page: number;
  readonly total_pages: number;
}

export interface ListLinks {
  readonly self: string;
  readonly next?: string;
  readonly prev?: string;
}

export interface SingleDocument {
  readonly data: ResourceObject;
}

export interface ListDocument {
  readonly data: readonly ResourceObject[];
  readonly meta: ListMeta;
  readonly links: ListLinks;
}

export interface ErrorObject {
  readonly status: number;
  readonly detail: string;
  readonly source?: { readonly pointer?: string; readonly parameter?: string };
}

export interface ErrorDocument {
  readonly errors: readonly ErrorObject[];
}

/** Page size limits of every list operation. */
export const DEFAULT_PER_PAGE = 25;
export const MAX_PER_PAGE = 1000;
