// The service of a checkout bundled as bench/engine.mjs bundles it (bench/engine-entry.ts,
// to bench/out/, git-ignored), its native addon found from this checkout's node_modules:
// what the benches that compare this checkout with an earlier one (--against DIR) load.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("..", import.meta.url));

/** Bundles `checkout`'s service to bench/out/<file>; resolves to the bundle's path. */
export async function bundleService(file, checkout) {
  const outfile = join(root, "bench", "out", file);
  await build({
    entryPoints: [join(checkout, "bench", "engine-entry.ts")],
    outfile,
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    nodePaths: [join(root, "node_modules")],
    banner: {
      js: "import { createRequire as __tourneyCreateRequire } from 'node:module'; const require = __tourneyCreateRequire(import.meta.url);",
    },
    define: { __TOURNEY_VERSION__: '"bench"' },
    logLevel: "warning",
  });
  return outfile;
}

/** `call(method, path, body)`: a v2.1 request to an opened service, its JSON document back (throws past 2xx). */
export function serviceCall(service) {
  return async (method, path, body) => {
    const r = await service.handle({
      method,
      path,
      headers: { "content-type": "application/vnd.api+json", accept: "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${r.body}`);
    return r.json ?? JSON.parse(r.body);
  };
}
