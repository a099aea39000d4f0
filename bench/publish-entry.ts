/** What bench/publish.mjs needs from tourney, bundled by esbuild at the start of the bench. */
export { createApiClient } from "../src/client/api-client.js";
export { createInProcessTransport } from "../src/client/in-process-transport.js";
