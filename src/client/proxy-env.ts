/**
 * Which proxy, if any, a request to the service goes through: HTTPS_PROXY for an
 * https:// service (else HTTP_PROXY), HTTP_PROXY for http://, none for a host NO_PROXY
 * names. The same rule as undici's EnvHttpProxyAgent, which sends the proxied requests
 * (remote-transport.ts); the direct ones go through node:http (direct-http.ts).
 */

/** The proxy variables (lower case first, as undici and curl read them). */
export interface ProxySettings {
  readonly httpProxy: string;
  readonly httpsProxy: string;
  readonly noProxy: string;
}

type Env = Readonly<Record<string, string | undefined>>;

export function proxySettings(env: Env): ProxySettings {
  return {
    httpProxy: env.http_proxy ?? env.HTTP_PROXY ?? "",
    httpsProxy: env.https_proxy ?? env.HTTPS_PROXY ?? "",
    noProxy: env.no_proxy ?? env.NO_PROXY ?? "",
  };
}

const DEFAULT_PORTS: Readonly<Record<string, number>> = { "http:": 80, "https:": 443 };

/** NO_PROXY names the host: "*", host, host:port, or a domain (".example.com", "*.example.com"). */
function exempt(url: URL, noProxy: string): boolean {
  if (noProxy.trim() === "*") return true;
  // url.host keeps an IPv6 address's brackets, as NO_PROXY writes it.
  const hostname = url.host.replace(/:\d*$/, "").toLowerCase();
  const port = Number.parseInt(url.port, 10) || DEFAULT_PORTS[url.protocol] || 0;
  for (const entry of noProxy.split(/[,\s]/)) {
    if (entry === "") continue;
    const parsed = /^(.+):(\d+)$/.exec(entry);
    const host = (parsed ? parsed[1]! : entry).replace(/^\*?\./, "").toLowerCase();
    if (parsed && Number.parseInt(parsed[2]!, 10) !== port) continue;
    if (hostname === host || hostname.endsWith(`.${host}`)) return true;
  }
  return false;
}

/** The proxy URL requests to `url` go through, or undefined to connect directly. */
export function proxyFor(url: URL, settings: ProxySettings): string | undefined {
  const proxy =
    url.protocol === "https:" ? settings.httpsProxy || settings.httpProxy : settings.httpProxy;
  if (proxy === "" || exempt(url, settings.noProxy)) return undefined;
  return proxy;
}
