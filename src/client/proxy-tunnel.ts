/**
 * The CONNECT tunnel through a proxy (HTTPS_PROXY / HTTP_PROXY), as undici's ProxyAgent
 * opens it, with its failures made final. undici's own client to the proxy lets an error
 * coded UND_ERR_SOCKET (the proxy closed the connection instead of answering CONNECT, as
 * any plain HTTP server does) through to the origin's client, which takes it for a
 * recoverable socket error and reconnects at once, forever, the request never failing
 * and no timeout applying (no request is sent yet). Here every failure of the tunnel,
 * a non-200 answer included, becomes a ProxyTunnelError, which fails the request; the
 * transport maps it to an error naming the proxy and its variable (network-errors.ts).
 */
import type { Dispatcher } from "undici";
import type { ProxyRoute } from "./proxy-env.js";

/** The tunnel to `target` through `route` failed: `status` when the proxy answered. */
export class ProxyTunnelError extends Error {
  override name = "ProxyTunnelError";
  /** Not UND_ERR_SOCKET nor UND_ERR_INFO, so that undici's client fails the request. */
  readonly code = "ERR_TOURNEY_PROXY_TUNNEL";

  constructor(
    readonly route: ProxyRoute,
    /** "host:port", the CONNECT's target. */
    readonly target: string,
    readonly status: number | undefined,
    cause?: unknown,
  ) {
    const what = status === undefined ? "failed" : `answered ${status}`;
    super(`CONNECT ${target} through ${route.url} ${what}`, { cause });
  }
}

/** undici's Pool, the class of ProxyAgent's default client to the proxy. */
export type PoolClass = new (origin: URL, options: object) => Dispatcher;

type Connect = (options: Dispatcher.ConnectOptions) => Promise<Dispatcher.ConnectData>;

function isAbort(error: unknown): boolean {
  const { code, name } = (error ?? {}) as { code?: unknown; name?: unknown };
  return code === "UND_ERR_ABORTED" || name === "AbortError";
}

function finalConnect(connect: Connect, route: ProxyRoute): Connect {
  return async (options) => {
    const target = String(options.path);
    let data: Dispatcher.ConnectData;
    try {
      data = await connect(options);
    } catch (error) {
      if (isAbort(error)) throw error;
      throw new ProxyTunnelError(route, target, undefined, error);
    }
    if (data.statusCode === 200) return data;
    data.socket.on("error", () => {}).destroy();
    throw new ProxyTunnelError(route, target, data.statusCode);
  };
}

/**
 * ProxyAgent's `clientFactory`: its default client (a Pool) to the proxy, waiting at
 * most `responseTimeoutMs` for the answer to CONNECT (undici's default is five minutes),
 * whose connect() fails with a ProxyTunnelError.
 */
export function tunnelClientFactory(Pool: PoolClass, route: ProxyRoute, responseTimeoutMs: number) {
  return (origin: URL, options: object): Dispatcher => {
    const pool = new Pool(origin, { ...options, headersTimeout: responseTimeoutMs });
    const connect = pool.connect.bind(pool) as Connect;
    return Object.assign(pool, { connect: finalConnect(connect, route) });
  };
}
