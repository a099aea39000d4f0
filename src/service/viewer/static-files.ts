/**
 * `GET /viewer/<name>`: the viewer's built files (dist/viewer/, which build.mjs
 * bundles from src/viewer/) as `serve` hands them out. A name is one path segment
 * of letters, digits, `.`, `_` and `-`, not starting with a dot, with an extension
 * of the table below: no directory, no `..`, no percent-encoding, nothing outside
 * dist/viewer/ can be named. Each file is read once and kept while its size and
 * modification time stay (a rebuild is seen at the next request); answered with
 * its type, an ETag (304 to If-None-Match) and `Cache-Control: no-cache` (a
 * projector revalidates, one small request, and never runs a stale viewer
 * against a newer serve).
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { noneMatchHits } from "../entity-tag.js";

const TYPES: Readonly<Record<string, string>> = {
  js: "text/javascript; charset=utf-8",
  mjs: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  html: "text/html; charset=utf-8",
  map: "application/json; charset=utf-8",
  json: "application/json; charset=utf-8",
  svg: "image/svg+xml",
  png: "image/png",
  ico: "image/x-icon",
  woff2: "font/woff2",
  txt: "text/plain; charset=utf-8",
};

const NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

/** The type of a servable name, or undefined when the name is refused. */
export function staticType(name: string): string | undefined {
  if (!NAME.test(name) || name.includes("..")) return undefined;
  const dot = name.lastIndexOf(".");
  return dot === -1 ? undefined : TYPES[name.slice(dot + 1).toLowerCase()];
}

/**
 * dist/viewer/ of this package: beside the bundled core (dist/core.js), or, run
 * from the sources (tests), the package root's dist/viewer/.
 */
function viewerDirectory(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let up = 0; up < 6; up++) {
    if (existsSync(join(dir, "package.json"))) return join(dir, "dist", "viewer");
    if (existsSync(join(dir, "viewer", "viewer.js"))) return join(dir, "viewer");
    dir = dirname(dir);
  }
  return join(dirname(fileURLToPath(import.meta.url)), "viewer");
}

interface Held {
  readonly size: number;
  readonly mtimeMs: number;
  readonly body: Buffer;
  readonly etag: string;
}

export interface StaticReply {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer | string;
}

const notFound = (name: string): StaticReply => ({
  status: 404,
  headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-cache" },
  body: `no viewer file ${JSON.stringify(name)}: the viewer's files are viewer.js, viewer.css, embed.js and example.html (built by npm run build into dist/viewer/)\n`,
});

export class StaticFiles {
  readonly #held = new Map<string, Held>();
  #dir: string | undefined;

  constructor(dir?: string) {
    this.#dir = dir;
  }

  /** Answers `GET /viewer/<name>` (the name as it stands in the URL, undecoded). */
  answer(name: string, ifNoneMatch: string | undefined): StaticReply {
    const type = staticType(name);
    if (type === undefined) return notFound(name);
    this.#dir ??= viewerDirectory();
    const file = join(this.#dir, name);
    let held = this.#held.get(name);
    try {
      const stat = statSync(file);
      if (!stat.isFile()) return notFound(name);
      if (held === undefined || held.size !== stat.size || held.mtimeMs !== stat.mtimeMs) {
        const etag = `"${stat.size.toString(36)}-${Math.trunc(stat.mtimeMs).toString(36)}"`;
        held = { size: stat.size, mtimeMs: stat.mtimeMs, body: readFileSync(file), etag };
        this.#held.set(name, held);
      }
    } catch {
      this.#held.delete(name);
      return notFound(name);
    }
    const headers = {
      "content-type": type,
      "cache-control": "no-cache",
      etag: held.etag,
      "x-content-type-options": "nosniff",
    };
    if (ifNoneMatch !== undefined && noneMatchHits(ifNoneMatch, held.etag))
      return { status: 304, headers, body: "" };
    return { status: 200, headers, body: held.body };
  }
}
