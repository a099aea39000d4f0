/**
 * The loopback server of `tourney bracket <t> --web` on the embedded backend
 * (issue 18): the service over the profile's database file, as `tourney serve`
 * runs it (every /v2.1 request needs a key, and none is made here), on
 * 127.0.0.1 and a port the system picks, for the bracket viewer's page, data,
 * event stream and files. The service loads lazily, here only.
 */
import { SERVE_BUSY_TIMEOUT_MS } from "../serve/serve.js";

export interface ViewerServer {
  /** `http://127.0.0.1:PORT`. */
  readonly origin: string;
  close(): Promise<void>;
}

export async function startViewerServer(
  dbPath: string,
  onError?: (error: unknown) => void,
): Promise<ViewerServer> {
  const { openService, startHttpServer } = await import("../../../service/index.js");
  const service = await openService({
    dbPath,
    requireAuth: true,
    busyTimeoutMs: SERVE_BUSY_TIMEOUT_MS,
    ...(onError === undefined ? {} : { onError }),
  });
  try {
    const server = await startHttpServer(service, { host: "127.0.0.1", port: 0 });
    return {
      origin: `http://127.0.0.1:${server.port}`,
      close: async () => {
        await server.close();
        service.close();
      },
    };
  } catch (error) {
    service.close();
    throw error;
  }
}
