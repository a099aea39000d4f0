// The remote backend's HTTP stack for proxies (issue 27): the part of undici the CLI
// uses (EnvHttpProxyAgent, Pool and the Dispatcher API), bundled by build.mjs as dist/http.js,
// a classic script that src/cli/core-loader.ts compiles with V8's code cache
// (dist/http.js.cache, written after warmUpHttp below), as the core is. A remote
// command loads it only when HTTPS_PROXY / HTTP_PROXY applies to the service; otherwise
// it talks to the service over node:http (src/client/direct-http.ts says why).
//
// Measured on the shared 2-core machine, `import()` of the whole package bundled as an
// ES module (dist/vendor/undici.mjs before) took 110-150 ms and its first request 34-39 ms;
// the changes below, each with what it saves:
// - only the agent and its API (undici's index.js also loads fetch, WebSocket, the
//   cache and the mock agent, and touches the global `File` and `Headers`, which makes
//   Node load its own copy of undici beside ours: ~16 ms, issue 27);
// - HTTP/2 and SOCKS5 loaded when used (lazy below): node:http2 and node:tls, which
//   SOCKS5 requires at load, cost 7-15 ms each here; an http:// base URL needs neither;
// - llhttp's WebAssembly read as bytes from dist/ (llhttp_simd.wasm, llhttp.wasm)
//   instead of parsing and decoding 72 KB of base64 text at every start (~3 ms).
import { readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/** What the core's `import("undici")` receives (src/client/remote-transport.ts). */
const ENTRY = `"use strict";
const Dispatcher = require("undici/lib/dispatcher/dispatcher.js");
// As undici's index.js: its API on the prototype (the CLI calls request(); the proxy
// agent connect(), for its CONNECT tunnel).
Object.assign(Dispatcher.prototype, require("undici/lib/api/index.js"));
// Pool: the proxy agent's client to the proxy, which src/client/proxy-tunnel.ts makes.
module.exports = {
  EnvHttpProxyAgent: require("undici/lib/dispatcher/env-http-proxy-agent.js"),
  Pool: require("undici/lib/dispatcher/pool.js"),
};
`;

/** Exact text replaced in one of undici's files; the build fails if the text moved. */
const REWRITES = [
  {
    file: /[\\/]undici[\\/]lib[\\/]dispatcher[\\/]client\.js$/,
    from: "const connectH2 = require('./client-h2.js')",
    to: "const connectH2 = (...args) => require('./client-h2.js')(...args)",
  },
  {
    file: /[\\/]undici[\\/]lib[\\/]dispatcher[\\/]proxy-agent\.js$/,
    from: "const Socks5ProxyAgent = require('./socks5-proxy-agent')",
    to: "const Socks5ProxyAgent = function (...args) { return new (require('./socks5-proxy-agent'))(...args) }",
  },
];

/** llhttp's two builds (SIMD and not), each a module exporting a Buffer. */
const WASM = /[\\/]undici[\\/]lib[\\/]llhttp[\\/](llhttp(?:_simd)?)-wasm\.js$/;

/** The esbuild options of dist/http.js (format, banner and output come from build.mjs). */
export function httpStackOptions(outDir) {
  return {
    stdin: { contents: ENTRY, resolveDir: import.meta.dirname, loader: "js" },
    plugins: [
      {
        name: "http-stack",
        setup(b) {
          b.onLoad({ filter: /[\\/]undici[\\/]lib[\\/].*\.js$/ }, ({ path }) => {
            const wasm = WASM.exec(path);
            if (wasm) {
              writeFileSync(`${outDir}/${wasm[1]}.wasm`, require(path));
              const file = JSON.stringify(`${wasm[1]}.wasm`);
              return {
                contents: `module.exports = require("node:fs").readFileSync(require("node:path").join(__dirname, ${file}));`,
                loader: "js",
              };
            }
            const rewrite = REWRITES.find((r) => r.file.test(path));
            if (rewrite === undefined) return undefined;
            const source = readFileSync(path, "utf8");
            if (!source.includes(rewrite.from)) throw new Error(`${path}: "${rewrite.from}" moved`);
            return { contents: source.replace(rewrite.from, rewrite.to), loader: "js" };
          });
        },
      },
    ],
  };
}

/**
 * The build's warm-up of dist/http.js before its code cache is written: a GET and a
 * POST with a body through the agent to a loopback server, so that the functions of a
 * request, the response parser's included, are in the cache.
 */
export async function warmUpHttp(exports) {
  const server = createServer((request, response) => {
    request.resume();
    request.on("end", () => response.end('{"data":[]}'));
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;
  const agent = new exports.EnvHttpProxyAgent({ httpProxy: "", httpsProxy: "", noProxy: "" });
  try {
    for (const method of ["GET", "POST", "GET"]) {
      const body = method === "POST" ? '{"data":{}}' : null;
      const headers = { accept: "application/json", "content-type": "application/json" };
      const response = await agent.request({ origin, path: "/", method, headers, body });
      await response.body.text();
    }
  } finally {
    await agent.close();
    server.close();
  }
}
